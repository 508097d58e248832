"""Add/Residue, compiled: ``rules.add_residue`` with a computer player in every seat.

There are no cards, so "deal" g of a batch is just game number g: seat s's random
player is seeded with g + s, as ``solitaire-tui play add-residue --seed g`` does.
The options are the rules' ``Options`` and one strategy name per seat, "greedy"
(``rules.strategies.add_residue.GreedyPlayer``) or "random" (``RandomPlayer`` over
``rules.add_residue.legal_moves``).

A pile is a bitmask, so the random player's k-th legal move is a pile's k-th set
bit, found through small tables without a loop. The greedy player's choice needs
no list either: a mod move scores m % c >= 0 and leaves m % c, which always beats an
add move (it scores 0 and leaves m + c > 0), so the greedy player takes from its mod
pile while it can, the number with the largest residue, the smallest of equals (the
first in the rules' order); then its smallest add number, which leaves the least m.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit, prange, uint64

from rules import add_residue
from rules.errors import OptionsError
from rules.fast.deals import below
from rules.fast.players import GREEDY, code
from rules.strategies.add_residue import NAMES

ADD, MOD = 0, 1
# A pile is a mask with bit c - 1 set while number c is left. It is read in two
# halves of HALF bits through tables: how many numbers a half holds, and its k-th
# lowest bit (-1 past the last). Small enough to stay in the first-level cache.
HALF = (add_residue.MAX_N + 1) // 2
LOW_HALF = (1 << HALF) - 1
COUNT = np.array([bin(half).count("1") for half in range(1 << HALF)], np.int8)
NTH = np.array(
    [([bit for bit in range(HALF) if half >> bit & 1] + [-1] * HALF)[:HALF]
     for half in range(1 << HALF)],
    np.int8,
)


def fields(options: add_residue.Options, strategies: Sequence[str]) -> tuple[str, ...]:
    """The result columns: each seat's score, then the winners as a bitmask (bit s set
    when seat s has the top score). Checks there is one strategy per seat."""
    codes(options, strategies)
    return (*(f"score_{seat + 1}" for seat in range(options.players)), "winners")


@njit(cache=True, nogil=True)
def _size(pile: int) -> int:
    """How many numbers are left in ``pile``."""
    return int(COUNT[pile & LOW_HALF] + COUNT[pile >> HALF])


@njit(cache=True, nogil=True)
def _nth(pile: int, k: int) -> int:
    """The k-th smallest number left in ``pile`` (k from 0, below its size)."""
    low = pile & LOW_HALF
    if k < COUNT[low]:
        return int(NTH[low, k]) + 1
    return int(NTH[pile >> HALF, k - COUNT[low]]) + HALF + 1


@njit(cache=True, nogil=True)
def _greedy_mod(pile: int, m: int) -> int:
    """The number in a non-empty mod pile with the largest m % c, the smallest of equals.

    No residue exceeds m, and every c > m leaves all of it: the smallest such c wins
    at once. Otherwise the residues are compared from the largest c down, which may
    stop as soon as c - 1, the most a smaller c could leave, is below the best so far.
    """
    above = pile >> m << m if m < add_residue.MAX_N else 0  # the numbers c > m
    if above:
        return _nth(above, 0)
    best, most = 0, -1
    for k in range(_size(pile) - 1, -1, -1):
        number = _nth(pile, k)
        if number <= most:
            break
        if m % number >= most:  # >=: a smaller number wins a tie
            best, most = number, m % number
    return best


@njit(cache=True, nogil=True)
def play(n: int, strategies: np.ndarray, seed: np.uint64, row: np.ndarray) -> None:
    """One game with piles of 1..n and a player per seat (codes from ``codes``).

    Seat s's random player draws from seed + s. Writes the result, columns as
    ``fields``, into ``row``.
    """
    players = strategies.shape[0]
    piles = np.empty((2, players), np.int64)  # piles[ADD or MOD, seat]
    rngs = np.empty(players, np.uint64)
    for seat in range(players):
        piles[ADD, seat] = piles[MOD, seat] = (1 << n) - 1
        rngs[seat] = seed + uint64(seat)
        row[seat] = 0
    m = 0
    seat = 0
    for _ in range(2 * n * players):
        if strategies[seat] == GREEDY:
            if piles[MOD, seat]:
                kind, number = MOD, _greedy_mod(piles[MOD, seat], m)
            else:
                kind, number = ADD, _nth(piles[ADD, seat], 0)
        else:
            adds = _size(piles[ADD, seat])
            rngs[seat], drawn = below(rngs[seat], adds + _size(piles[MOD, seat]))
            k = np.int64(drawn)  # below's value is unsigned: mixed with signed it turns float
            kind = ADD if k < adds else MOD
            number = _nth(piles[kind, seat], k - kind * adds)
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


@njit(cache=True, nogil=True, parallel=True)
def batch(start: np.uint64, count: int, n: int, strategies: np.ndarray,
          out: np.ndarray) -> None:
    """Games start..start+count-1 into out[game, field] (columns as ``fields``)."""
    for game in prange(count):
        play(n, strategies, start + uint64(game), out[game])


def codes(options: add_residue.Options, strategies: Sequence[str]) -> tuple[int, np.ndarray]:
    """The kernel's (n, strategy code per seat) for rules options and seat strategies."""
    if len(strategies) != options.players:
        raise OptionsError(f"give a strategy for each of the {options.players} seats,"
                           f" not {len(strategies)}")
    seats = np.array([code(name, NAMES, "Add/Residue") for name in strategies], np.int8)
    return options.n, seats


def deal_results(start: int, count: int, options: add_residue.Options,
                 strategies: Sequence[str]) -> np.ndarray:
    """Results of games start.. as an array of (count, len(fields(...)))."""
    out = np.empty((count, options.players + 1), np.int64)
    batch(np.uint64(start), count, *codes(options, strategies), out)
    return out
