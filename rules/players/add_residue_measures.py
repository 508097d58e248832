"""Add/Residue's players measured: the solved game values, the strong player's time a
move and its record against greedy, and the hints' helper beyond the solved sizes
against the strong player, as the project's notes and docs quote them.

``python -m rules.players.add_residue_measures --values``, ``--strong-vs-greedy GAMES``,
``--weighing-vs-strong GAMES`` and ``--move-time``. The searches are compiled
(``rules.fast.add_residue_search``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import numpy as np

from rules import add_residue
from rules.players import Player
from rules.players.add_residue import StrongPlayer, WeighingPlayer
from rules.players.add_residue_search import solve
from rules.roster import SOLVABLE
from rules.stats import wilson_interval


def measure_values(sizes: Sequence[tuple[int, int]]) -> None:
    """Print the game value of each (players, n), as the report quotes them."""
    for players, n in sizes:
        value = solve(add_residue.Options(players, n))
        moves = " ".join(str(move) for move in value.best_moves)
        print(f"{players} players n={n}: value {value.value}, scores {value.scores},"
              f" best first moves {moves}; {value.nodes} positions in {value.seconds:.2f} s")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--values", action="store_true", help="print the solved game values")
    parser.add_argument("--strong-vs-greedy", type=int, metavar="GAMES",
                        help="games per table and seat for the strong player against greedy")
    parser.add_argument("--weighing-vs-strong", type=int, metavar="GAMES",
                        help="games of the hints' helper against the strong player,"
                             " 2 players, n = 13, seats taken in turn")
    parser.add_argument("--move-time", action="store_true",
                        help="time the strong player's moves in a game of 6 at n = 13")
    args = parser.parse_args(argv)
    if args.move_time:
        move_time(add_residue.Options(6, 13))
    if args.values:
        measure_values([(2, n) for n in range(1, SOLVABLE[2] + 1)]
                       + [(3, n) for n in range(1, SOLVABLE[3] + 1)])
    if args.strong_vs_greedy:
        strong_vs_greedy(args.strong_vs_greedy)
    if args.weighing_vs_strong:
        weighing_vs_strong(args.weighing_vs_strong)


def move_time(options: add_residue.Options) -> None:
    """Seconds per move of the Python strong player (as the app calls it) over one
    game with it in every seat, after a first move that compiles or loads the code."""
    StrongPlayer(0).choose(add_residue.new_game(options))
    seats = [StrongPlayer(seat) for seat in range(options.players)]
    state, times = add_residue.new_game(options), []
    while not add_residue.is_over(state):
        started = time.perf_counter()
        move = seats[state.to_move].choose(state)
        times.append(time.perf_counter() - started)
        state = add_residue.apply(state, move)
    print(f"strong player, {options.players} players n={options.n}: {len(times)} moves,"
          f" mean {sum(times) / len(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")


def strong_vs_greedy(games: int) -> None:
    """Win/tie/loss of one strong seat against greedy in every other seat, over every
    seat it can take, n = 1..20 and 2..6 players; ``games`` seeds per table."""
    from rules.fast.add_residue import deal_results

    counts = np.zeros((add_residue.MAX_PLAYERS + 1, 3), np.int64)
    started = time.perf_counter()
    for players in range(add_residue.MIN_PLAYERS, add_residue.MAX_PLAYERS + 1):
        for n in range(add_residue.MIN_N, add_residue.MAX_N + 1):
            for seat in range(players):
                seats = ["greedy"] * players
                seats[seat] = "strong"
                rows = deal_results(0, games, add_residue.Options(players, n), seats)
                winners = rows[:, -1]
                mine = (winners >> seat & 1) == 1
                alone = winners == 1 << seat
                counts[players] += (int(alone.sum()), int((mine & ~alone).sum()),
                                    int((~mine).sum()))
        print(_line(f"{players} players", counts[players]))
    print(_line("all", counts.sum(axis=0)))
    print(f"{time.perf_counter() - started:.0f} s")


def weighing_vs_strong(games: int) -> None:
    """Shares of the win of the hints' helper (``WeighingPlayer``) and the strong
    player, two players at n = 13, game g seeded g and the helper in seat g % 2."""
    options = add_residue.Options(2, 13)
    shares = [0.0, 0.0]  # the helper's, the strong player's
    started = time.perf_counter()
    for game in range(games):
        helper = game % 2
        seats: list[Player[add_residue.State, add_residue.Move]] = [
            WeighingPlayer(game) if seat == helper else StrongPlayer(game * 10 + seat)
            for seat in range(2)]
        state = add_residue.new_game(options)
        while not add_residue.is_over(state):
            state = add_residue.apply(state, seats[state.to_move].choose(state))
        winners = add_residue.result(state).winners
        for seat in winners:
            shares[seat != helper] += 1 / len(winners)
    print(f"2 players n=13, {games} games: the hints' helper won {shares[0]:g},"
          f" the strong player {shares[1]:g}; {time.perf_counter() - started:.0f} s")


def _line(label: str, counts: np.ndarray) -> str:
    won, tied, lost = (int(c) for c in counts)
    games = won + tied + lost
    low, high = wilson_interval(won, games)
    tlow, thigh = wilson_interval(won + tied, games)
    return (f"{label}: {games} games, strong won {won}, tied {tied}, lost {lost};"
            f" won alone {won / games:.1%} [{low:.1%}, {high:.1%}],"
            f" won or tied {(won + tied) / games:.1%} [{tlow:.1%}, {thigh:.1%}]")


if __name__ == "__main__":
    main()
