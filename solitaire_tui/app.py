"""The Textual app: the menu, and the game screens it opens.

Only the rules modules and Textual are imported here; the compiled autoplay engine
(numba) is never loaded at start-up.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from textual.app import App

from solitaire_tui.decks import Deck
from solitaire_tui.keys import APP_KEYS
from solitaire_tui.records import FILE_NAME, Records, data_dir
from solitaire_tui.screens.game import GameScreen
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.start import Start

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

    def on_mount(self) -> None:
        self.records, notice = Records.load(self.records_path)
        self.push_screen(MenuScreen(self.records))
        if notice is not None:
            self.notify(notice, title="Statistics", severity="warning", timeout=15)
        if self.opening is not None:
            self.open_game(self.opening.game, self.opening.deck, self.opening.options)

    def open_game(self, game: str, deck: Deck | None = None, options: Any = None) -> None:
        self.push_screen(game_screen(game)(self.records, deck, options))
