"""``solitaire-tui solve sequence``: a deal decided with its cards known.

The solver is compiled, so it is imported when the command runs. A line is replayed
through the rules before it is printed: the rules, not the solver, say that it wins.
"""

from __future__ import annotations

import argparse
import json

from rules import sequence, values
from rules.cards import format_cards
from rules.play import moves_of
from rules.roster import SOLVER_NODES as DEFAULT_NODES
from solitaire_tui.commands import arguments
from solitaire_tui.decks import Deck
from solitaire_tui.games.game import Game
from solitaire_tui.games.sequence.moves import move_text

# A million positions a second makes 10**12 a fortnight; the solver counts in 64 bits.
NODES = values.Whole("nodes", 1, 10**12, counts=True)
VERDICTS = {
    "won": "Won: this line wins",
    "lost": "Lost: no line wins from here, whatever is played",
    "unknown": "Unknown: the budget ran out before the search decided",
}


def sequence_line(state: sequence.State, line: tuple[sequence.Move, ...]) -> list[str]:
    """The line as ``play --moves`` lists moves, replayed through the rules."""
    moves = iter(line)
    texts = []
    before = state
    for move, after in moves_of(sequence, state, lambda _: next(moves)):
        texts.append(move_text(before, move))
        before = after
    if not sequence.is_won(before):
        raise AssertionError("the solver's line does not win")  # the tests rule this out
    return texts


def print_solution(game: Game, deck: Deck, max_nodes: int | None, max_seconds: float | None,
                   as_json: bool) -> int:
    """Decide ``deck`` within the budgets and print the verdict with its line."""
    from rules.fast.sequence_solver import solve

    nodes = max_nodes or DEFAULT_NODES
    state = sequence.new_game(sequence.Options(), deck.cards)
    solution = solve(state, max_nodes=nodes, max_seconds=max_seconds)
    lines = sequence_line(state, solution.moves) if solution.verdict == "won" else []
    if as_json:
        print(json.dumps({
            "game": "sequence", "deal": deck.deal, "deck": format_cards(deck.cards),
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



def options(parser: argparse.ArgumentParser) -> None:
    arguments.add_deck(parser, required=True, verb="solve")
    parser.add_argument("--nodes", type=arguments.checked(NODES), default=None, metavar="N",
                        help="give up (verdict unknown) after N positions: the verdict"
                        f" depends on the deal and N alone (default: {DEFAULT_NODES:,}:"
                        " milliseconds for most deals, some seconds for the hardest)")
    parser.add_argument("--seconds", type=arguments.checked(values.WAIT), default=None,
                        metavar="T",
                        help="also stop after T seconds of search, said so in the answer"
                        " (compiling the solver does not count; default: no clock)")
    arguments.add_json(parser)


def run(game: Game, args: argparse.Namespace) -> int:
    return print_solution(game, arguments.deck_of(args, ranks=True), args.nodes, args.seconds,
                          args.json)

