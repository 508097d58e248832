"""How what the player saves reaches the database: at once, on the caller's thread
(``Now``: the command line and the store's own tests, where a failure is the caller's
to say), or by the app's writer (``store.writer.Writer``), which never holds the screen
and never drops a finished game.

The stores (records, unfinished games, choices, runs) say what a save is (a ``Save``)
and hand it to the ``Saver`` they were given; they never know which one it is.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from solitaire_tui.store.database import Database

Job = Callable[[sqlite3.Connection], None]  # the writes, inside one transaction


@dataclass(frozen=True)
class Save:
    """One transaction to be written."""

    what: str  # what is saved, as a notice names it: "This game", "This run"
    job: Job
    durable: bool = True  # ``Database.writing``'s: a move's save does not wait for the disk
    key: str | None = None  # a later save with the same key replaces this one, if it waits
    # What it is, as a pending file keeps it (``store.pending``), when losing it would lose
    # what a player did (a finished game, the game in play); None for what may be lost.
    pending: Mapping[str, Any] | None = None
    lasting: bool = False  # its pending file is written once it has to wait (a finished
    # game), not only when the app ends with it still waiting (the game in play)


class Saver(Protocol):
    def save(self, save: Save) -> None:
        """Write ``save`` now or later; a ``StoreError`` only from one that writes now."""

    @property
    def keeping(self) -> bool:
        """Whether what is saved now reaches the player's file: not kept in memory, and
        not waiting behind a database that cannot be written."""

    @property
    def behind(self) -> bool:
        """Whether saves wait for a database that cannot be written now (kept beside it
        in pending files meanwhile, ``store.pending``)."""


class Now:
    """Each save written at once on the caller's thread (``StoreError`` if it cannot be)."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def save(self, save: Save) -> None:
        with self.database.writing(save.what, durable=save.durable) as connection:
            save.job(connection)

    @property
    def keeping(self) -> bool:
        return self.database.saving

    @property
    def behind(self) -> bool:
        return False  # a save that cannot be written now is the caller's failure
