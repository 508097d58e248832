"""A Sequence position's moves scored as the fair player scores them, for a review.

The fair player (``sequence_fair``) plays each of its options forward on sampled
orders of the unseen cards with its rule of thumb, the same orders for every option,
and keeps the best mean score (cards on final piles, a win counting WIN_SCORE). A
review asks for that evaluation itself: every move's score on each of the very orders
the fair player's hint weighs at the position (drawn from its seed, the deal, and the
move count), so the review ranks moves as the hint does. What a mean score says of
the chance of a win is ``rules.players.sequence_chances``'.
"""

from __future__ import annotations

import numpy as np

from rules.fast.deals import shuffle
from rules.fast.jit import compiled
from rules.fast.sequence_fair import _decision_rng, _score, sampling

__all__ = ["scores"]


@compiled
def scores(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, hand: int,
           unseen: np.ndarray, seed: np.uint64, moves: int, samples: int,
           sources: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """Each option's (source, target) score on each of ``samples`` orders of the unseen
    cards (a row an option), its rest played by the rule of thumb: the orders the fair
    player seeded with ``seed`` draws at move ``moves`` (``sampled_choice``); the
    position as ``sequence_fair.decide`` takes it, with a hand card (a position without
    one has no unseen cards: the solver weighs it exactly)."""
    count, cards, work, work_heights, work_placed, wants = sampling(hand, unseen, heights)
    options = len(sources)
    scored = np.zeros((options, samples), np.int64)
    rng = _decision_rng(seed, moves)
    for sample in range(samples):
        rng = shuffle(cards[1:], count, rng)
        for option in range(options):
            scored[option, sample] = _score(cards, storage, heights, placed, hand,
                                            sources[option], targets[option], work,
                                            work_heights, work_placed, wants)
    return scored
