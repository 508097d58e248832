"""Hit or Miss, compiled: every variant of ``rules.hit_or_miss`` on numbered deals.

A pass is decided in one branch-free sweep over the stock (a card hits exactly when
its rank equals the count it meets, known from its position), keeping the misses in
place. After a strike in the same order, the following strikeless passes are not
played one by one: with stock size L not a multiple of 13, the order stays put and
each pass shifts every count by L, so card p meets its rank after k_p passes with
k_p * L = rank - count_p (mod 13); the least k_p strikes are skipped at once (no
more than the strike limit allows).
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from rules import hit_or_miss
from rules.fast import lanes
from rules.fast.deals import deal_into, shuffle
from rules.fast.jit import compiled
from rules.fast.lanes import shared

SAME, REVERSED, SHUFFLED = 0, 1, 2
ORDER_CODES = {
    hit_or_miss.PassOrder.SAME: SAME,
    hit_or_miss.PassOrder.REVERSED: REVERSED,
    hit_or_miss.PassOrder.SHUFFLED: SHUFFLED,
}
FIELDS = ("won", "cards_left", "passes", "strikes", "turns")

# COUNT_AT[c + p]: the count said at position p of a pass that starts at count c + 1.
COUNT_AT = np.array([i % 13 + 1 for i in range(13 + 52)], dtype=np.int8)
# PASSES_TO_HIT[x, d]: passes until a card d short of its count meets it when each
# pass shifts the count by x: the k with k * x = d (mod 13).
PASSES_TO_HIT = np.array(
    [[0] * 13] + [[(d * pow(x, -1, 13)) % 13 for d in range(13)] for x in range(1, 13)],
    dtype=np.int8,
)


@compiled
def strikes_ahead(stock: np.ndarray, size: int, count: int) -> int:
    """Same order, size not a multiple of 13: strikeless passes before the next hit."""
    shift = size % 13
    least = 13
    for p in range(size):
        short = stock[p] - COUNT_AT[count + p]
        if short < 0:
            short += 13
        k = PASSES_TO_HIT[shift, short]
        if k < least:
            least = k
    return least


@compiled
def play(stock: np.ndarray, strike_limit: int, order: int, seed: np.uint64) -> tuple[
    bool, int, int, int, int
]:
    """One game on ``stock`` (ranks 1..13, top first; overwritten).

    ``strike_limit`` 0 is unlimited. Returns won, cards left, passes, strikes, turns.
    """
    size = stock.shape[0]
    count = np.int64(0)  # the count said next, minus one: 0..12
    passes = strikes = run = turns = 0
    rng = seed
    while size > 0:
        kept = np.int64(0)
        for p in range(size):
            rank = stock[p]
            stock[kept] = rank
            kept += rank != COUNT_AT[count + p]
        count = (count + size) % 13
        turns += size
        passes += 1
        struck = kept == size
        run = run + 1 if struck else 0
        strikes += struck
        size = kept
        if size == 0:
            break
        if struck and order == SAME and size % 13 != 0:
            skip = strikes_ahead(stock, size, count)
            if strike_limit > 0 and skip > strike_limit - run:
                skip = max(strike_limit - run, 0)
            passes += skip
            strikes += skip
            run += skip
            turns += skip * size
            count = (count + skip * size) % 13
        if order == REVERSED:
            for i in range(size // 2):
                stock[i], stock[size - 1 - i] = stock[size - 1 - i], stock[i]
        elif order == SHUFFLED:
            rng = shuffle(stock, size, rng)
        limit = strike_limit
        if limit == 0 and size % 13 == 0:
            limit = 2 if order == REVERSED else 1
        if limit > 0 and run >= limit:
            break
    return size == 0, size, passes, strikes, turns


@compiled
def share(start: np.uint64, count: int, strike_limit: int, order: int, out: np.ndarray,
          at_once: int, index: int) -> None:
    """Lane ``index``'s share (``lanes.shared``) of deals start..start+count-1 into
    out[game, field] (fields as FIELDS).

    The shuffle seed of deal d is d, as on the command line.
    """
    first, end = shared(count, at_once, index)
    for game in range(first, end):
        deal = start + uint64(game)
        cards = np.empty(52, np.int8)
        deal_into(deal, cards)
        stock = cards % 13 + 1
        won, left, passes, strikes, turns = play(stock, strike_limit, order, deal)
        out[game, 0] = won
        out[game, 1] = left
        out[game, 2] = passes
        out[game, 3] = strikes
        out[game, 4] = turns


def codes(options: hit_or_miss.Options) -> tuple[int, int]:
    """The kernel's (strike limit, order) for rules options."""
    return options.strikes or 0, ORDER_CODES[options.order]


def deal_results(start: int, count: int, options: hit_or_miss.Options) -> np.ndarray:
    """Results of deals start.. as an array of (count, len(FIELDS))."""
    out = np.empty((count, len(FIELDS)), np.int64)
    lanes.share_out(share, np.uint64(start), count, *codes(options), out)
    return out
