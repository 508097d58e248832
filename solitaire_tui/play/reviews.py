"""A finished game's review, kept: ``v`` again on the same game shows the review
already weighed, at once. A review is seconds of weighing (``rules.review``), and the
same game weighs the same (its draws are seeded by the game's number), so weighing
it again would only make the player wait for what they saw."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.review import Decision

# The review's work: (stop, progress) to the decisions, or ``rules.review.Stopped``.
Work = Callable[[Callable[[], bool], Callable[[int, int], None]], Sequence[Decision[Any, Any]]]


class LastReview:
    """The last review a screen showed, and the game it was of."""

    def __init__(self) -> None:
        self._game: object = None
        self._decisions: Sequence[Decision[Any, Any]] | None = None

    def of(self, game: object, weigh: Work) -> Work:
        """``weigh`` for ``game`` (any value equal for the same game played alike: its
        start, moves and seed): the answer of a weighing that ran to its end is kept
        and given again, unweighed, while the game asked about is the same."""
        def kept(stop: Callable[[], bool],
                 heard: Callable[[int, int], None]) -> Sequence[Decision[Any, Any]]:
            if self._decisions is not None and self._game == game:
                return self._decisions
            decisions = weigh(stop, heard)  # a stopped weighing raises: nothing is kept
            self._game, self._decisions = game, decisions
            return decisions

        return kept
