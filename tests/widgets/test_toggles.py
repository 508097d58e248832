"""Check boxes and radio buttons read from their characters alone (no colour needed)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import RadioSet

from solitaire_tui.widgets.toggles import Choice, Tick

pytestmark = pytest.mark.engine_free


class Toggles(App[None]):
    def compose(self) -> ComposeResult:
        yield Tick("fair", True, id="fair")
        yield Tick("quick", False, id="quick")
        with RadioSet():
            yield Choice("2", True, id="two")
            yield Choice("4", id="four")


def line(app: Toggles, id: str) -> str:
    return app.query_one(f"#{id}").render().plain  # type: ignore[union-attr]


async def test_ticked_and_chosen_differ_in_their_characters() -> None:
    app = Toggles()
    async with app.run_test() as pilot:
        assert "✓" in line(app, "fair") and "✓" not in line(app, "quick")
        assert "●" in line(app, "two") and "●" not in line(app, "four")
        app.query_one("#quick").focus()
        await pilot.press("space")
        await pilot.pause()
        assert "✓" in line(app, "quick")
        await pilot.click("#four")
        await pilot.pause()
        assert "●" in line(app, "four") and "●" not in line(app, "two")
