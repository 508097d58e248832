"""The options a player last chose for each game (a Hit or Miss variant, the relay's
players), so that entering the game again does not ask again.

Kept as the game's own panel options (``Game.panel_options``, plain JSON), one row a
game, replaced in one transaction; a row that cannot be read is as if none were kept.
"""

from __future__ import annotations

import json
from typing import Any

from solitaire_tui.store.database import Database


class Choices:
    def __init__(self, database: Database) -> None:
        self.database = database

    def get(self, game: str) -> dict[str, Any] | None:
        rows = self.database.read("SELECT options FROM choices WHERE game = ?", (game,))
        if not rows:
            return None
        try:
            options = json.loads(rows[0][0])
        except (TypeError, ValueError):
            return None
        return options if isinstance(options, dict) else None

    def put(self, game: str, options: dict[str, Any]) -> None:
        """Remember ``options`` for ``game`` (``StoreError`` if they cannot be)."""
        with self.database.writing("Your choice of options") as connection:
            connection.execute("INSERT OR REPLACE INTO choices (game, options) VALUES (?, ?)",
                               (game, json.dumps(options)))
