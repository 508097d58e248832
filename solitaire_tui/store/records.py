"""The player's own record: each finished game is a row, and the figures the menu and
the banners show (played, won, streaks) are read from the rows when asked.

Because the figures are never kept anywhere but in the rows, any number of windows
and processes can add games at once and every one of them is counted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from solitaire_tui.store.database import Database

How = Literal["player", "help", "auto", "replay"]


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


@dataclass(frozen=True)
class Played:
    """One finished game, as it is saved."""

    game: str  # the game's key
    variant: str
    deal: int | None  # None for a deck typed in
    deck: str | None  # the cards as text, when typed in
    won: bool
    result: str  # why, as the banner said it
    score: int | None
    how: How  # by the player alone, with help, auto played, or a replay
    counts: bool  # toward the player's record


class Records:
    """Every finished game, and the records they make, by game key and variant."""

    def __init__(self, database: Database) -> None:
        self.database = database
        # By game: the id of the last row counted, and the records up to it.
        self._read: dict[str, tuple[int, dict[str, Record]]] = {}

    def add(self, game: Played) -> None:
        """Save a finished game at once, in one transaction (``StoreError`` if it
        cannot be)."""
        finished = datetime.now().astimezone().isoformat(timespec="seconds")
        with self.database.writing("This game") as connection:
            connection.execute(
                "INSERT INTO games (game, variant, deal, deck, won, result, score,"
                " finished, how, counts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game.game, game.variant, None if game.deal is None else str(game.deal),
                 game.deck, int(game.won), game.result, game.score, finished, game.how,
                 int(game.counts)))

    def finished_before(self, game: str, variant: str, deal: int | None,
                        deck: str | None) -> bool:
        """Whether this deal (or typed deck) of ``game``'s ``variant`` was played to its
        end before, by this player in any window."""
        if deal is None and deck is None:
            return False
        column, value = ("deal", str(deal)) if deal is not None else ("deck", deck)
        return bool(self.database.read(
            f"SELECT 1 FROM games WHERE game = ? AND variant = ? AND {column} = ? LIMIT 1",
            (game, variant, value)))

    def variants(self, game: str) -> dict[str, Record]:
        """The record of each variant of ``game`` played, by variant name: the totals
        an earlier release kept (``legacy``), then every counted row in order.

        Rows are only ever added, each with a higher id than any before it (whichever
        process adds it), so the records are kept per game with the last id read,
        and only newer rows are read next time: a menu key stays quick with tens of
        thousands of games saved, and a game another window added is counted."""
        if game not in self._read:
            self._read[game] = (0, {variant: Record(played, won, streak, best)
                                    for variant, played, won, streak, best in
                                    self.database.read(
                                        "SELECT variant, played, won, streak, best"
                                        " FROM imported_records WHERE game = ?", (game,))})
        last, records = self._read[game]
        rows = self.database.read("SELECT id, variant, won FROM games WHERE game = ? AND"
                                  " counts AND id > ? ORDER BY id", (game, last))
        for _, variant, won in rows:
            records.setdefault(variant, Record()).add(bool(won))
        if rows:
            self._read[game] = (rows[-1][0], records)
        return {variant: replace(record) for variant, record in records.items()}

    def record(self, game: str, variant: str) -> Record:
        return self.variants(game).get(variant, Record())

    def total(self, game: str) -> Record:
        """Played and won over every variant of a game (streaks are per variant)."""
        total = Record()
        for record in self.variants(game).values():
            total.played += record.played
            total.won += record.won
        return total
