"""An Add/Residue position's moves weighed by the strong player's playouts, for a
review of a game too large to solve.

The strong player (``add_residue_search.strong_code``) judges its moves by playouts
in which every seat plays greedy's move most of the time and a random one otherwise.
A review asks those playouts a plain question: after each move, how often does its
mover come out on top (a shared top counted as its share)? Playout i of every move
starts from the same draws, from ``seed`` and i, so two moves are compared playout by
playout (``rules.review``: the cost's interval is paired).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from rules.fast.add_residue_piles import ADD, MOD, size
from rules.fast.add_residue_search import _play_move, _playout_code, restored

__all__ = ["shares"]

# One playout's draws start this far along splitmix64's stream from the one before
# (its golden gamma), so each playout begins where it does for every move.
DRAW_APART = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, nogil=True)
def shares(n: int, piles: np.ndarray, seat: int, m: int, scores: np.ndarray,
           seed: np.uint64, samples: int, codes: np.ndarray) -> np.ndarray:
    """Each move ``codes[k]`` of ``seat``'s: the mover's share of the win in each of
    ``samples`` playouts after it (a row a move; 1 alone on top, 1/k shared by k,
    else 0), playout i of every move drawn alike."""
    players = piles.shape[1]
    left = 0
    for other in range(players):
        left += size(piles[ADD, other]) + size(piles[MOD, other])
    work = np.empty_like(piles)
    tally = np.empty_like(scores)
    won = np.zeros((len(codes), samples))
    for option in range(len(codes)):
        for sample in range(samples):
            rng = seed + np.uint64(sample) * DRAW_APART  # playout i of every move alike
            restored(piles, scores, work, tally)
            value = _play_move(n, work, seat, codes[option], m, tally)
            mover = seat + 1 if seat + 1 < players else 0
            for _ in range(left - 1):
                played, rng = _playout_code(n, work, mover, value, rng)
                value = _play_move(n, work, mover, played, value, tally)
                mover = mover + 1 if mover + 1 < players else 0
            top = tally.max()
            if tally[seat] == top:
                tied = 0
                for other in range(players):
                    if tally[other] == top:
                        tied += 1
                won[option, sample] = 1.0 / tied
    return won
