"""``solitaire-tui solve add-residue``: the game's value under perfect play.

The search is compiled, so it is imported when the command runs.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rules import add_residue
from rules.add_residue import Move
from rules.roster import SOLVABLE
from rules.words import counted
from solitaire_tui.commands import arguments
from solitaire_tui.games.game import Game

SOLVE_N = SOLVABLE[2]  # the piles' default here: the largest the exact search can hold


def _moves(moves: tuple[Move, ...]) -> list[str]:
    return [str(move) for move in moves]


def print_value(game: Game, options: add_residue.Options, as_json: bool) -> int:
    """Print the game's value under perfect play and the best first moves."""
    from rules.players.add_residue_search import solve

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
    print(f"{game.title}, {counted(options.players, 'player')}, n = {options.n},"
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


def options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=arguments.checked(add_residue.PLAYERS),
                        default=2, metavar="P", help="players, 2 or 3 (default: 2)")
    numbers = arguments.checked(add_residue.N)
    parser.add_argument("--numbers", dest="numbers", type=numbers, default=SOLVE_N,
                        metavar="N", help=f"each pile holds 1..N (default: {SOLVE_N}, not"
                        " the game's 13: the exact search's table has 2^(4N)·lcm(1..N)"
                        f" positions for 2 players, {SOLVE_N} is the largest it can hold"
                        f" ({SOLVABLE[3]} for 3 players))")
    arguments.add_old_n(parser, "--numbers", "numbers", numbers)
    arguments.add_json(parser)


def run(game: Game, args: argparse.Namespace) -> int:
    return print_value(game, add_residue.Options(args.players, args.numbers), args.json)

