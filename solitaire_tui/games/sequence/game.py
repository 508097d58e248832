"""Sequence Solitaire as the app knows it: its players, headless play, runs,
replays and the solver's command."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules import sequence, values
from rules.errors import OptionsError
from rules.own import sequence as own_rules
from rules.players import sequence as players
from rules.roster import SEQUENCE as NAMES
from rules.roster import SEQUENCE_COMPARED, SOLVER_NODES
from solitaire_tui.commands import arguments
from solitaire_tui.commands.report import Report, play_out, report, reviewed
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.engine import Part
from solitaire_tui.games.game import Command, Game
from solitaire_tui.games.sequence.moves import move_text
from solitaire_tui.games.sequence.versions import side_by_side
from solitaire_tui.games.sequence.words import verdict
from solitaire_tui.own import files, playing
from solitaire_tui.own.playing import MOVE_SECONDS
from solitaire_tui.play.options import NoOptions
from solitaire_tui.play.words import outcome
from solitaire_tui.replay import Replay
from solitaire_tui.stats.runs import Setup, strategies

# One core's rough seconds a game for each player, for a run's time before it has
# measured one here (``Setup.cost``); measured on a 2-core machine of 2026.
PLAY_DEFAULT = "fair"  # ``play``'s player: the screen's helper (``play.HELPERS``' first)
SECONDS_A_GAME = {"greedy": 1.5e-6, "random": 3e-6, "quick": 1.7e-3, "fair": 0.32,
                  "solver": 0.07}
OWN_SECONDS = 2e-3  # a plain-Python player of one's own, greedy-class
# The same compiled (``bench --engine players``: first_fit.py about 48,000 games/s on
# one worker, rules_of_thumb.py about 22,000).
COMPILED_SECONDS = 3e-5

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
    shown = [f"{name} (compiled)" if runs and (own := files.find(name, SequenceGame.key))
             is not None and own.compiled else name for name in names]
    return f"{SequenceGame.title}, {' vs '.join(shown)}"


def _own_cost(name: str) -> float:
    """A player of one's own's rough seconds a game, before a run has timed it."""
    own = files.find(name, SequenceGame.key)
    return COMPILED_SECONDS if own is not None and own.compiled else OWN_SECONDS


def kernel(names: Sequence[str], move_seconds: float = MOVE_SECONDS) -> Kernel:
    from solitaire_tui.games.sequence.kernel import kernel as make

    return make(names, move_seconds)


class SequenceGame(Game):
    # No options on the screen; its panel compares the players on the same deals (the
    # solver when asked for).
    OPTIONS = NoOptions({"strategies": list(SEQUENCE_COMPARED)})
    key = "sequence"
    title = "Sequence Solitaire"
    ENGINE = (
        Part("sequence-hints", "Sequence's fair player",
             "solitaire_tui.games.sequence.kernel:warm_hints", play=True, seconds=42),
        Part("sequence-solver", "Sequence's solver",
             "solitaire_tui.games.sequence.kernel:warm_solver", play=True, seconds=68),
        Part("sequence-runs", "Sequence runs", "solitaire_tui.games.sequence.kernel:warm",
             seconds=30, after=("sequence-hints",)),
        Part("sequence-solver-runs", "Sequence's solver runs",
             "solitaire_tui.games.sequence.kernel:warm_solver_runs", seconds=36,
             after=("sequence-solver",)),
    )
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
        if batch:
            parser.add_argument("--strategy", action="append", choices=NAMES,
                                metavar="S", help="a computer player: " + ", ".join(NAMES)
                                + "; give it again to compare players on the same deals"
                                " (default: greedy)")
            arguments.add_own_player(parser, "; give it again, or with --strategy, to"
                                     " compare players on the same deals", several=True)
        else:
            parser.add_argument("--strategy", choices=NAMES, default=PLAY_DEFAULT,
                                help=f"the computer player (default: {PLAY_DEFAULT}, the"
                                " helper the game's screen plays with; greedy is the 1973"
                                " handout's rule of thumb)")
            arguments.add_own_player(parser, ", instead of --strategy")
            arguments.add_review(parser)

    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        assert deck is not None
        name, seed = args.strategy, arguments.seed_of(args, deck)
        choose: Callable[[sequence.State], sequence.Move] = players.player(name, seed).choose
        if args.player is not None:
            own = files.load(args.player, self.key, own_rules.__name__)
            name, choose = own.name, playing.choosing(playing.of(own, args.move_seconds), seed)
        state = sequence.new_game(sequence.Options(), deck.cards)
        made: list[sequence.Move] = []
        try:
            end, lines = play_out(sequence, state, choose, move_text, log, made)
        except playing.Fault as fault:
            raise OptionsError(fault.sentence) from None
        used = seed if name == "random" or args.player is not None else None
        title = f"{heading([name], runs=False)} player, {deck.label}"
        played = report(self.key, title, outcome(*verdict(end)),
                        {"strategy": name}, deck, sequence.result(end), used, lines)
        if args.review:
            from rules.players.sequence_review import CHANCE
            from rules.players.sequence_review import review as weighed

            reviewed(played, weighed(state, made, seed), own_rules.name_of, CHANCE)
        return played

    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        """Players of one's own are loaded here, by the person at the shell, and
        compared with the others on the same deals (``side_by_side``)."""
        own = [files.load(path, self.key, own_rules.__name__).name for path in args.player or ()]
        options = side_by_side([*(args.strategy or ([] if own else ["greedy"])), *own])
        if own:
            options["move_seconds"] = args.move_seconds
        return options

    def commands(self) -> Sequence[Command]:
        from rules.players.sequence_solver import solve
        from solitaire_tui.games.family.solve_command import Solving, command

        return (command(self, Solving(
            sequence, lambda deck: sequence.new_game(sequence.Options(), deck.cards), solve,
            SOLVER_NODES, move_text)),)

    def run_parts(self, names: Sequence[str]) -> tuple[str, ...]:
        """The engine parts a run of the players ``names`` calls: the solver's runs are
        a part of their own, compiled beside the others'."""
        runs, solver_runs = (part.name for part in self.ENGINE[2:])
        return ((runs,) if set(names) & (set(NAMES) - {"solver"}) else ()) + (
            (solver_runs,) if "solver" in names else ())

    def setup(self, options: Mapping[str, Any]) -> Setup:
        names = strategies(options.get("strategies", ["greedy"]),
                           (*NAMES, *files.names(self.key)), self.title)
        if len(set(names)) < len(names):
            raise OptionsError("name each Sequence Solitaire player once")
        seconds = values.MOVE(str(options.get("move_seconds", MOVE_SECONDS)))
        kept = {"strategies": names} | ({"move_seconds": seconds}
                                        if set(names) - set(NAMES) else {})
        return Setup(self.key, kept, heading(names), lambda: kernel(names, seconds),
                     parts=("strategies", "strategy"), engine=self.run_parts(names),
                     cost=sum(SECONDS_A_GAME.get(name) or _own_cost(name) for name in names),
                     own=tuple(name for name in names if name not in NAMES))

    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        from solitaire_tui.games.sequence.run_options import SequenceRunOptions

        return SequenceRunOptions(options)

    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        name = setup.options["strategies"][part]
        deck = numbered(deal)
        return Replay(self.key, deck, None, players.player(name, deck.seed).choose,
                      f"deal {deal}, {name} player")


GAME = SequenceGame()
