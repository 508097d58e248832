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
from typing import Any, Literal, Protocol

from solitaire_tui.store.database import Database

Job = Callable[[sqlite3.Connection], None]  # the writes, inside one transaction
Keeping = Literal["now", "later", "never"]  # where a save goes (``Saver.keeping``)


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
    # game, the game in play), not only when the app ends with it still waiting


class Saver(Protocol):
    def save(self, save: Save) -> None:
        """Write ``save`` now or later; a ``StoreError`` only from one that writes now."""

    @property
    def keeping(self) -> Keeping:
        """Where what is saved now goes: to the player's file ("now"), to pending files
        beside it while it cannot be written ("later", ``store.pending``), or nowhere
        that outlives the app ("never": a database in memory, or neither it nor the
        folder beside it can be written)."""


class Now:
    """Each save written at once on the caller's thread (``StoreError`` if it cannot be)."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def save(self, save: Save) -> None:
        with self.database.writing(save.what, durable=save.durable) as connection:
            save.job(connection)

    @property
    def keeping(self) -> Keeping:
        return "now" if self.database.saving else "never"
