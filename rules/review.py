"""A review of a finished game: at each decision, each legal move's chance of a win
for the player who made it, so the move played can be set beside the best one.

How a game weighs its moves is its own (``rules.players.sequence_review``: the fair
player's rollouts; ``rules.players.add_residue_review``: perfect play where the game
is solved, the strong player's playouts beyond); what a decision is, which move was
best and what the move played cost is the same for every game, and is here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.play import Rules

S = TypeVar("S")
M = TypeVar("M")

COSTLY = 0.02  # a move that gave up this much of a chance or more is marked (2 points)

# How a game weighs a decision: (the position, its legal moves, the seed of its draws)
# to each move's chance of a win for the mover, from 0 to 1.
Weigh = Callable[[S, Sequence[M], int], list[float]]


@dataclass(frozen=True)
class Decision(Generic[S, M]):
    """One decision of the game: its move number (from 1), the position, the move
    played, and every legal move's chance of a win (from 0 to 1)."""

    number: int
    state: S
    played: M
    chances: dict[M, float]

    @property
    def best(self) -> M:
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
        """Whether the move gave up ``COSTLY`` or more, exactly: chances are shares of
        samples, and the difference of two (0.0875 - 0.0675) can fall an ulp short."""
        return self.cost >= COSTLY or math.isclose(self.cost, COSTLY, abs_tol=1e-12)


class Stopped(Exception):
    """The review was stopped before its end."""


def review(rules: Rules[S, M], start: S, played: Sequence[M], weigh: Weigh[S, M],
           seed: int, stop: Callable[[], bool] = lambda: False,
           progress: Callable[[int, int], None] = lambda done, of: None
           ) -> list[Decision[S, M]]:
    """Every decision of the game played from ``start`` (a position with more than one
    legal move), weighed with draws seeded by the game's ``seed`` and the move's
    number, so a review of the same game is the same on any machine; ``stop()`` (asked
    before each) ends it with ``Stopped``, ``progress(done, of)`` hears each move."""
    decisions: list[Decision[S, M]] = []
    state = start
    for number, move in enumerate(played, 1):
        if stop():
            raise Stopped
        legal = rules.legal_moves(state)
        if len(legal) > 1:
            found = weigh(state, legal, (seed * 1_000_003 + number) % 2**64)
            decisions.append(Decision(number, state, move, dict(zip(legal, found,
                                                                    strict=True))))
        progress(number, len(played))
        state = rules.apply(state, move)
    return decisions
