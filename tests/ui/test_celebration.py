"""A won game's celebration: shown over the game, moving, ended by any key (which
does nothing else), and not shown when reduced motion is asked for."""

from __future__ import annotations

from typing import Any

import pytest

from rules.hit_or_miss import Options
from solitaire_tui.games.hit_or_miss.screen import HitOrMissScreen
from solitaire_tui.start import Start
from solitaire_tui.ui.celebration import Cascade, Celebration
from solitaire_tui.ui.game_screen import GameScreen
from tests.support.hit_or_miss import IN_ORDER, play_out
from tests.support.pilots import SIZE, until


@pytest.fixture
def celebrations(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameScreen, "CELEBRATE", True)


@pytest.mark.parametrize("no_color", [False, True])
@pytest.mark.usefixtures("celebrations")
@pytest.mark.slow
async def test_a_win_is_celebrated_and_any_key_ends_it(
        make_app: Any, monkeypatch: pytest.MonkeyPatch, no_color: bool) -> None:
    if no_color:  # Textual's filter then reads every cell's style
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(Start("hit-or-miss", IN_ORDER, Options()))
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        assert isinstance(game, HitOrMissScreen)
        await play_out(pilot, game)
        await until(pilot, lambda: isinstance(app.screen, Celebration))
        cascade = app.screen.query_one(Cascade)
        await until(pilot, lambda: cascade.thrown >= 2)  # the cards fly
        assert app.is_running
        moves = len(game.session.moves)
        await pilot.press("u")  # any key: it ends the celebration, and is not an undo
        assert app.screen is game
        assert len(game.session.moves) == moves and game.session.is_over


@pytest.mark.usefixtures("celebrations")
async def test_reduced_motion_is_not_celebrated(make_app: Any) -> None:
    app = make_app(Start("hit-or-miss", IN_ORDER, Options()))
    app.animation_level = "basic"
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        assert isinstance(game, HitOrMissScreen)
        await play_out(pilot, game)
        await pilot.pause()
        assert app.screen is game and game.session.is_over
