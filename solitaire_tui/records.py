"""The player's own record: games played and won, and win streaks, per game and variant.

The file lives in the user's data directory (platformdirs) and is rewritten whole,
atomically, after every finished game, so a crash never leaves half a file. A file
that cannot be read is moved aside, never overwritten, and the player is told
where it went.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

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
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(path), None
        except OSError as error:
            return cls(None), (f"Your statistics in {path} could not be read"
                               f" ({error.strerror}); this session's games will not be saved.")
        try:
            return cls(path, _parse(json.loads(text))), None
        except (ValueError, TypeError, KeyError) as error:
            aside = _move_aside(path)
            if aside is None:
                return cls(None), (f"Your statistics in {path} are damaged ({error}) and could"
                                   " not be moved aside; this session's games will not be saved.")
            return cls(path), (f"Your statistics file was damaged ({error}); it was moved to"
                               f" {aside.name} beside it and a new one started.")

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
        _write_atomically(path, json.dumps(data, indent=1, sort_keys=True) + "\n")


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


def _move_aside(path: Path) -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for extra in range(100):
        aside = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{extra}" if extra else ""))
        if not aside.exists():
            try:
                path.rename(aside)
            except OSError:
                return None
            return aside
    return None


def _write_atomically(path: Path, text: str) -> None:
    """Write beside the target, flush to disk, then rename over it in one step."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
