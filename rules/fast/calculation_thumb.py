"""Sequence Solitaire's rule of thumb for the storage piles (``rules.fast.sequence_fair``,
tuned there: ``docs/TUNING.md``), read for any foundations of the Calculation family:
where the turned card does least harm. The quick player plays by it
(``rules.fast.calculation``), and the solver tries the storage piles in its order
(``rules.fast.calculation_solver``).

A foundation's wants are a table (``_places``: where each rank comes on each pile),
so the rule reads any steps, bases and lengths; a rank that ends every foundation
that takes it plays the king's part in Sequence's.
"""

from __future__ import annotations

import numpy as np

from rules.calculation.description import RANKS
from rules.fast.jit import compiled

# The rule of thumb's costs (``_storage_cost``), in cards wanted apart: Sequence's,
# tuned there (``docs/TUNING.md``); a king is the rank that ends its foundations.
from rules.fast.sequence_fair import (
    EMPTY_COST,
    FIT_COST,
    MISFIT_COST,
    NEIGHBOUR_BONUS,
    NEIGHBOURS,
)
from rules.fast.sequence_fair import KING_COVERED as LAST_COVERED
from rules.fast.sequence_fair import KING_TO_EMPTY as LAST_TO_EMPTY

FAR = 2 * RANKS  # how far off a rank no foundation wants again is wanted
SKIPPED = 1 << 40  # a storage pile like one before it: not tried


@compiled
def _places(wanted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each rank comes on each foundation (``place[pile, rank]``, -1: never; a
    step below 13 visits a rank once at most), and which ranks end every foundation
    that takes them (``ends[rank]``, as the king ends Sequence's)."""
    piles = wanted.shape[0]
    place = np.full((piles, RANKS + 1), -1, np.int64)
    ends = np.ones(RANKS + 1, np.bool_)
    for pile in range(piles):
        for held in range(wanted.shape[1]):
            rank = wanted[pile, held]
            if rank <= RANKS:
                place[pile, rank] = held
                ends[rank] &= held + 1 == wanted.shape[1] or wanted[pile, held + 1] > RANKS
    return place, ends


@compiled
def _ahead(place: np.ndarray, placed: np.ndarray, rank: int, copies: int) -> int:
    """How many cards a foundation takes before it takes this card of ``rank``, when
    ``copies`` other cards of the rank will be at hand before it: they serve the piles
    that want the rank sooner (FAR: none wants it)."""
    piles = len(placed)
    last = -1  # ahead * piles + pile of the copy before, so equal aheads stay apart
    for _ in range(copies + 1):
        following = 1 << 30
        for pile in range(piles):
            if place[pile, rank] < 0:
                continue
            ahead = place[pile, rank] - placed[pile]
            if ahead >= 0 and last < ahead * piles + pile < following:
                following = ahead * piles + pile
        if following == 1 << 30:
            break  # more copies than piles that want the rank: the last of them
        last = following
    return last // piles if last >= 0 else FAR


@compiled
def _gap(place: np.ndarray, placed: np.ndarray, rank: int, under: int) -> int:
    """How few cards apart one foundation that still wants ``rank`` takes it and then
    ``under``: such neighbours on a storage pile play out onto it in a row."""
    best = FAR
    for pile in range(len(placed)):
        here, then = place[pile, rank], place[pile, under]
        if here >= placed[pile] and here < then < here + best:
            best = then - here
    return best


@compiled
def _delay(place: np.ndarray, placed: np.ndarray, storage: np.ndarray, heights: np.ndarray,
           pile: int, wanted: int) -> tuple[int, int]:
    """What a card wanted after ``wanted`` cards costs the cards of storage pile
    ``pile`` it would cover: how many it holds back longer than the cards above them
    already do, and by how many cards in all."""
    delay = blocked = 0
    above = -1  # the latest wanted of the cards above
    for height in range(heights[pile] - 1, -1, -1):
        here = _ahead(place, placed, storage[pile, height], np.int64(0))
        if wanted > max(here, above):
            delay += wanted - max(here, above)
            blocked += 1
        above = max(above, here)
    return delay, blocked


@compiled
def _tops_of(storage: np.ndarray, heights: np.ndarray, rank: int, piles: int) -> int:
    """How many of the first ``piles`` storage tops are of ``rank``."""
    count = 0
    for pile in range(piles):
        count += heights[pile] > 0 and storage[pile, heights[pile] - 1] == rank
    return count


@compiled
def _storage_cost(place: np.ndarray, ends: np.ndarray, placed: np.ndarray,
                  storage: np.ndarray, heights: np.ndarray, rank: int, wanted: int,
                  pile: int) -> int:
    """The cost of the turned card of ``rank``, wanted after ``wanted`` cards, on
    storage pile ``pile``: Sequence's rule of thumb (``rules.fast.sequence_fair``,
    tuned there), read for any foundations. Best a top one foundation takes just
    after the card; then a top wanted later, the tightest fit first (a pile's last
    rank on top kept for its like); an empty pile the cheaper the later its card is
    wanted; else where it holds back the cards under it least. Low piles break ties."""
    height = int(heights[pile])
    if height == 0:
        return EMPTY_COST - 2 * wanted - LAST_TO_EMPTY * int(ends[rank])
    top = int(storage[pile, height - 1])
    gap = _gap(place, placed, rank, top)
    if gap <= NEIGHBOURS:
        return 3 * gap - NEIGHBOUR_BONUS + height
    under = _ahead(place, placed, top, _tops_of(storage, heights, top, pile))
    if under >= wanted:
        return FIT_COST + 2 * (under - wanted) + 2 * height + LAST_COVERED * int(ends[top])
    delay, blocked = _delay(place, placed, storage, heights, pile, wanted)
    return int(MISFIT_COST + 3 * delay - 2 * blocked + height)


@compiled
def _storage_choice(card: int, place: np.ndarray, ends: np.ndarray, placed: np.ndarray,
                    storage: np.ndarray, heights: np.ndarray) -> int:
    """The storage pile the rule of thumb puts the hand card on: the least cost
    (``_storage_cost``), the lowest of equal piles, as Sequence's does."""
    piles = len(heights)
    wanted = _ahead(place, placed, card, _tops_of(storage, heights, card, piles))
    best, best_cost = 0, 1 << 62
    for pile in range(piles):
        cost = _storage_cost(place, ends, placed, storage, heights, card, wanted, pile)
        if cost < best_cost:
            best, best_cost = pile, cost
    return best


@compiled
def _storage_order(card: int, place: np.ndarray, ends: np.ndarray, placed: np.ndarray,
                   storage: np.ndarray, heights: np.ndarray, first: int, order: np.ndarray,
                   count: int) -> int:
    """The hand card's storage moves (picks ``first``.. in pile order) into ``order``
    from ``count``, cheapest first (``_storage_cost``), one pile of each content;
    returns the new count."""
    piles = len(heights)
    costs = np.empty(piles, np.int64)
    wanted = _ahead(place, placed, card, _tops_of(storage, heights, card, piles))
    kept = 0
    for pile in range(piles):
        costs[pile] = _storage_cost(place, ends, placed, storage, heights, card, wanted,
                                    pile)
        for other in range(pile):
            if heights[other] == heights[pile] and (
                    storage[other, :heights[pile]] == storage[pile, :heights[pile]]).all():
                costs[pile] = SKIPPED
                break
        kept += costs[pile] != SKIPPED
    for _ in range(kept):
        best = np.argmin(costs)
        order[count] = first + best
        count += 1
        costs[best] = SKIPPED
    return count
