"""A finished game's review is kept for ``v`` again (``solitaire_tui.play.reviews``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules.review import Decision, Stopped
from solitaire_tui.play.reviews import LastReview

pytestmark = pytest.mark.engine_free


class Weighing:
    """A review's work that counts its runs, and stops when told to."""

    def __init__(self) -> None:
        self.runs = 0
        self.stopping = False

    def __call__(self, stop: Callable[[], bool],
                 heard: Callable[[int, int], None]) -> list[Decision[Any, Any]]:
        self.runs += 1
        if self.stopping:
            raise Stopped
        heard(1, 1)
        return [Decision(self.runs, "position", "played", {"played": 0.5, "best": 0.75})]


def test_the_same_game_is_weighed_once_and_another_again() -> None:
    kept, weighing = LastReview(), Weighing()
    first = kept.of(("start", ("a", "b")), weighing)(lambda: False, lambda done, of: None)
    again = kept.of(("start", ("a", "b")), weighing)(lambda: False, lambda done, of: None)
    assert again is first and weighing.runs == 1
    other = kept.of(("start", ("a",)), weighing)(lambda: False, lambda done, of: None)
    assert other != first and weighing.runs == 2


def test_a_stopped_weighing_keeps_nothing() -> None:
    kept, weighing = LastReview(), Weighing()
    weighing.stopping = True
    with pytest.raises(Stopped):
        kept.of("game", weighing)(lambda: True, lambda done, of: None)
    weighing.stopping = False
    decisions = kept.of("game", weighing)(lambda: False, lambda done, of: None)
    assert weighing.runs == 2 and decisions[0].number == 2
