"""``widgets.trail.CardTrail``: the newest cards of a pile under its heading, or on the
heading's own line when the trail is given a single line (a short terminal, with the
engine's note under the board), so a heading never counts cards that are not shown."""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult

from solitaire_tui.widgets.cards import cards_text
from solitaire_tui.widgets.trail import CARD_CELLS, CardTrail
from tests.support.decks import ranks

pytestmark = pytest.mark.engine_free

CARDS = ranks(1, 2, 3, 4, 5, 6, 7, 8)


class Trail(App[None]):
    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.room = f"CardTrail {{ width: {width}; height: {height}; }}"

    def compose(self) -> ComposeResult:
        yield CardTrail("Misses")

    def on_mount(self) -> None:
        self.stylesheet.add_source(self.room)
        self.refresh_css()


async def shown(width: int, height: int) -> str:
    app = Trail(width, height)
    async with app.run_test(size=(100, 10)) as pilot:
        trail = app.query_one(CardTrail)
        trail.show(CARDS)
        await pilot.pause()
        assert trail.size == (width, height)
        return trail.render().plain


async def test_a_trail_given_one_line_shows_the_newest_cards_that_fit_on_it() -> None:
    line = await shown(40, 1)
    found = re.fullmatch(r"Misses  the newest (\d) of 8: (.*)", line)
    assert found is not None, line
    count = int(found[1])
    assert found[2] == cards_text(CARDS[-count:]).plain
    assert count > 0 and len(line) <= 40 < len(line) + CARD_CELLS  # as many as fit


async def test_a_trail_given_one_wide_line_shows_every_card_oldest_first() -> None:
    assert await shown(80, 1) == "Misses  8, oldest first: " + cards_text(CARDS).plain


async def test_a_trail_with_room_shows_the_cards_under_its_heading() -> None:
    heading, *rows = (await shown(40, 3)).split("\n")
    assert heading == "Misses  8, oldest first"
    per_line = (40 + 1) // CARD_CELLS
    assert rows == [cards_text(CARDS[start:start + per_line]).plain
                    for start in range(0, len(CARDS), per_line)]
