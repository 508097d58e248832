"""Add/Residue, compiled: ``rules.add_residue`` with a computer player in every seat.

There are no cards, so "deal" g of a batch is just game number g: seat s's random
and strong players are seeded with g + s, as ``solitaire-tui play add-residue --seed
g`` does. The options are the rules' ``Options`` and one strategy name per seat, a
player of ``rules.players.add_residue``: "greedy" (``GreedyPlayer``), "random"
(``RandomPlayer`` over ``rules.add_residue.legal_moves``), "strong" (``StrongPlayer``)
or "perfect" (``PerfectPlayer``, for the sizes the exact search solves: its table of
best moves is searched once and handed to the kernel). Piles are bitmasks, read as
``rules.fast.add_residue_piles`` describes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import uint64

from rules import add_residue
from rules.errors import OptionsError
from rules.fast import lanes
from rules.fast.add_residue_piles import ADD, MOD, greedy_move, random_move
from rules.fast.add_residue_search import move_parts, perfect_code, solved, strong_code
from rules.fast.jit import compiled, inlined
from rules.fast.lanes import LANES, LIMIT, next_games
from rules.roster import ADD_RESIDUE as NAMES
from rules.roster import GREEDY, ITERATIONS, RANDOM, code

STRONG, PERFECT = NAMES.index("strong"), NAMES.index("perfect")
CLAIMED_GAMES = 4096  # games a lane claims at once where no seat thinks (a game: ~1 µs)
NO_TABLE = np.full(1, -1, np.int8)  # the best moves handed in when no seat is perfect


def fields(options: add_residue.Options, strategies: Sequence[str]) -> tuple[str, ...]:
    """The result columns: each seat's score, then the winners as a bitmask (bit s set
    when seat s has the top score). Checks there is one strategy per seat."""
    codes(options, strategies)
    return (*(f"score_{seat + 1}" for seat in range(options.players)), "winners")


@inlined
def play(n: int, strategies: np.ndarray, best: np.ndarray, seed: np.uint64,
         row: np.ndarray) -> None:
    """One game with piles of 1..n and a player per seat (codes from ``codes``, with
    the perfect players' table of best moves).

    Seat s's random or strong player draws from seed + s. Writes the result, columns
    as ``fields``, into ``row``. Compiled into ``lane``, its one caller: compiled on its
    own too, it was linked and optimised twice.
    """
    players = strategies.shape[0]
    piles = np.empty((2, players), np.int64)  # piles[ADD or MOD, seat]
    rngs = np.empty(players, np.uint64)
    for seat in range(players):
        piles[ADD, seat] = piles[MOD, seat] = (1 << n) - 1
        rngs[seat] = seed + uint64(seat)
        row[seat] = 0
    m = seat = np.int64(0)  # numpy's: see tests/rules/fast/test_compile_once.py
    for _ in range(2 * n * players):
        add, mod = piles[ADD, seat], piles[MOD, seat]
        if strategies[seat] == GREEDY:
            kind, number = greedy_move(add, mod, m)
        elif strategies[seat] == RANDOM:
            kind, number, rngs[seat] = random_move(add, mod, rngs[seat])
        elif strategies[seat] == STRONG:
            chosen, rngs[seat] = strong_code(n, piles, seat, m, row[:players], rngs[seat],
                                             np.int64(ITERATIONS))
            kind, number = move_parts(chosen, n)
        else:
            kind, number = move_parts(perfect_code(n, piles, seat, m, best), n)
        piles[kind, seat] &= ~(1 << (number - 1))
        if kind == ADD:
            m += number
        else:
            m %= number
            row[seat] += m
        seat = seat + 1 if seat + 1 < players else 0
    best = row[:players].max()
    winners = 0
    for seat in range(players):
        if row[seat] == best:
            winners |= 1 << seat
    row[players] = winners


@compiled
def lane(start: np.uint64, n: int, strategies: np.ndarray, best: np.ndarray,
         out: np.ndarray, claims: np.ndarray, index: int) -> None:
    """Games start.. into out[game, field] (columns as ``fields``), lane ``index``
    claiming the next games when free, as many as ``claims`` says
    (``rules.fast.lanes``): one at a time where a seat thinks."""
    games = np.int64(1) if (strategies == STRONG).any() else np.int64(CLAIMED_GAMES)
    while True:
        first = next_games(claims, index, games)
        if first < 0:
            break
        for game in range(first, min(claims[LIMIT], first + games)):
            play(n, strategies, best, start + uint64(game), out[game])


def codes(options: add_residue.Options,
          strategies: Sequence[str]) -> tuple[int, np.ndarray, np.ndarray]:
    """The kernel's (n, strategy code per seat, perfect players' best moves) for rules
    options and seat strategies; a perfect seat at a table too big to solve is refused."""
    if len(strategies) != options.players:
        raise OptionsError(f"give a strategy for each of the {options.players} seats,"
                           f" not {len(strategies)}")
    seats = np.array([code(name, NAMES, "Add/Residue") for name in strategies], np.int8)
    best = solved(options)[1] if PERFECT in seats else NO_TABLE
    return options.n, seats, best


def deal_results(start: int, count: int, options: add_residue.Options,
                 strategies: Sequence[str]) -> np.ndarray:
    """Results of games start.. as an array of (count, len(fields(...))), played as
    ``lanes`` says (in a run, more rows or, stopped, fewer)."""
    table = codes(options, strategies)  # refused before the call is begun
    claims = lanes.begin(count)
    out = np.empty((lanes.limit(), options.players + 1), np.int64)
    lanes.fan_out(lane, int(claims[LANES]), np.uint64(start), *table, out, claims)
    return out[:lanes.played()]
