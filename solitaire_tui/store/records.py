"""The player's own record: games played and won, and win streaks, per game and variant.

The file lives in the user's data directory (platformdirs) and is rewritten whole,
atomically (``files``), after every finished game.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from solitaire_tui.store.files import load_json, write_atomically

FILE_NAME = "records.json"
DATA_DIR_VARIABLE = "SOLITAIRE_TUI_DATA_DIR"  # overrides platformdirs, for tests and trials
FORMAT = 1


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    import platformdirs  # only here: the tests and the command line rarely need it

    return platformdirs.user_data_path("solitaire-tui", appauthor=False)


@dataclass
class Record:
    played: int = 0
    won: int = 0
    streak: int = 0  # wins in a row, up to the last game
    best: int = 0  # the longest such run

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    def add(self, won: bool) -> None:
        self.played += 1
        self.won += won
        self.streak = self.streak + 1 if won else 0
        self.best = max(self.best, self.streak)

    def summary(self) -> str:
        rate = "" if self.win_rate is None else f" ({self.win_rate:.0%})"
        return (f"played {self.played}, won {self.won}{rate}; streak {self.streak},"
                f" best {self.best}")


class Records:
    """Every record, by game key and then variant name."""

    def __init__(self, path: Path | None, games: dict[str, dict[str, Record]] | None = None):
        self.path = path  # None keeps the records in memory only
        self.games = games or {}

    @classmethod
    def load(cls, path: Path) -> tuple[Records, str | None]:
        """The records in ``path``, and a notice for the player if it could not be read."""
        games, writable, notice = load_json(path, _parse, "Your statistics",
                                            "this session's games")
        return cls(path if writable else None, games), notice

    def record(self, game: str, variant: str) -> Record:
        return self.games.get(game, {}).get(variant, Record())

    def total(self, game: str) -> Record:
        """Played and won over every variant of a game (streaks are per variant)."""
        total = Record()
        for record in self.games.get(game, {}).values():
            total.played += record.played
            total.won += record.won
        return total

    def add(self, game: str, variant: str, won: bool) -> Record:
        """Count a finished game and save at once; returns the variant's new record."""
        record = self.games.setdefault(game, {}).setdefault(variant, Record())
        record.add(won)
        if self.path is not None:
            self.save(self.path)
        return record

    def save(self, path: Path) -> None:
        data = {"format": FORMAT, "games": {
            game: {variant: asdict(record) for variant, record in variants.items()}
            for game, variants in self.games.items()
        }}
        write_atomically(path, json.dumps(data, indent=1, sort_keys=True) + "\n")


def _parse(data: Any) -> dict[str, dict[str, Record]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a format-{FORMAT} statistics file")
    games: dict[str, dict[str, Record]] = {}
    for game, variants in data["games"].items():
        games[game] = {}
        for variant, fields in variants.items():
            record = Record(**fields)
            numbers = (record.played, record.won, record.streak, record.best)
            if not all(isinstance(n, int) and n >= 0 for n in numbers) or (
                    record.won > record.played):
                raise ValueError(f"impossible figures for {game} {variant}")
            games[game][variant] = record
    return games
