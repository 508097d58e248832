"""The Textual app: the menu, and the screens it opens when a screen asks.

Screens ask by message (``messages``): open a game, the statistics panel, a replay.
The app finds the game in the registry, so it names none itself. Only the rules
modules and Textual are imported at start-up; the compiled engine (numba) never is.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from textual import on
from textual.app import App

from solitaire_tui.decks import Deck
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.messages import OpenGame, OpenReplay, OpenStats
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.start import Start
from solitaire_tui.store.database import Database, data_dir
from solitaire_tui.store.history import History
from solitaire_tui.store.legacy import import_old_files
from solitaire_tui.store.records import Records
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import APP_KEYS


class SolitaireApp(App[None]):
    TITLE = "solitaire-tui"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = "app.tcss"
    BINDINGS = APP_KEYS

    def __init__(self, data: Path | None = None, start: Start | None = None) -> None:
        """``data``: the directory of the player's database (by default the data
        directory, ``store.database.data_dir``)."""
        super().__init__()
        self.database = Database(data or data_dir())
        self.opening = start
        self.records = Records(self.database)
        self.history = History(self.database)

    def on_mount(self) -> None:
        self.database.listen(partial(self.notify, title="Your saved games",
                                     severity="warning", timeout=15))
        import_old_files(self.database)
        self.push_screen(MenuScreen(self.records))
        if self.opening is not None:
            opening = self.opening
            self.push_screen(self._game_screen(opening.game, opening.deck, opening.options))

    def _game_screen(self, key: str, deck: Deck | None, options: Any) -> GameScreen[Any, Any]:
        game = GAMES_BY_KEY[key]
        return game.screen()(game, self.records, deck, options)

    def on_unmount(self) -> None:
        self.database.close()

    @on(OpenGame)
    def _open_game(self, message: OpenGame) -> None:
        self.push_screen(self._game_screen(message.game, message.deck, message.options))

    @on(OpenReplay)
    def _open_replay(self, message: OpenReplay) -> None:
        """A game from an autoplay run (or a search) on its screen, to step through."""
        replay = message.replay
        screen = self._game_screen(replay.game, replay.deck, replay.options)
        screen.replay(replay)
        self.push_screen(screen)

    @on(OpenStats)
    def _open_stats(self, message: OpenStats) -> None:
        from solitaire_tui.screens.stats import StatsScreen

        self.push_screen(StatsScreen(GAMES_BY_KEY[message.game], message.options,
                                     history=self.history))
