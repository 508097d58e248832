"""A Sequence position's moves weighed as the fair player weighs them, for a review.

The fair player (``sequence_fair``) plays each of its options forward on many sampled
orders of the unseen cards with its rule of thumb, the same orders for every option,
and keeps the best mean score. A review asks the same evaluation a plainer question:
of those orders, how many does each move win? That share is the move's chance of
winning as the fair player's evaluation sees it (the rule of thumb plays the rest, so
it is a cautious estimate: the fair player itself wins more than its rollouts do).
The orders depend only on ``seed``, so a review is the same on every machine.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from rules.fast.deals import shuffle, splitmix64
from rules.fast.sequence_fair import WIN_SCORE, _score, sampling

__all__ = ["wins"]


@njit(cache=True, nogil=True)
def wins(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, hand: int,
         unseen: np.ndarray, seed: np.uint64, samples: int, sources: np.ndarray,
         targets: np.ndarray) -> np.ndarray:
    """Whether each option (source, target) wins each of ``samples`` orders of the
    unseen cards (a row an option, 1 for a win), its rest played by the rule of thumb;
    the position as ``sequence_fair.decide`` takes it, with a hand card (a position
    without one has no unseen cards: the solver weighs it exactly)."""
    count, cards, work, work_heights, work_placed, wants = sampling(hand, unseen, heights)
    options = len(sources)
    won = np.zeros((options, samples), np.int8)
    _, rng = splitmix64(seed)
    for sample in range(samples):
        rng = shuffle(cards[1:], count, rng)
        for option in range(options):
            if _score(cards, storage, heights, placed, hand, sources[option],
                      targets[option], work, work_heights, work_placed,
                      wants) == WIN_SCORE:
                won[option, sample] = 1
    return won
