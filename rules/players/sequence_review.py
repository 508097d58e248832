"""A review of a Sequence game: at each decision, how likely a win was after the move
played and after the best one, as the fair player's evaluation sees it.

A decision is a position with more than one legal move. Each move is weighed as the
fair player weighs its own: its chance is the share of ``SAMPLES`` orders of the
unseen cards that its rollout by the fair player's rule of thumb wins
(``rules.fast.sequence_review``: the orders the same for every move, so two moves are
compared on the same futures), and once at most ``EXACT_FAIR`` cards are face down
(up to ``EXACT_TRY`` within a budget), where the fair player plays its last moves
perfectly, the chance of a win with best play over every order of them
(``sequence_endgame.move_values``), so the hint is the review's best move there;
once nothing is face down (the last card in hand, or none left), whether each move
still wins.

The orders come from the deal's number and the move's, so a review of the same game
is the same on any machine. numpy and numba are imported only when a review is asked
for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from rules import review as rules_review
from rules import sequence
from rules.review import Decision
from rules.sequence import Move, State, ToStorage

SAMPLES = 400  # orders a decision is weighed on: a chance to within about 2.5 points
HAND = -1  # a move's source when it is the hand card (``rules.fast.sequence``)
# What a chance is: as the fair player weighs moves, in the rollouts of its rule of
# thumb, and exactly over the last cards (``EXACT_FAIR``: 5; ``EXACT_TRY``: 7).
CHANCE = ("how often the fair player's rule of thumb wins from there; with 5 cards or"
          " fewer face down (7, where that is quick), the chance of a win with best play"
          " over every order of them")


def _code(move: Move) -> tuple[int, int]:
    """A move as the compiled players code it: (source, target)."""
    if isinstance(move, ToStorage):
        return HAND, sequence.PILES + move.pile
    return HAND if move.source is None else move.source, move.pile


def outcomes(state: State, moves: Sequence[Move], seed: int,
             samples: int = SAMPLES) -> list[list[float]]:
    """Each of ``moves``' outcomes from ``state``: its one chance with best play over
    every order of the last cards where the fair player weighs them so (``EXACT_FAIR``
    or fewer face down, won or lost for certain with none, or up to ``EXACT_TRY`` where
    each move's search ends within ``TRY_BUDGET`` positions); a win (1) or not (0) on
    each sampled order beyond."""
    import numpy as np

    from rules.fast.sequence_endgame import NO_BUDGET, move_values, table
    from rules.fast.sequence_fair import EXACT_FAIR, EXACT_TRY, TRY_BUDGET
    from rules.fast.sequence_review import wins
    from rules.players.sequence_fair import seen

    codes = np.array([_code(move) for move in moves], np.int64).reshape(len(moves), 2)
    sources, targets = codes[:, 0].copy(), codes[:, 1].copy()
    if len(state.deck) <= EXACT_TRY:  # as the fair player: exact, or within a budget
        budget = NO_BUDGET if len(state.deck) <= EXACT_FAIR else TRY_BUDGET
        values = move_values(*seen(state), sources, targets, *table(), budget)
        if (values >= 0).all():
            return values.reshape(-1, 1).tolist()
    won = wins(*seen(state), np.uint64(seed), samples, sources, targets)
    return won.astype(np.float64).tolist()  # type: ignore[no-any-return]


def chances(state: State, moves: Sequence[Move], seed: int,
            samples: int = SAMPLES) -> list[float]:
    """Each of ``moves``' chance of a win from ``state``."""
    return rules_review.means(outcomes(state, moves, seed, samples))


def review(start: State, played: Sequence[Move], deal: int, samples: int = SAMPLES,
           stop: Callable[[], bool] = lambda: False,
           progress: Callable[[int, int], None] = lambda done, of: None
           ) -> list[Decision[State, Move]]:
    """Every decision of the game played from ``start`` (deal ``deal``), weighed on
    orders drawn from the deal's number and the move's (``rules.review.review``)."""
    return rules_review.review(sequence, start, played, partial(outcomes, samples=samples),
                               deal, stop, progress)
