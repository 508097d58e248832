"""Auto play in the frame every game screen shares: its pace, the speed it shows, its
sign, and the footer it leaves alone while it plays."""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer

from rules import hit_or_miss
from rules.hit_or_miss import Options
from solitaire_tui.decks import numbered
from solitaire_tui.games.hit_or_miss.screen import PLAY_KEYS, HitOrMissScreen
from solitaire_tui.start import Start
from tests.pilots import SIZE

DEAL = 13  # 567 cards turned: auto play goes on for as long as these tests watch


async def test_the_footer_is_built_again_only_when_its_keys_change(make_app: Any) -> None:
    """A screen refreshes its bindings after every move; rebuilding the footer each
    time was most of the cost of a move in fast auto play."""
    deck = numbered(DEAL)
    app = make_app(Start("hit-or-miss", deck, Options(seed=deck.seed)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        await pilot.press(*call_keys(screen))  # undo comes into the footer
        keys = list(screen.query_one(Footer).children)
        for _ in range(3):
            await pilot.press(*call_keys(screen))
        assert len(screen.session.moves) == 4
        assert list(screen.query_one(Footer).children) == keys  # the same widgets
        await pilot.press("a")  # + and - come into the footer
        await pilot.pause()
        assert list(screen.query_one(Footer).children) != keys


def call_keys(screen: HitOrMissScreen) -> str:
    (call,) = hit_or_miss.legal_moves(screen.session.state)
    return PLAY_KEYS[call]
