"""Add/Residue piles as bitmasks, compiled: what the batch kernel and the searches
read a pile with.

A pile is a mask with bit c - 1 set while number c is left, so the random player's
k-th legal move is a pile's k-th set bit, found through small tables without a
loop. The greedy player's choice needs no list either: a mod move scores m % c >= 0
and leaves m % c, which always beats an add move (it scores 0 and leaves m + c > 0),
so the greedy player takes from its mod pile while it can, the number with the
largest residue, the smallest of equals (the first in the rules' order); then its
smallest add number, which leaves the least m.
"""

from __future__ import annotations

import numpy as np

from rules import add_residue
from rules.fast.deals import below
from rules.fast.jit import compiled

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


@compiled
def size(pile: int) -> int:
    """How many numbers are left in ``pile``."""
    return int(COUNT[pile & LOW_HALF] + COUNT[pile >> HALF])


@compiled
def nth(pile: int, k: int) -> int:
    """The k-th smallest number left in ``pile`` (k from 0, below its size)."""
    low = pile & LOW_HALF
    if k < COUNT[low]:
        return int(NTH[low, k]) + 1
    return int(NTH[pile >> HALF, k - COUNT[low]]) + HALF + 1


@compiled
def greedy_mod(pile: int, m: int) -> int:
    """The number in a non-empty mod pile with the largest m % c, the smallest of equals.

    No residue exceeds m, and every c > m leaves all of it: the smallest such c wins
    at once. Otherwise the residues are compared from the largest c down, which may
    stop as soon as c - 1, the most a smaller c could leave, is below the best so far.
    """
    above = pile >> m << m if m < add_residue.MAX_N else 0  # the numbers c > m
    if above:
        return nth(above, np.int64(0))
    best, most = 0, -1
    for k in range(size(pile) - 1, -1, -1):
        number = nth(pile, k)
        if number <= most:
            break
        if m % number >= most:  # >=: a smaller number wins a tie
            best, most = number, m % number
    return best


@compiled
def greedy_move(add: int, mod: int, m: int) -> tuple[int, int]:
    """GreedyPlayer's (pile, number) with piles ``add`` and ``mod``, not both empty."""
    if mod:
        return MOD, greedy_mod(mod, m)
    return ADD, nth(add, np.int64(0))


@compiled
def random_move(add: int, mod: int, rng: np.uint64) -> tuple[int, int, np.uint64]:
    """RandomPlayer's (pile, number, generator's next state): move k of the rules'
    list of legal moves for k drawn below its length."""
    adds = size(add)
    rng, drawn = below(rng, adds + size(mod))
    k = np.int64(drawn)  # below's value is unsigned: mixed with signed it turns float
    if k < adds:
        return ADD, nth(add, k), rng
    return MOD, nth(mod, k - adds), rng
