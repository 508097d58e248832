"""``widgets.text.set_text``: a text widget changes, and the screen is laid out again,
only when what it shows changes, and only when its size can follow its content."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from solitaire_tui.widgets.text import set_text
from solitaire_tui.widgets.trail import CardTrail
from tests.support.decks import ranks
from tests.support.pilots import refreshes

pytestmark = pytest.mark.engine_free


class Lines(App[None]):
    CSS = "#fixed { height: 1; } #auto { width: auto; }"

    def compose(self) -> ComposeResult:
        yield Static("one", id="fixed")
        yield Static("one", id="auto")


async def test_only_a_change_is_shown_and_only_a_size_that_can_follow_is_laid_out() -> None:
    app = Lines()
    async with app.run_test() as pilot:
        fixed, auto = app.query_one("#fixed", Static), app.query_one("#auto", Static)
        fixed_asked, auto_asked = refreshes(fixed), refreshes(auto)
        set_text(fixed, "one")
        set_text(auto, "one")
        assert fixed_asked == auto_asked == []  # the same words: nothing to do
        set_text(fixed, "two")
        set_text(auto, "a longer line")
        assert fixed_asked == [False] and auto_asked == [True]
        await pilot.pause()
        assert str(fixed.render()) == "two" and auto.size.width == len("a longer line")


class Wrapped(App[None]):
    CSS = "#status { width: 20; height: auto; }"

    def compose(self) -> ComposeResult:
        yield Static("moves 1", id="status")
        yield CardTrail("Discards", id="trail")


async def test_a_line_that_wraps_is_laid_out_only_when_its_rows_change() -> None:
    app = Wrapped()
    async with app.run_test(size=(20, 12)) as pilot:
        status, trail = app.query_one("#status", Static), app.query_one(CardTrail)
        status_asked, trail_asked = refreshes(status), refreshes(trail)
        set_text(status, "moves 2")  # one row still: repainted only
        trail.show(ranks(1, 2))  # three cards to a row at 20 columns: two rows still
        assert status_asked == [False] and trail_asked == [False]
        set_text(status, "moves 3, and a line too long for twenty columns")
        trail.show(ranks(1, 2, 3, 4))
        assert status_asked == [False, False, True] and trail_asked == [False, True]
        await pilot.pause()
        assert status.size.height == 3 and trail.size.height == 3
        set_text(status, "moves 4")
        trail.show(())
        assert status_asked[-1] and trail_asked[-1]
        await pilot.pause()
        assert status.size.height == 1 and trail.size.height == 2
