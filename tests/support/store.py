"""What the tests of saving share: another process holding the database, a ``Store``
opened as the app opens it, a finished game, the rows and the pending files."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from solitaire_tui.store import pending
from solitaire_tui.store.database import FILE_NAME
from solitaire_tui.store.kept import Store
from solitaire_tui.store.records import Played

HOLD = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "delete":
    connection.execute("PRAGMA journal_mode = DELETE")
connection.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.readline()
connection.execute("COMMIT")
"""


class Held:
    """Another process holding the database in an exclusive transaction until ``let_go``."""

    def __init__(self, path: Path, journal: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", HOLD, str(path), journal],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        assert self.process.stdout is not None and self.process.stdout.readline() == "held\n"

    def let_go(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        assert self.process.wait(30) == 0


class Opened:
    """A ``Store`` as the app opens it, with what it told and a way to wait on it."""

    def __init__(self, directory: Path) -> None:
        self.told: list[str] = []
        self.changed = threading.Event()
        self.store = Store(directory, tell=self.told.append, changed=self.changed.set)
        self.store.start(lambda work: threading.Thread(target=work, daemon=True).start())

    def until(self, done: Callable[[], bool], seconds: float = 30) -> None:
        """Wait for ``done()``, woken whenever the writer has written (or tried)."""
        for _ in range(int(seconds / 0.05)):
            if done():
                return
            self.changed.wait(0.05)
            self.changed.clear()
        raise AssertionError(f"not done in {seconds} s; told {self.told}")


def game(deal: int, won: bool = True) -> Played:
    return Played("one-handed", "standard", deal, None, won, "why", 3, "player", True)


def rows(directory: Path) -> list[tuple[object, ...]]:
    """The deals of the games saved, in the order they were written."""
    connection = sqlite3.connect(directory / FILE_NAME)
    try:
        return connection.execute("SELECT deal FROM games ORDER BY id").fetchall()
    finally:
        connection.close()


def waiting_files(directory: Path) -> list[str]:
    """The pending files, at the top and in each process's folder, by name. Read as the
    writer empties and removes a process's folder: ``os.walk`` passes over a folder gone
    meanwhile, where ``rglob`` raised (a CI run failed on it)."""
    return sorted(name for _, _, names in os.walk(directory / pending.NAME)
                  for name in names if name.endswith(".json"))
