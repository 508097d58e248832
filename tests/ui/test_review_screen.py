"""The review's window: what its worker sends after the window closed is dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire_tui.app import SolitaireApp
from solitaire_tui.decks import numbered
from solitaire_tui.start import Start
from solitaire_tui.ui.review_screen import ReviewScreen
from tests.support.pilots import until


@pytest.mark.slow
async def test_words_and_decisions_that_come_after_the_review_closed_are_dropped(
        data_path: Path) -> None:
    """A review closed (esc) while its worker's progress or decisions are on their way
    to the screen: they arrive at a window without its widgets, and nothing fails (a
    monkey's keys met it: the app stopped on a query of the gone summary line)."""
    app = SolitaireApp(data=data_path, start=Start("sequence", numbered(7), None))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        game = app.screen
        await pilot.press("e")
        await until(pilot, lambda: game.table.session.is_over)
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is game and not review.children)
        shown = review.decisions
        review._said("Weighing each decision… move 3 of 80 (esc stops)")
        review._show([])
        await pilot.pause()
        assert app.is_running and app.screen is game and review.decisions is shown
