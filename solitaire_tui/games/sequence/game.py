"""Sequence Solitaire as the app knows it: its players, headless play, runs,
replays and the solver's command."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules import sequence
from rules.own_players import sequence as own_rules
from rules.players import sequence as players
from rules.roster import SEQUENCE as NAMES
from rules.roster import SEQUENCE_COMPARED, SOLVER_NODES
from solitaire_tui.commands import arguments
from solitaire_tui.commands.report import Report, play_out, report, reviewed
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.games.family import own
from solitaire_tui.games.game import Command, Game
from solitaire_tui.games.sequence import engine
from solitaire_tui.games.sequence.moves import move_text
from solitaire_tui.games.sequence.words import verdict
from solitaire_tui.own_players.playing import MOVE_SECONDS
from solitaire_tui.play.options import NoOptions
from solitaire_tui.play.words import outcome
from solitaire_tui.replay import Replay
from solitaire_tui.stats.runs import Setup

# One core's rough seconds a game for each player, for a run's time before it has
# measured one here (``Setup.cost``); measured on a 2-core machine of 2026. The
# solver's: deals 1000..1299 took 0.018 s a deal on this project's machine (nproc 2,
# Intel Xeon), bench --engine estimates' 200 deals 0.024 s (0.07 before: 2.9x over).
# The fair player's: 0.263 s a deal on two threads over deals 0..999 (so about 0.5
# on one core) since it weighs every legal move, from its 32nd order (docs/TUNING.md).
SECONDS_A_GAME = {"greedy": 1.5e-6, "random": 3e-6, "quick": 1.7e-3, "fair": 0.5,
                  "solver": 0.03}

if TYPE_CHECKING:
    from rules.fast.batch import Kernel
    from solitaire_tui.games.sequence.play import SequenceTable
    from solitaire_tui.ui.game_screen import GameScreen
    from solitaire_tui.ui.run_options import RunOptions


def heading(names: Sequence[str], runs: bool = True) -> str:
    """"Sequence Solitaire, greedy vs mine.py (compiled)": a player of one's own that
    numba compiles is said to be in a run's heading (``runs``), as in the panel's
    ticks; a single game plays it as Python. The players' names alone, so that a
    comparison of them (``stats.compare``) reads as a run of several does."""
    return f"{SequenceGame.title}, {' vs '.join(own.shown(SequenceGame.key, names, runs))}"


def kernel(names: Sequence[str], move_seconds: float = MOVE_SECONDS) -> Kernel:
    from solitaire_tui.games.sequence.kernel import kernel as make

    return make(names, move_seconds)


class SequenceGame(Game):
    # No options on the screen; its panel compares the players on the same deals (the
    # solver when asked for).
    OPTIONS = NoOptions({"strategies": list(SEQUENCE_COMPARED)})
    key = "sequence"
    title = "Sequence Solitaire"
    ENGINE = (engine.ENDGAME, engine.CHOICE, engine.HINTS, engine.SOLVER, engine.REVIEW,
              engine.RUNS)
    HINT_PART, PEEK_PART = engine.HINTS.name, engine.SOLVER.name
    OWN_RULES = own_rules.__name__
    blurb = "Build four piles counting by 1, 2, 3 and 4 to the king."
    CHOICES = True
    SEED_HELP = "the random and fair players' seed (default: the deal number)"

    def screen(self) -> type[GameScreen[Any, Any]]:
        from solitaire_tui.games.sequence.screen import SequenceScreen

        return SequenceScreen

    def table(self) -> type[SequenceTable]:
        from solitaire_tui.games.sequence.play import SequenceTable

        return SequenceTable

    def add_options(self, parser: argparse.ArgumentParser, *, batch: bool) -> None:
        own.add_options(parser, batch=batch, builtin=NAMES,
                        greedy="the 1973 handout's rule of thumb")

    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        assert deck is not None
        seed = arguments.seed_of(args, deck)
        name, choose = own.single(self, args, seed,
                                  lambda name, seed: players.player(name, seed).choose)
        state = sequence.new_game(sequence.Options(), deck.cards)
        made: list[sequence.Move] = []
        end, lines = own.played(lambda: play_out(sequence, state, choose, move_text, log, made))
        used = seed if name == "random" or args.player else None
        title = f"{heading([name], runs=False)} player, {deck.label}"
        played = report(self.key, title, outcome(*verdict(end)),
                        {"strategy": name}, deck, sequence.result(end), used, lines)
        if args.review:
            from rules.players.sequence_review import CHANCE
            from rules.players.sequence_review import review as weighed

            reviewed(played, weighed(state, made, seed), own_rules.name_of, CHANCE)
        return played

    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return own.run_options(self, args, NAMES)

    def commands(self) -> Sequence[Command]:
        from rules.players.sequence_solver import solve
        from solitaire_tui.games.family.solve_command import Solving, command

        return (command(self, Solving(
            sequence, lambda deck: sequence.new_game(sequence.Options(), deck.cards), solve,
            SOLVER_NODES, move_text)),)

    def run_parts(self, names: Sequence[str]) -> tuple[str, ...]:
        """The engine parts a run of the players ``names`` calls: the solver's runs
        call the solver's part, as a peek does (``rules.fast.lanes.each_game``)."""
        return ((engine.RUNS.name,) if set(names) & (set(NAMES) - {"solver"}) else ()) + (
            (engine.SOLVER.name,) if "solver" in names else ())

    def setup(self, options: Mapping[str, Any]) -> Setup:
        names, kept = own.chosen(self, options, NAMES)
        seconds = kept.get("move_seconds", MOVE_SECONDS)
        return Setup(self.key, kept, heading(names), lambda: kernel(names, seconds),
                     parts=("strategies", "strategy"), engine=self.run_parts(names),
                     cost=sum(SECONDS_A_GAME.get(name) or own.cost(self.key, name)
                              for name in names),
                     own=tuple(name for name in names if name not in NAMES))

    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        from solitaire_tui.games.family.run_options import FamilyRunOptions

        return FamilyRunOptions(options, NAMES, SEQUENCE_COMPARED)

    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        name = setup.options["strategies"][part]
        deck = numbered(deal)
        choose = own.replayed(self.key, name, deck.seed) or players.player(name, deck.seed).choose
        return Replay(self.key, deck, None, choose, f"deal {deal}, {name} player")


GAME = SequenceGame()
