"""A game screen loads its hint's engine part once the keys rest
(``thinking.LOOK_SECONDS``), not as it opens, when the first keys come."""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_tui.decks import numbered
from solitaire_tui.start import Start
from solitaire_tui.ui import thinking
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.thinking import Thinker
from tests.support.pilots import SIZE, until


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The parts the screen asked to have loaded, in order."""
    asked: list[str | None] = []
    monkeypatch.setattr(Thinker, "preload", lambda _, part: asked.append(part))
    return asked


async def test_the_hint_part_is_loaded_once_no_key_comes(
        make_app: Any, loads: list[str | None], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "LOOK_SECONDS", 0.05)
    app = make_app(Start("sequence", numbered(1)))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(loads))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert loads == [screen.table.hint_player().part]
        assert loads[0] is not None  # Sequence's hint has a compiled part to load


async def test_a_key_puts_the_load_off(make_app: Any, loads: list[str | None],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "LOOK_SECONDS", 3600.0)  # never by itself here
    app = make_app(Start("sequence", numbered(1)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        timer = screen.thinker._quiet
        assert timer is not None
        restarted: list[bool] = []
        monkeypatch.setattr(timer, "reset", lambda: restarted.append(True))
        await pilot.press("u", "1")
        await until(pilot, lambda: len(restarted) == 2)
        assert loads == []
