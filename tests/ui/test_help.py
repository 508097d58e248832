"""A game's rules page: composed once the board is drawn, so the first ``?`` only lays
it out and draws it (``ui.help.help_ahead``); its words come as it is first shown."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Markdown

from solitaire_tui.app import SolitaireApp
from solitaire_tui.decks import numbered
from solitaire_tui.start import Start
from solitaire_tui.ui.help import HelpScreen
from tests.support.pilots import SIZE, until


async def test_the_rules_page_is_composed_before_the_first_question_mark(
        data_path: Path) -> None:
    app = SolitaireApp(data=data_path, start=Start("sequence", numbered(3)))
    async with app.run_test(size=SIZE) as pilot:
        board = app.screen
        pages: list[HelpScreen] = []

        def composed() -> bool:
            pages[:] = [screen for screen in app._installed_screens.values()
                        if isinstance(screen, HelpScreen)]
            return bool(pages) and pages[0].is_running

        await until(pilot, composed)
        (page,) = pages
        assert page not in app.screen_stack and not page.query(Markdown)  # no words yet
        await pilot.press("question_mark")
        assert app.screen is page  # the page composed ahead, shown
        await until(pilot, lambda: bool(page.query(Markdown)))  # its words, as it shows
        assert "Sequence" in page.markdown
        await pilot.press("escape")
        assert app.screen is board
