"""A game's screen takes no focus: every key on it is the game's, and nothing on it is
focusable, so it asks Textual for no auto focus (``GameScreen.AUTO_FOCUS``), which
queried the whole board each time the screen came back from a page or a dialog."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire_tui.app import SolitaireApp
from solitaire_tui.cli import build_parser
from solitaire_tui.decks import numbered
from solitaire_tui.games.game import Game
from solitaire_tui.games.registry import GAMES
from solitaire_tui.start import Start
from solitaire_tui.ui.game_screen import GameScreen
from tests.support.pilots import SIZE, until


def _start(game: Game) -> Start:
    """The game as ``solitaire-tui play GAME`` opens it, with its options as given."""
    deck = numbered(1) if game.USES_DECK else None
    return Start(game.key, deck,
                 game.screen_options(build_parser().parse_args(["play", game.key]), deck))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
async def test_a_game_screen_has_nothing_to_focus(data_path: Path, game: Game) -> None:
    app = SolitaireApp(data=data_path, start=_start(game))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):
            await pilot.press("enter")  # a table set up first (Add/Residue's): as it is
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert screen.AUTO_FOCUS == ""
        assert [widget for widget in screen.query("*") if widget.focusable] == []
        await pilot.press("question_mark", "escape")
        assert app.screen is screen and screen.focused is None
