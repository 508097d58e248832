"""``solitaire-tui solve``: a Sequence deal decided with its cards known, and
Add/Residue's value under perfect play.

Both searches are compiled, so this module is imported only when the command runs.
A Sequence line is replayed through the rules before it is printed: the rules, not
the solver, say that it wins.
"""

from __future__ import annotations

import json
from typing import Any

from rules import add_residue, sequence
from rules.add_residue import Move
from rules.cards import format_cards
from rules.play import moves_of
from rules.strategies.sequence_solver import DEFAULT_NODES
from solitaire_tui.decks import Deck
from solitaire_tui.headless import TITLES, sequence_move_text

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
        texts.append(sequence_move_text(before, move))
        before = after
    if not sequence.is_won(before):
        raise AssertionError("the solver's line does not win")  # the tests rule this out
    return texts


def sequence_(deck: Deck, max_nodes: int | None, max_seconds: float, as_json: bool) -> int:
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
        }, ensure_ascii=False))
        return 0
    print(f"{TITLES['sequence']}, {deck.label}, solved with every card known")
    for line in lines:
        print(line)
    print(f"{VERDICTS[solution.verdict]}"
          + (f" ({len(lines)} moves)" if lines else "")
          + f". Searched {solution.nodes:,} positions in {solution.seconds:.2f} s.")
    if solution.verdict == "unknown":
        print("Give it more with --seconds or --nodes.")
    return 0


def _moves(moves: tuple[Move, ...]) -> list[str]:
    return [str(move) for move in moves]


def add_residue_(options: add_residue.Options, as_json: bool) -> int:
    """Print the game's value under perfect play and the best first moves."""
    from rules.strategies.add_residue_search import solve

    value = solve(options)
    if as_json:
        data: dict[str, Any] = {
            "game": "add-residue", "players": options.players, "n": options.n,
            "value": value.value, "scores": list(value.scores),
            "best_moves": _moves(value.best_moves),
            "nodes": value.nodes, "seconds": value.seconds,
        }
        print(json.dumps(data))
        return 0
    concept = ("each maximises its score minus the other's" if options.players == 2
               else "max-n: each maximises its own score, the first such move in the rules'"
               " order when several do")
    print(f"{TITLES['add-residue']}, {options.players} players, n = {options.n},"
          f" perfect play ({concept})")
    scores = ", ".join(f"P{seat + 1} {score}" for seat, score in enumerate(value.scores))
    if isinstance(value.value, int):
        margin = value.value
        leader = ("neither player wins: a draw" if margin == 0
                  else f"P{1 if margin > 0 else 2} wins by {abs(margin)}")
        print(f"Value {margin:+d} for P1: {leader} (final scores {scores})." if margin
              else f"Value 0: {leader} (final scores {scores}).")
    else:
        print(f"Final scores: {scores}.")
    print(f"Best first moves: {', '.join(_moves(value.best_moves))}.")
    print(f"Searched {value.nodes:,} positions in {value.seconds:.2f} s.")
    return 0
