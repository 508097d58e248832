"""``solitaire-tui solve GAME``: a deal of a Calculation family game (Sequence
Solitaire, any described game) decided with its cards known.

The solver is compiled, so it is loaded when the command runs. A line is replayed
through the rules before it is printed: the rules, not the solver, say that it wins.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rules import values
from rules.cards import format_cards
from rules.play import moves_of
from rules.players.solver import Solve
from solitaire_tui.commands import arguments
from solitaire_tui.decks import Deck
from solitaire_tui.games.game import Command, Game

# A million positions a second makes 10**12 a fortnight; the solvers count in 64 bits.
NODES = values.Whole("nodes", 1, 10**12, counts=True)
VERDICTS = {
    "won": "Won: this line wins",
    "lost": "Lost: no line wins from here, whatever is played",
    "unknown": "Unknown: the budget ran out before the search decided",
}
S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True)
class Solving(Generic[S, M]):
    """What the command needs of a game: its rules module, its first state on a deck,
    its solver (``rules.players.solver.Solve``, loading numba when called) and budget,
    and a move as ``play --moves`` writes it."""

    rules: Any
    start: Callable[[Deck], S]
    solve: Solve[M]
    nodes: int
    move_text: Callable[[S, M], str]


def line_texts(solving: Solving[S, M], state: S, line: tuple[M, ...]) -> list[str]:
    """The line as ``play --moves`` lists moves, replayed through the rules."""
    moves = iter(line)
    texts = []
    before = state
    for move, after in moves_of(solving.rules, state, lambda _: next(moves)):
        texts.append(solving.move_text(before, move))
        before = after
    if not solving.rules.is_won(before):
        raise AssertionError("the solver's line does not win")  # the tests rule this out
    return texts


def print_solution(game: Game, solving: Solving[S, M], deck: Deck, max_nodes: int | None,
                   max_seconds: float | None, as_json: bool) -> int:
    """Decide ``deck`` within the budgets and print the verdict with its line."""
    nodes = max_nodes or solving.nodes
    state = solving.start(deck)
    solution = solving.solve(state, max_nodes=nodes, max_seconds=max_seconds)
    lines = line_texts(solving, state, solution.moves) if solution.verdict == "won" else []
    if as_json:
        print(json.dumps({
            "game": game.key, "deal": deck.deal, "deck": format_cards(deck.cards),
            "verdict": solution.verdict, "moves": [str(move) for move in solution.moves],
            "nodes": solution.nodes, "seconds": solution.seconds,
            "max_nodes": nodes, "max_seconds": max_seconds,
            "stopped_by_clock": solution.stopped,
        }, ensure_ascii=False))
        return 0
    print(f"{game.title}, {deck.label}, solved with every card known")
    for line in lines:
        print(line)
    if solution.stopped:
        print(f"Unknown: stopped by the clock after {solution.nodes:,} positions"
              f" ({max_seconds:g} s); without --seconds the search goes on to its budget"
              f" of {nodes:,}.")
        return 0
    print(f"{VERDICTS[solution.verdict]}"
          + (f" ({len(lines)} moves)" if lines else "")
          + f". Searched {solution.nodes:,} positions in {solution.seconds:.2f} s.")
    if solution.verdict == "unknown":
        print("Give it a larger budget with --nodes.")
    return 0


def command(game: Game, solving: Solving[S, M]) -> Command:
    """``solve GAME`` for ``game``, as its ``commands`` lists it."""

    def options(parser: argparse.ArgumentParser) -> None:
        arguments.add_deck(parser, required=True, verb="solve")
        parser.add_argument("--nodes", type=arguments.checked(NODES), default=None,
                            metavar="N",
                            help="give up (verdict unknown) after N positions: the verdict"
                            f" depends on the deal and N alone (default: {solving.nodes:,}:"
                            " milliseconds for most deals, some seconds for the hardest)")
        parser.add_argument("--seconds", type=arguments.checked(values.WAIT), default=None,
                            metavar="T",
                            help="also stop after T seconds of search, said so in the answer"
                            " (compiling the solver does not count; default: no clock)")
        arguments.add_json(parser)

    def run(args: argparse.Namespace) -> int:
        return print_solution(game, solving, arguments.deck_of(args, ranks=game.RANKS_ONLY),
                              args.nodes, args.seconds, args.json)

    return Command(
        "solve", game.key, "whether a deal can be won, and a winning line",
        f"Search a {game.title} deal with every card known (a peek no player gets) and"
        " print won, lost or unknown (undecided within the budget), with a winning line.",
        options, run)
