"""A review of a Sequence game: at each decision, how likely a win was after the move
played and after the best one, as the fair player's own evaluation sees it.

A decision is a position with more than one legal move. Each move is weighed as the
fair player weighs every legal move, on the very orders of the unseen cards its hint
weighs there (drawn from the deal's number and the move count,
``rules.fast.sequence_review``): its mean score over them, played on by the rule of
thumb. The review ranks moves by that, as the hint does, and says it as a chance: how
often the fair player goes on to win from positions of that mean score
(``sequence_chances``, fitted on the fair player's own games). Once at most
``EXACT_FAIR`` cards are face down (up to ``EXACT_TRY`` within a budget), where the
fair player plays its last moves perfectly, a move's chance is that of a win with best
play over every order of them (``sequence_endgame.move_values``); once nothing is face
down (the last card in hand, or none left), whether it still wins.

A review of the same game is the same on any machine. numpy and numba are imported
only when a review is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules import review as rules_review
from rules import sequence
from rules.review import Decision
from rules.roster import FAIR_SAMPLES
from rules.sequence import Move, State, ToStorage

SAMPLES = FAIR_SAMPLES["fair"]  # the orders the fair player weighs a choice on, at most
HAND = -1  # a move's source when it is the hand card (``rules.fast.sequence``)
# What a chance is: as the fair player weighs moves, and exactly over the last cards
# (``EXACT_FAIR``: 5; ``EXACT_TRY``: 7).
CHANCE = ("how often the fair player wins from positions its own evaluation scores"
          " alike (the mean of its rollouts on the orders its hint weighs); with 5 cards"
          " or fewer face down (7, where that is quick), the chance of a win with best"
          " play over every order of them")


def _code(move: Move) -> tuple[int, int]:
    """A move as the compiled players code it: (source, target)."""
    if isinstance(move, ToStorage):
        return HAND, sequence.PILES + move.pile
    return HAND if move.source is None else move.source, move.pile


def _codes(moves: Sequence[Move]) -> tuple[Any, Any]:
    """``moves`` as the compiled players take them: their sources, their targets."""
    import numpy as np

    codes = np.array([_code(move) for move in moves], np.int64).reshape(len(moves), 2)
    return codes[:, 0].copy(), codes[:, 1].copy()


def outcomes(state: State, moves: Sequence[Move], deal: int,
             samples: int = SAMPLES) -> list[list[float]]:
    """Each of ``moves``' outcomes from ``state`` in deal ``deal``: its one chance with
    best play over every order of the last cards where the fair player weighs them so
    (``EXACT_FAIR`` or fewer face down, won or lost for certain with none, or up to
    ``EXACT_TRY`` where the fair player's own search of the best move ends within
    ``TRY_BUDGET`` positions); its score on each of the fair player's sampled orders
    where the fair player samples (``_weighed``)."""
    from rules.fast.sequence_endgame import NO_BUDGET, plain_best_move, plain_move_values, table
    from rules.fast.sequence_fair import EXACT_FAIR, EXACT_TRY, TRY_BUDGET
    from rules.players.sequence_fair import seen

    position = seen(state)
    if len(state.deck) <= EXACT_TRY:
        known = table()  # 16 MB: only where the last cards may be searched
        exact = len(state.deck) <= EXACT_FAIR or (  # as the fair player tries it: from
            plain_best_move(*position, *known, TRY_BUDGET)[2] >= 0)  # an empty table, in budget
        if exact:  # the values the try found hold (``table``): they are not found again
            values = plain_move_values(*position, *_codes(moves), *known, NO_BUDGET)
            exactly: list[list[float]] = values.reshape(-1, 1).tolist()
            return exactly
    weighed: list[list[float]] = _weighed(state, position, moves, deal, samples).tolist()
    return weighed


def _weighed(state: State, position: tuple[Any, Any, Any, int, Any], moves: Sequence[Move],
             deal: int, samples: int) -> Any:
    """Each of ``moves``' scores (a row a move) on the orders the fair player's hint
    weighs at ``state`` (``position``, as ``seen`` gives it), played on by the rule of
    thumb: the fair player's own evaluation of every legal move."""
    import numpy as np

    from rules.fast.sequence_review import scores

    return scores(*position, np.uint64(deal), state.moves, samples, *_codes(moves)
                  ).astype(np.float64)


def chance(state: State, score: float) -> float:
    """The fair player's chance of a win after a move of mean score ``score``."""
    from rules.players.sequence_chances import fitted

    return fitted().chance(len(state.deck), score)


def chances(state: State, moves: Sequence[Move], deal: int,
            samples: int = SAMPLES) -> list[float]:
    """Each of ``moves``' chance of a win from ``state`` in deal ``deal``."""
    return rules_review.chances_of(state, outcomes(state, moves, deal, samples), chance)


def review(start: State, played: Sequence[Move], deal: int, samples: int = SAMPLES,
           stop: Callable[[], bool] = lambda: False,
           progress: Callable[[int, int], None] = lambda done, of: None
           ) -> list[Decision[State, Move]]:
    """Every decision of the game played from ``start`` (deal ``deal``), weighed on the
    orders the fair player's hint weighs at each (``rules.review.review``)."""
    def weigh(state: State, moves: Sequence[Move], _: int) -> list[list[float]]:
        return outcomes(state, moves, deal, samples)

    return rules_review.review(sequence, start, played, weigh, deal, stop, progress, chance)
