"""One-Handed Solitaire, compiled: ``rules.one_handed`` on numbered deals.

The hand is an array of card indices with its length; the rank and suit of a card
are table lookups. Every step is forced, so a game is one loop: draw, then discard
while the newest four allow it. The game has no options.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from rules.cards import DECK_SIZE
from rules.fast import lanes
from rules.fast.deals import RANK_OF, SUIT_OF, deal_into
from rules.fast.jit import compiled
from rules.fast.lanes import shared

FIELDS = ("won", "cards_left", "moves")

BLOCK = 1024  # games a thread plays with one set of buffers


@compiled
def play(deck: np.ndarray, rank_of: np.ndarray, suit_of: np.ndarray,
         hand: np.ndarray) -> tuple[bool, int, int]:
    """One game on card ids ``deck`` (top first) whose ranks and suits are
    ``rank_of[id]`` and ``suit_of[id]``; ``hand`` is scratch as long as the deck.

    Returns won, cards left, moves (draws and discards), as ``rules.one_handed``.
    """
    held = 0
    moves = 0
    for drawn in range(deck.shape[0]):
        hand[held] = deck[drawn]
        held += 1
        moves += 1
        while held >= 4:
            oldest, newest = hand[held - 4], hand[held - 1]
            if rank_of[oldest] == rank_of[newest]:
                held -= 4
            elif suit_of[oldest] == suit_of[newest]:
                hand[held - 3] = newest
                held -= 2
            else:
                break
            moves += 1
    return held == 0, held, moves


@compiled
def share(start: np.uint64, count: int, out: np.ndarray, at_once: int, index: int) -> None:
    """Lane ``index``'s share (``lanes.shared``) of deals start..start+count-1 into
    out[game, field] (fields as FIELDS).

    It plays a block of games with one set of buffers: allocating them per game would
    cost as much as the game.
    """
    first, end = shared((count + BLOCK - 1) // BLOCK, at_once, index)
    for block in range(first, end):
        deck = np.empty(DECK_SIZE, np.int8)
        hand = np.empty(DECK_SIZE, np.int8)
        for game in range(block * BLOCK, min(count, (block + 1) * BLOCK)):
            deal_into(start + uint64(game), deck)
            won, left, moves = play(deck, RANK_OF, SUIT_OF, hand)
            out[game, 0] = won
            out[game, 1] = left
            out[game, 2] = moves


def deal_results(start: int, count: int) -> np.ndarray:
    """Results of deals start.. as an array of (count, len(FIELDS))."""
    out = np.empty((count, len(FIELDS)), np.int64)
    lanes.share_out(share, np.uint64(start), count, out)
    return out
