"""A review of an Add/Residue game: at each decision, the mover's chance of a win
after the move played and after the best one.

Where the game is solved (``rules.roster.solvable``) a move's chance is what perfect
play makes of it: every seat then plays perfectly to the end, and the mover's share
of the win is 1, a part of 1 for a shared top, or 0. Beyond, it is the mover's mean
share over ``SAMPLES`` of the strong player's playouts after the move
(``rules.fast.add_residue_review``), the same draws for every move. The draws come
from the game's number and the move's (``rules.review``).
numpy and numba are imported only when a review is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from rules import add_residue
from rules import review as rules_review
from rules.add_residue import Move, State
from rules.review import Decision
from rules.roster import solvable

SAMPLES = 300  # playouts a move is weighed on, beyond the solved sizes
PERFECT = "the mover's share of a win when everyone then plays perfectly"
STRONG = "how often the mover wins the strong player's playouts from there"


def chance_words(options: add_residue.Options) -> str:
    """What a chance is, for a game of ``options``."""
    return PERFECT if solvable(options) else STRONG


def _share(state: State, seat: int) -> float:
    winners = add_residue.result(state).winners
    return 1 / len(winners) if seat in winners else 0.0


def outcomes(state: State, moves: Sequence[Move], seed: int,
             samples: int = SAMPLES) -> list[list[float]]:
    """Each of ``moves``' outcomes for the mover from ``state``: the one share perfect
    play gives it where the game is solved, its share in each playout beyond."""
    seat = state.to_move
    if solvable(state.options):
        from rules.fast.add_residue_search import perfect_move

        found = []
        for move in moves:
            after = add_residue.apply(state, move)
            while not add_residue.is_over(after):
                after = add_residue.apply(after, perfect_move(after))
            found.append([_share(after, seat)])
        return found
    import numpy as np

    from rules.fast.add_residue_review import shares
    from rules.fast.add_residue_search import code_of, piles_of

    codes = np.array([code_of(move, state.options.n) for move in moves], np.int64)
    weighed = shares(state.options.n, piles_of(state), seat, state.m,
                     np.array(state.scores, np.int64), np.uint64(seed), samples, codes)
    return weighed.tolist()  # type: ignore[no-any-return]


def chances(state: State, moves: Sequence[Move], seed: int,
            samples: int = SAMPLES) -> list[float]:
    """Each of ``moves``' chance of a win for the mover, from ``state``."""
    return rules_review.means(outcomes(state, moves, seed, samples))


def review(start: State, played: Sequence[Move], seed: int, samples: int = SAMPLES,
           stop: Callable[[], bool] = lambda: False,
           progress: Callable[[int, int], None] = lambda done, of: None
           ) -> list[Decision[State, Move]]:
    """Every decision of the game played from ``start`` (game ``seed``), weighed."""
    return rules_review.review(add_residue, start, played,
                               partial(outcomes, samples=samples), seed, stop, progress)
