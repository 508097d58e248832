"""Add/Residue's rows: two seats, and the mixed tables of 3..6 seats and every n."""

from __future__ import annotations

from functools import cache

from rules import add_residue as ar
from rules.play import final_state
from rules.players import Player, RandomPlayer
from rules.players.add_residue import GreedyPlayer, seated

Seats = tuple[str, ...]
TWO_SEATS: list[Seats] = [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"),
                          ("random", "random")]
MIXED_BLOCK = 250  # games in a row that share one table, in the mixed test


def mixed(block: int) -> tuple[ar.Options, Seats]:
    """The table of games block * MIXED_BLOCK.. in the mixed test: 3..6 seats in turn,
    every n in 1..20 over 20 blocks, and greedy or random seats by the block's bits."""
    players = 3 + block % 4
    seats = tuple("random" if block >> seat & 1 else "greedy" for seat in range(players))
    return ar.Options(players, 1 + block * 7 % 20), seats


def pure_result(game: int, options: ar.Options, seats: Seats) -> tuple[int, ...]:
    """Game ``game`` as ``solitaire-tui play add-residue --seed game`` plays it.

    A game's number seeds only its random seats: a table of greedy players plays one
    game whatever the number, so the rules play it once (``_same_game``), and the
    kernel's every game of that table is compared with it."""
    if "random" not in seats:
        return _same_game(options, seats)
    return _played(game, options, seats)


@cache
def _same_game(options: ar.Options, seats: Seats) -> tuple[int, ...]:
    return _played(0, options, seats)


def _played(game: int, options: ar.Options, seats: Seats) -> tuple[int, ...]:
    players: list[Player[ar.State, ar.Move]] = [
        GreedyPlayer() if name == "greedy" else RandomPlayer(ar.legal_moves, game + seat)
        for seat, name in enumerate(seats)
    ]
    end = final_state(ar, ar.new_game(options), lambda s: players[s.to_move].choose(s))
    r = ar.result(end)
    return (*r.scores, sum(1 << seat for seat in r.winners))


def seated_result(game: int, options: ar.Options, seats: Seats) -> tuple[int, ...]:
    """Game ``game`` with the players ``seated`` puts at the table."""
    players = seated(seats, game, options)
    r = ar.result(final_state(ar, ar.new_game(options), lambda s: players[s.to_move].choose(s)))
    return (*r.scores, sum(1 << seat for seat in r.winners))


def pure(game: int, table: tuple[ar.Options, Seats]) -> tuple[int, ...]:
    return pure_result(game, *table)


def pure_mixed(game: int, _: None) -> tuple[int, ...]:
    return pure_result(game, *mixed(game // MIXED_BLOCK))
