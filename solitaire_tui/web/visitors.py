"""The visitors' own places: a data directory each, and the seats at the table.

Each visitor's app keeps its games, records, runs and choices in a directory of its
own under the server's data directory (``visitors/<id>``), so a visitor never sees,
resumes or discards another's game, and none sees the owner's (whose terminal games
stay in the data directory itself). A directory unused for ``KEEP_DAYS`` (the life of
the visitor's cookie) is removed when the server starts. A visit without an id (a
script that keeps no cookie) plays in a directory of its own removed when it ends.

The table has ``seats``: one app process each, so the server's memory and cores are
bounded; the next visitor is told the table is full.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
import time
from pathlib import Path

from solitaire_tui.web.guard import VISITOR_ID

KEEP_DAYS = 180
# Visitors' directories kept at most (some 50 KB each): a new visitor beyond them plays
# without keeping their games, and those who came before keep theirs.
MOST_KEPT = 1000
SECRET_NAME = "secret"  # signs the visitors' ids (``guard.Guard``)
SECRET_BYTES = 32
PASSING = "passing-"  # a visit without an id: its directory is removed at its end


class Visitors:
    def __init__(self, root: Path) -> None:
        self.root = root  # the server's data directory's ``visitors``

    def secret(self) -> bytes:
        """The secret that signs visitors' ids: read from the directory, or made and
        kept there (readable by this user only). If it cannot be kept, one for this
        run of the server: ids then last until it stops."""
        path = self.root / SECRET_NAME
        with contextlib.suppress(OSError):
            kept = path.read_bytes()
            if len(kept) == SECRET_BYTES:
                return kept
        made = secrets.token_bytes(SECRET_BYTES)
        with contextlib.suppress(OSError):
            self.root.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "wb") as out:
                out.write(made)
        return made

    def directory(self, visitor: str) -> Path:
        """Visitor ``visitor``'s directory (an id ``guard.Guard`` made), marked as
        used now."""
        path = self.root / visitor
        path.mkdir(parents=True, exist_ok=True)
        os.utime(path)
        return path

    def room_for(self, visitor: str) -> bool:
        """Whether ``visitor`` has a directory, or there is room for one more."""
        if (self.root / visitor).is_dir():
            return True
        kept = sum(1 for path in self.root.iterdir() if path.is_dir()
                   and not path.name.startswith(PASSING)) if self.root.is_dir() else 0
        return kept < MOST_KEPT

    def passing(self) -> Path:
        """A directory for one visit without an id."""
        self.root.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=PASSING, dir=self.root))

    def forget(self, directory: Path) -> None:
        """Remove a passing visit's directory (a visitor's own is kept)."""
        if directory.parent == self.root and directory.name.startswith(PASSING):
            shutil.rmtree(directory, ignore_errors=True)

    def prune(self, days: float = KEEP_DAYS) -> int:
        """Remove the directories of visitors not seen for ``days`` (and of passing
        visits a killed server left); how many were removed."""
        if not self.root.is_dir():
            return 0
        before = time.time() - days * 86_400
        removed = 0
        for path in self.root.iterdir():
            own = VISITOR_ID.fullmatch(path.name) is not None
            if not path.is_dir() or not (own or path.name.startswith(PASSING)):
                continue
            with contextlib.suppress(OSError):
                if path.name.startswith(PASSING) or path.stat().st_mtime < before:
                    shutil.rmtree(path)
                    removed += 1
        return removed


class Table:
    """At most ``seats`` apps at once."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.taken = 0

    @property
    def full(self) -> bool:
        return self.taken >= self.seats

    def sit(self) -> bool:
        """Take a seat if one is free."""
        if self.full:
            return False
        self.taken += 1
        return True

    def leave(self) -> None:
        self.taken -= 1
