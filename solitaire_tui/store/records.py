"""The player's own record: each finished game is a row, and the figures the menu and
the banners show (played, won, streaks) are read from the rows when asked.

Because the figures are never kept anywhere but in the rows, any number of windows
and processes can add games at once and every one of them is counted.

A finished game is counted at once, in this window, even while its row waits to be
written (``store.writer``): it is in ``Records``' waiting games until the row is read.
Each game has a token of its own, so however often its row is tried (after a lock, from
a pending file, by two processes at once) it is written once.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from typing import Any, Literal, get_args

from solitaire_tui.store.database import Database
from solitaire_tui.store.saving import Now, Save, Saver

How = Literal["player", "help", "auto", "replay"]
HELPED = ("help", "auto")  # how a game with help was played


@dataclass
class Record:
    played: int = 0
    won: int = 0
    streak: int = 0  # wins in a row, up to the last game
    best: int = 0  # the longest such run
    helped: int = 0  # of the wins, those with help (a hint, auto play, finishing)

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    def add(self, won: bool, helped: bool = False) -> None:
        self.played += 1
        self.won += won
        self.helped += won and helped
        self.streak = self.streak + 1 if won else 0
        self.best = max(self.best, self.streak)

    def summary(self, apart: bool = False) -> str:
        """The record in a line; ``apart``: the wins with help said apart (a game with
        choices, where the helper's play is not the player's)."""
        rate = "" if self.win_rate is None else f" ({self.win_rate:.0%})"
        helped = f", {self.helped} with help" if apart and self.helped else ""
        return (f"played {self.played}, won {self.won}{rate}{helped}; streak {self.streak},"
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
    finished: str = field(default_factory=lambda: datetime.now().astimezone().isoformat(
        timespec="seconds"))  # when, in local time with its offset
    token: str = field(default_factory=lambda: secrets.token_hex(16))  # its own id


# Counted only if the deal was never finished before (as ``Records.finished_before``
# says at the game's start, which a database held by another program may have hidden).
INSERT = ("INSERT INTO games (game, variant, deal, deck, won, result, score, finished, how,"
          " counts, token) SELECT :game, :variant, :deal, :deck, :won, :result, :score,"
          " :finished, :how, :counts AND NOT EXISTS (SELECT 1 FROM games WHERE game = :game"
          " AND variant = :variant AND (deal = :deal OR (:deal IS NULL AND deck = :deck))),"
          " :token WHERE true ON CONFLICT (token) DO NOTHING")
TEXT_LIMIT = 4096  # a pending file's words: more is not a game this app wrote


def finishing(game: Played) -> Save:
    """The save of a finished game: kept in a pending file as soon as it has to wait."""

    def job(connection: Any) -> None:
        connection.execute(INSERT, {
            **asdict(game), "deal": None if game.deal is None else str(game.deal),
            "won": int(game.won), "counts": int(game.counts)})

    return Save("This game", job, pending={"kind": "finished", **asdict(game)}, lasting=True)


def pending_played(data: Mapping[str, Any]) -> Played:
    """A finished game as a pending file kept it (``finishing``), checked field by field:
    the file may have been written by another program. ``ValueError`` if it is not one."""
    texts = ("game", "variant", "result", "finished", "token")
    if set(data) != {"kind", *(name for name in Played.__dataclass_fields__)}:
        raise ValueError("not the fields of a finished game")
    if not all(isinstance(data[name], str) and len(data[name]) <= TEXT_LIMIT
               for name in texts):
        raise ValueError("a field of the wrong kind")
    whole = (data["deal"], data["score"])
    if not (all(value is None or (isinstance(value, int) and not isinstance(value, bool))
                for value in whole)
            and (data["deal"] is None or 0 <= data["deal"] < 2**64)
            and (data["deck"] is None or (isinstance(data["deck"], str)
                                          and len(data["deck"]) <= TEXT_LIMIT))
            and isinstance(data["won"], bool) and isinstance(data["counts"], bool)
            and data["how"] in get_args(How)):
        raise ValueError("a field of the wrong kind")
    return Played(**{name: value for name, value in data.items() if name != "kind"})


class Records:
    """Every finished game, and the records they make, by game key and variant."""

    def __init__(self, database: Database, saver: Saver | None = None) -> None:
        """``database``: where the rows are read; ``saver``: how a game is written (by
        default at once, to ``database``)."""
        self.database = database
        self.saver = saver or Now(database)
        # By game: the id of the last row counted, and the records up to it.
        self._read: dict[str, tuple[int, dict[str, Record]]] = {}
        self._waiting: dict[str, Played] = {}  # added, its row not read yet, by token

    def expect(self, game: Played) -> None:
        """Count ``game`` from now on: an earlier session's, waiting to be written."""
        self._waiting.setdefault(game.token, game)

    def add(self, game: Played) -> None:
        """Save a finished game, in one transaction (``StoreError`` if the saver writes
        at once and it cannot be); it counts from now on."""
        self._waiting[game.token] = game
        try:
            self.saver.save(finishing(game))
        except BaseException:
            del self._waiting[game.token]
            raise

    def finished_before(self, game: str, variant: str, deal: int | None,
                        deck: str | None) -> bool:
        """Whether this deal (or typed deck) of ``game``'s ``variant`` was played to its
        end before, by this player in any window."""
        if deal is None and deck is None:
            return False
        column, value = ("deal", str(deal)) if deal is not None else ("deck", deck)
        if any((waiting.game, waiting.variant, waiting.deal, waiting.deck)
               == (game, variant, deal, deck) for waiting in self._waiting.values()):
            return True
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
        rows = self.database.read("SELECT id, variant, won, token, how FROM games"
                                  " WHERE game = ? AND counts AND id > ? ORDER BY id",
                                  (game, last))
        for _, variant, won, token, how in rows:
            records.setdefault(variant, Record()).add(bool(won), how in HELPED)
            self._waiting.pop(token, None)
        if rows:
            self._read[game] = (rows[-1][0], records)
        counted = {variant: replace(record) for variant, record in records.items()}
        for waiting in self._waiting.values():
            if waiting.game == game and waiting.counts:
                counted.setdefault(waiting.variant, Record()).add(waiting.won,
                                                                  waiting.how in HELPED)
        return counted

    def record(self, game: str, variant: str) -> Record:
        return self.variants(game).get(variant, Record())

    def total(self, game: str) -> Record:
        """Played and won over every variant of a game (streaks are per variant)."""
        total = Record()
        for record in self.variants(game).values():
            total.played += record.played
            total.won += record.won
            total.helped += record.helped
        return total
