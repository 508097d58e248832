"""What the app opens on, decided by the command line before Textual is imported."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solitaire_tui.decks import Deck


@dataclass(frozen=True)
class Start:
    """A game to open at once, as ``solitaire-tui play GAME`` asks."""

    game: str
    deck: Deck | None = None
    options: Any = None  # the game's rules Options; None lets the screen ask
