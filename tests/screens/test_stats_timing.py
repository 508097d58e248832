"""The panel's timing waits for the engine's parts it calls (``timing._waited``),
saying which and how long, without Textual: a stand-in warm-up."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from solitaire_tui.engine import Warmup
from solitaire_tui.screens.stats.timing import _waited

pytestmark = pytest.mark.engine_free


class StandIn:
    """A warm-up with ``left`` parts still compiling, each ready after two ticks."""

    # The warm-up's own telling, on the stand-in's parts and clock.
    told_wait = Warmup.told_wait
    away = Warmup.away

    def __init__(self, left: set[str]) -> None:
        self.left = left

    def pending(self, name: str) -> bool:
        return name in self.left

    def title(self, name: str) -> str:
        return f"the {name} part"

    def how_long(self, name: str) -> str:
        return f"about {len(self.left)} s more"

    def wait(self, name: str, stop: Callable[[], bool],
             tick: Callable[[], None] | None = None) -> bool:
        for _ in range(2):
            if stop():
                return False
            if tick is not None:
                tick()
        self.left.discard(name)
        return True


def test_each_part_still_compiling_is_said_then_nothing_once_all_are_in() -> None:
    said: list[str] = []
    engine = StandIn({"runs", "solver"})
    assert _waited(engine, ["ready", "runs", "solver"], lambda: False,  # type: ignore[arg-type]
                   said.append)
    assert said == ["the runs part: about 2 s more"] * 3 + [
        "the solver part: about 1 s more"] * 3 + [""]


def test_nothing_is_said_where_no_part_is_awaited() -> None:
    said: list[str] = []
    assert _waited(StandIn(set()), ["runs"], lambda: False, said.append)  # type: ignore[arg-type]
    assert said == []


def test_a_cancelled_timing_stops_waiting_and_says_no_more() -> None:
    said: list[str] = []
    assert not _waited(StandIn({"runs"}), ["runs"], lambda: True,  # type: ignore[arg-type]
                       said.append)
    assert said == ["the runs part: about 1 s more"]
