"""Sequence Solitaire's fair player: it knows what a person at the table knows.

That is the final piles, the storage piles, the hand card and which ranks are still
to come, never their order. The thinking is compiled (``rules.fast.sequence_fair``,
which explains it); numba is imported only when the first move is asked for, so the
app starts without it.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from rules import sequence
from rules.errors import IllegalMove
from rules.roster import FAIR_SAMPLES as SAMPLES
from rules.roster import check_name
from rules.sequence import Move, State, ToFinal, ToStorage

LEVELS = tuple(SAMPLES)
COLUMNS = sequence.PILES * sequence.PILE_SIZE + 1  # any storage pile, over its NOTHING


def seen(state: State) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, np.ndarray]:
    """What a person at the table sees, as the compiled fair player takes it: the
    storage piles (``storage[p, 1..heights[p]]``, bottom first), their heights, each
    final pile's cards, the hand card's rank (0: none) and the unseen cards by rank."""
    storage = np.zeros((sequence.PILES, COLUMNS), np.int8)
    heights = np.zeros(sequence.PILES, np.int64)
    for pile, cards in enumerate(state.storage):
        heights[pile] = len(cards)
        storage[pile, 1:len(cards) + 1] = [card.rank for card in cards]
    placed = np.array([len(pile) for pile in state.finals], np.int64)
    unseen = np.zeros(sequence.PILE_SIZE + 2, np.int64)  # by rank, 0 and 14 unused
    for rank, count in Counter(card.rank for card in state.deck).items():
        unseen[rank] = count
    return storage, heights, placed, 0 if state.hand is None else state.hand.rank, unseen


class FairPlayer:
    """Chooses as the compiled fair player does with ``seed`` (a batch game's deal
    number), so its games equal the batch kernel's move for move. ``samples``
    overrides the level's count, for tests and experiments."""

    def __init__(self, seed: int, level: str = "fair", samples: int | None = None) -> None:
        self._seed = np.uint64(seed)
        check_name(level, LEVELS, "Sequence Solitaire's fair player")
        self._samples = SAMPLES[level] if samples is None else samples
        # The endgame's table of values (``sequence_endgame``), kept from move to move.
        self._table: tuple[np.ndarray, np.ndarray] | None = None

    def choose(self, state: State) -> Move:
        from rules.fast.sequence_fair import NO_MOVE, plain_exact, plain_weighed, table

        storage, heights, placed, hand, unseen = seen(state)
        if self._table is None:
            self._table = table()
        # As the batch kernel plays it (``_game``): the halves called apart, each
        # compiled in a process of its own in the warm-up, at once.
        source, target, found = plain_exact(storage, heights, placed, hand, unseen,
                                            self._samples, *self._table)
        if not found:
            source, target = plain_weighed(storage, heights, placed, hand, unseen,
                                           self._seed, state.moves, self._samples)
        if source == NO_MOVE:
            raise IllegalMove("the game is over: there is no move to choose")
        return move_of(int(source), int(target))


def move_of(source: int, target: int) -> Move:
    """A move as the compiled players code it, (source, target), in the rules' terms:
    source a storage pile or HAND (-1), target a final pile or PILES + a storage pile."""
    if target >= sequence.PILES:
        return ToStorage(target - sequence.PILES)
    return ToFinal(None if source < 0 else source, target)
