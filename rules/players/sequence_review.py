"""A review of a Sequence game: at each decision, how likely a win was after the move
played and after the best one, as the fair player's evaluation sees it.

A decision is a position with more than one legal move. With a hand card, each move's
chance is the share of ``SAMPLES`` orders of the unseen cards that its rollout by the
fair player's rule of thumb wins (``rules.fast.sequence_review``: the orders the same
for every move, so two moves are compared on the same futures). Once the deck is used
up nothing is unseen, and the solver says exactly whether each move still wins.

The orders come from the deal's number and the move's, so a review of the same game
is the same on any machine. numpy and numba are imported only when a review is asked
for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules import sequence
from rules.sequence import Move, State, ToStorage

SAMPLES = 400  # orders a decision is weighed on: a chance to within about 2.5 points
COSTLY = 0.02  # a move that gave up this much of a chance or more is marked (2 points)
HAND = -1  # a move's source when it is the hand card (``rules.fast.sequence``)


@dataclass(frozen=True)
class Decision:
    """One decision of the game: its move number (from 1), the position, the move
    played, and every legal move's chance of a win (from 0 to 1)."""

    number: int
    state: State
    played: Move
    chances: dict[Move, float]

    @property
    def best(self) -> Move:
        """The move with the best chance; the one played when it is as good."""
        top = max(self.chances.values())
        return self.played if self.chances[self.played] >= top else max(
            self.chances, key=lambda move: self.chances[move])

    @property
    def cost(self) -> float:
        """How much of a chance the move played gave up (0 for the best)."""
        return self.chances[self.best] - self.chances[self.played]

    @property
    def costly(self) -> bool:
        return self.cost >= COSTLY


class Stopped(Exception):
    """The review was stopped before its end."""


def _code(move: Move) -> tuple[int, int]:
    """A move as the compiled players code it: (source, target)."""
    if isinstance(move, ToStorage):
        return HAND, sequence.PILES + move.pile
    return HAND if move.source is None else move.source, move.pile


def chances(state: State, moves: Sequence[Move], seed: int,
            samples: int = SAMPLES) -> list[float]:
    """Each of ``moves``' chance of a win from ``state``."""
    if state.hand is None:  # nothing unseen: won or lost for certain
        from rules.fast.sequence_solver import solve

        return [1.0 if solve(sequence.apply(state, move)).verdict == "won" else 0.0
                for move in moves]
    import numpy as np

    from rules.fast.sequence_review import wins

    storage = np.zeros((sequence.PILES, sequence.PILES * sequence.PILE_SIZE + 1), np.int8)
    heights = np.zeros(sequence.PILES, np.int64)
    for pile, cards in enumerate(state.storage):
        heights[pile] = len(cards)
        storage[pile, 1:len(cards) + 1] = [card.rank for card in cards]
    placed = np.array([len(pile) for pile in state.finals], np.int64)
    unseen = np.zeros(sequence.PILE_SIZE + 2, np.int64)
    for rank, count in Counter(card.rank for card in state.deck).items():
        unseen[rank] = count
    codes = np.array([_code(move) for move in moves], np.int64).reshape(len(moves), 2)
    won = wins(storage, heights, placed, state.hand.rank, unseen, np.uint64(seed), samples,
               codes[:, 0].copy(), codes[:, 1].copy())
    return [int(count) / samples for count in won]


def review(start: State, played: Sequence[Move], deal: int, samples: int = SAMPLES,
           stop: Callable[[], bool] = lambda: False,
           progress: Callable[[int, int], None] = lambda done, of: None) -> list[Decision]:
    """Every decision of the game played from ``start``, weighed; ``stop()`` (asked
    before each) ends it with ``Stopped``, ``progress(done, of)`` hears each one."""
    decisions: list[Decision] = []
    state = start
    for number, move in enumerate(played, 1):
        if stop():
            raise Stopped
        legal = sequence.legal_moves(state)
        if len(legal) > 1:
            seed = (deal * 1_000_003 + number) % 2**64
            found = chances(state, legal, seed, samples)
            decisions.append(Decision(number, state, move, dict(zip(legal, found,
                                                                    strict=True))))
        progress(number, len(played))
        state = sequence.apply(state, move)
    return decisions
