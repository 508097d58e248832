"""``widgets.engine_status``: the warm-up's line, whose seconds change every second,
lays the screen out again only when its rows change."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.reactive import reactive

from solitaire_tui.widgets.engine_status import EngineStatus
from tests.support.pilots import refreshes, until

pytestmark = pytest.mark.engine_free


class Warming(App[None]):
    engine_note: reactive[str] = reactive("")

    def compose(self) -> ComposeResult:
        yield EngineStatus()


async def test_the_lines_ticks_repaint_it_and_only_a_change_of_rows_lays_it_out() -> None:
    app = Warming()
    async with app.run_test(size=(40, 10)) as pilot:
        status = app.query_one(EngineStatus)
        app.engine_note = "Preparing the engine, 1 s in"
        await until(pilot, lambda: status.display and status.size.height == 1, 10)
        asked = refreshes(status)
        app.engine_note = "Preparing the engine, 2 s in"
        app.engine_note = "Preparing the engine, 2 s in"  # the same: nothing to do
        assert asked == [False]
        app.engine_note = "Preparing the engine, 3 s in: compiling Sequence's fair player"
        assert asked == [False, False, True]  # two rows at 40 columns
        await until(pilot, lambda: status.size.height == 2, 10)
        assert "3 s in" in str(status.render())
        app.engine_note = ""
        await until(pilot, lambda: not status.display, 10)
