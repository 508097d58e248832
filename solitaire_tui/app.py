"""The Textual app: the menu, and the game screens it opens.

Only the rules modules and Textual are imported here; the compiled autoplay engine
(numba) is never loaded at start-up.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

from solitaire_tui.decks import Deck
from solitaire_tui.history import FILE_NAME as HISTORY_FILE
from solitaire_tui.history import History
from solitaire_tui.keys import APP_KEYS
from solitaire_tui.records import FILE_NAME, Records, data_dir
from solitaire_tui.screens.game import GameScreen
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.start import Start

if TYPE_CHECKING:
    from solitaire_tui.replay import Replay

# Each game's screen, imported when first opened.
GAME_SCREENS = {
    "hit-or-miss": "solitaire_tui.screens.hit_or_miss:HitOrMissScreen",
    "relay": "solitaire_tui.screens.relay:RelayScreen",
    "one-handed": "solitaire_tui.screens.one_handed:OneHandedScreen",
    "sequence": "solitaire_tui.screens.sequence:SequenceScreen",
    "add-residue": "solitaire_tui.screens.add_residue:AddResidueScreen",
}


def game_screen(game: str) -> type[GameScreen[Any, Any]]:
    module, name = GAME_SCREENS[game].split(":")
    screen: type[GameScreen[Any, Any]] = getattr(importlib.import_module(module), name)
    return screen


class SolitaireApp(App[None]):
    TITLE = "solitaire-tui"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = APP_KEYS

    def __init__(self, records_path: Path | None = None, start: Start | None = None) -> None:
        super().__init__()
        self.records_path = records_path or data_dir() / FILE_NAME
        self.opening = start
        self.records = Records(None)
        self._history: History | None = None

    @property
    def history(self) -> History:
        """The saved runs, read when the statistics panel first needs them; they live
        beside the records."""
        if self._history is None:
            self._history, notice = History.load(self.records_path.with_name(HISTORY_FILE))
            if notice is not None:
                self.notify(notice, title="History of runs", severity="warning", timeout=15)
        return self._history

    def on_mount(self) -> None:
        self.records, notice = Records.load(self.records_path)
        self.push_screen(MenuScreen(self.records))
        if notice is not None:
            self.notify(notice, title="Statistics", severity="warning", timeout=15)
        if self.opening is not None:
            self.open_game(self.opening.game, self.opening.deck, self.opening.options)

    def open_game(self, game: str, deck: Deck | None = None, options: Any = None) -> None:
        self.push_screen(game_screen(game)(self.records, deck, options))

    def open_replay(self, replay: Replay) -> None:
        """A game from an autoplay run on its screen, to step through."""
        screen = game_screen(replay.game)(self.records, replay.deck, replay.options)
        screen.replay(replay)
        self.push_screen(screen)

    def open_stats(self, game: str, options: Mapping[str, Any] | None = None) -> None:
        from solitaire_tui.screens.stats import StatsScreen

        self.push_screen(StatsScreen(game, options))

    def open_zero_strike(self) -> None:
        """The search for the longest Hit or Miss game won without a strike."""
        from solitaire_tui.screens.zero_strike import ZeroStrikeScreen

        self.push_screen(ZeroStrikeScreen())
