"""A review of an Add/Residue game: at each decision, the mover's chance of a win
after the move played and after the best one.

Where the game is solved (``rules.roster.solvable``) a move's chance is what perfect
play makes of it: every seat then plays perfectly to the end, and the mover's share
of the win is 1, a part of 1 for a shared top, or 0. Beyond, it is the mover's share
of the win in the games of the strong player's search that went through the move
(``rules.fast.add_residue_search.strong_weighing``): one search of ``EACH`` games
through every legal move (fewer at a large table, ``each_for``), an even share for
each, so that their means compare alike (a move the strong player's own search soon
dropped would be weighed on a shallow search, and read better than it is). The
hint's helper there plays the best of this weighing (``best``), on the draws the
review weighs the same decision with (from the game's number and the move's,
``rules.review.draws_seed``): a game it plays reviews with no costly move. Each
move's games are its own, so a cost's interval adds the two means'
(``rules.review.unpaired_margin``).
numpy and numba are imported only when a review is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from rules import add_residue
from rules import review as rules_review
from rules.add_residue import Move, State
from rules.review import Decision, draws_seed, unpaired_margin
from rules.roster import solvable

# The strong player's search iterations through each move, beyond the solved sizes:
# EACH, 5,200 for the 26 first moves of two players at n = 13 (five times the strong
# player's own search, ``rules.roster.ITERATIONS``), fewer at a larger table, so that
# a decision's games take at most PLIES moves in all, as that first decision's do, and
# a review of any table ends within seconds; never below LEAST.
EACH, LEAST = 200, 30
PLIES = EACH * 26 * 52
PERFECT = "the mover's share of a win when everyone then plays perfectly"
STRONG = "the mover's share of a win in the strong player's search after the move"


def chance_words(options: add_residue.Options) -> str:
    """What a chance is, for a game of ``options``."""
    return PERFECT if solvable(options) else STRONG


def _share(state: State, seat: int) -> float:
    winners = add_residue.result(state).winners
    return 1 / len(winners) if seat in winners else 0.0


def each_for(state: State) -> int:
    """The strong player's games through each legal move at ``state``: EACH, or fewer
    at a large table, as PLIES allows."""
    legal = len(add_residue.legal_moves(state))
    left = sum(len(pile) for pile in (*state.add, *state.mod))
    return max(LEAST, min(EACH, PLIES // max(legal * left, 1)))


def outcomes(state: State, moves: Sequence[Move], seed: int,
             each: int | None = None) -> list[list[float]]:
    """Each of ``moves``' outcomes for the mover from ``state``: the one share perfect
    play gives it where the game is solved; beyond, its share in each of the strong
    player's ``each`` games through it (``each_for`` the position when None), in one
    search that shares its iterations evenly among the legal moves."""
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

    from rules.fast.add_residue_search import code_of, piles_of, strong_weighing

    each = each_for(state) if each is None else each
    firsts, won = strong_weighing(state.options.n, piles_of(state), seat, state.m,
                                  np.array(state.scores, np.int64), np.uint64(seed),
                                  each * len(add_residue.legal_moves(state)), each)
    return [won[firsts == code_of(move, state.options.n)].tolist() for move in moves]


def chances(state: State, moves: Sequence[Move], seed: int, each: int | None = None
            ) -> list[float]:
    """Each of ``moves``' chance of a win for the mover, from ``state``."""
    return rules_review.means(outcomes(state, moves, seed, each))


def best(state: State, seed: int, each: int | None = None) -> Move:
    """The move of the best chance at ``state`` of game ``seed`` (the first of equals,
    in the rules' order), weighed on the draws the review weighs this decision with."""
    legal = add_residue.legal_moves(state)
    if len(legal) == 1:
        return legal[0]
    weighed = chances(state, legal, draws_seed(seed, state.turn + 1), each)
    return legal[weighed.index(max(weighed))]


def review(start: State, played: Sequence[Move], seed: int, each: int | None = None,
           stop: Callable[[], bool] = lambda: False,
           progress: Callable[[int, int], None] = lambda done, of: None,
           seats: Callable[[int], bool] = lambda seat: True) -> list[Decision[State, Move]]:
    """Every decision of the game played from ``start`` (game ``seed``) made by one of
    the ``seats`` wanted (the people's, say), weighed."""
    return rules_review.review(add_residue, start, played,
                               partial(outcomes, each=each), seed, stop, progress,
                               margin=unpaired_margin,
                               wanted=lambda state: seats(state.to_move))
