"""Sequence Solitaire as the app knows it: its players, headless play, runs,
replays and the solver's command."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from rules import sequence
from rules.cards import deal_cards
from rules.errors import OptionsError
from rules.play import final_state
from rules.players import sequence as players
from rules.roster import SEQUENCE as NAMES
from rules.roster import SEQUENCE_COMPARED
from solitaire_tui.commands import arguments
from solitaire_tui.commands.report import Report, play_out, report
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.engine import Part, Probe, Series
from solitaire_tui.games.game import Command, Game
from solitaire_tui.games.sequence.moves import move_text
from solitaire_tui.games.sequence.words import verdict
from solitaire_tui.play.options import NoOptions
from solitaire_tui.play.words import outcome
from solitaire_tui.replay import Replay
from solitaire_tui.stats.runs import BenchCase, Setup, strategies

# One core's rough seconds a game for each player, for a run's time before it has
# measured one here (``Setup.cost``); measured on a 2-core machine of 2026.
PLAY_DEFAULT = "fair"  # ``play``'s player: the screen's helper (``play.HELPERS``' first)
SECONDS_A_GAME = {"greedy": 1.5e-6, "random": 3e-6, "quick": 1.7e-3, "fair": 0.32,
                  "solver": 0.07}

if TYPE_CHECKING:
    from rules.fast.batch import Kernel
    from solitaire_tui.games.sequence.play import SequenceTable
    from solitaire_tui.ui.game_screen import GameScreen
    from solitaire_tui.ui.run_options import RunOptions


def heading(names: Sequence[str]) -> str:
    return f"{SequenceGame.title}, {' v '.join(names)} player{'s' * (len(names) > 1)}"


def kernel(names: Sequence[str]) -> Kernel:
    from solitaire_tui.games.sequence.kernel import kernel as make

    return make(names)


def _pure(name: str) -> Callable[[int], object]:
    def play(deal: int) -> object:
        player = players.player(name, deal)
        return final_state(sequence, sequence.new_game(sequence.Options(), deal_cards(deal)),
                           player.choose)
    return play


class SequenceGame(Game):
    # No options on the screen; its panel compares the players on the same deals (the
    # solver when asked for).
    OPTIONS = NoOptions({"strategies": list(SEQUENCE_COMPARED)})
    key = "sequence"
    title = "Sequence Solitaire"
    ENGINE = (
        Part("sequence-hints", "Sequence's fair player",
             "solitaire_tui.games.sequence.kernel:warm_hints", play=True, seconds=15),
        Part("sequence-solver", "Sequence's solver",
             "solitaire_tui.games.sequence.kernel:warm_solver", play=True, seconds=24),
        Part("sequence-runs", "Sequence runs", "solitaire_tui.games.sequence.kernel:warm",
             seconds=12, after=("sequence-hints",)),
        Part("sequence-solver-runs", "Sequence's solver runs",
             "solitaire_tui.games.sequence.kernel:warm_solver_runs", seconds=13,
             after=("sequence-solver",)),
    )
    PROBES = (
        Probe("sequence-hint", "Sequence hint (fair player, deal 1, move 9)",
              "solitaire_tui.games.sequence.probes:hint", (1, 8), "sequence-hints", target=1.0),
        Probe("sequence-solve-1", "solve sequence --deal 1",
              "solitaire_tui.games.sequence.probes:solve", (1,), "sequence-solver"),
        Probe("sequence-solve-18", "solve sequence --deal 18",
              "solitaire_tui.games.sequence.probes:solve", (18,), "sequence-solver",
              same_answer=True),
        Probe("sequence-solve-188", "solve sequence --deal 188",
              "solitaire_tui.games.sequence.probes:solve", (188,), "sequence-solver",
              same_answer=True),
    )
    SERIES = (
        Series("sequence-solver", "Sequence solver, default budget",
               "solitaire_tui.games.sequence.probes:solve", (0, 1000), "verdict",
               median_target=0.002),
        Series("sequence-endgame", "Sequence peek, 13 cards to turn (greedy play)",
               "solitaire_tui.games.sequence.probes:endgame", (0, 100), "verdict"),
        Series("sequence-fair", "Sequence fair player, a whole game",
               "solitaire_tui.games.sequence.probes:fair_game", (0, 100), "result",
               mean_target=0.5),
    )
    blurb = "Build four piles counting by 1, 2, 3 and 4 to the king."
    CHOICES = True
    SEED_HELP = "the random player's seed (default: the deal number)"

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
        else:
            parser.add_argument("--strategy", choices=NAMES, default=PLAY_DEFAULT,
                                help=f"the computer player (default: {PLAY_DEFAULT}, the"
                                " helper the game's screen plays with; greedy is the 1973"
                                " handout's rule of thumb)")

    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        assert deck is not None
        name, seed = args.strategy, arguments.seed_of(args, deck)
        player = players.player(name, seed)
        state = sequence.new_game(sequence.Options(), deck.cards)
        end, lines = play_out(sequence, state, player.choose, move_text, log)
        used = seed if name == "random" else None
        return report(self.key, f"{heading([name])}, {deck.label}", outcome(*verdict(end)),
                      {"strategy": name}, deck, sequence.result(end), used, lines)

    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"strategies": args.strategy or ["greedy"]}

    def commands(self) -> Sequence[Command]:
        from solitaire_tui.games.sequence import solve_command

        return (Command(
            "solve", "sequence", "whether a deal can be won, and a winning line",
            "Search a Sequence Solitaire deal with every card known (a peek no player gets)"
            " and print won, lost or unknown (undecided within the budget), with a winning"
            " line.", solve_command.options, partial(solve_command.run, self)),)

    def run_parts(self, names: Sequence[str]) -> tuple[str, ...]:
        """The engine parts a run of the players ``names`` calls: the solver's runs are
        a part of their own, compiled beside the others'."""
        runs, solver_runs = (part.name for part in self.ENGINE[2:])
        return ((runs,) if set(names) - {"solver"} else ()) + (
            (solver_runs,) if "solver" in names else ())

    def timed_runs(self) -> Sequence[Mapping[str, Any]]:
        return tuple({"strategies": [name]} for name in ("quick", "fair", "solver"))

    def setup(self, options: Mapping[str, Any]) -> Setup:
        names = strategies(options.get("strategies", ["greedy"]), NAMES, self.title)
        if len(set(names)) < len(names):
            raise OptionsError("name each Sequence Solitaire player once")
        return Setup(self.key, {"strategies": names}, heading(names), lambda: kernel(names),
                     parts=("strategies", "strategy"), engine=self.run_parts(names),
                     cost=sum(SECONDS_A_GAME[name] for name in names))

    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        from solitaire_tui.games.sequence.run_options import SequenceRunOptions

        return SequenceRunOptions(options)

    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        name = setup.options["strategies"][part]
        deck = numbered(deal)
        return Replay(self.key, deck, None, players.player(name, deck.seed).choose,
                      f"deal {deal}, {name} player")

    def bench(self) -> Sequence[BenchCase]:
        return tuple(BenchCase(f"Sequence, {name}", partial(kernel, [name]), _pure(name), target)
                     for name, target in (("greedy", 200_000), ("random", None)))


GAME = SequenceGame()
