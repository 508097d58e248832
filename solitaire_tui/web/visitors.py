"""The visitors' own places: a data directory each, and the seats at the table.

Each visitor's app keeps its games, records, runs and choices in a directory of its
own under the server's data directory (``visitors/<id>``), so a visitor never sees,
resumes or discards another's game, and none sees the owner's (whose terminal games
stay in the data directory itself). A directory unused for ``KEEP_DAYS`` (the life of
the visitor's cookie) is removed when the server starts. A visit without an id (a
script that keeps no cookie) plays in a directory of its own removed when it ends.

A directory is made when a visit's websocket is open, not when a cookie is given:
a cookie costs nothing to ask for, and an id alone takes no room. Directories are
the server's user's alone (0700; the apps' files are 0600, ``guest.GUEST_UMASK``).

The table has ``seats``: one app process each, so the server's memory and cores are
bounded; one visitor (an id) and one address have ``each`` at most, so that nobody
takes every seat; the next visitor is told the table is full.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

from solitaire_tui.web.guard import VISITOR_ID

KEEP_DAYS = 180
# Visitors' directories kept at most (some 50 KB each): a new visitor beyond them plays
# without keeping their games, and those who came before keep theirs.
MOST_KEPT = 1000
SECRET_NAME = "secret"  # signs the visitors' ids (``guard.Guard``)
SECRET_BYTES = 32
PASSING = "passing-"  # a visit without an id: its directory is removed at its end
PRIVATE = 0o700  # a visitor's directory, and the directory of them all


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
            self._root()
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "wb") as out:
                out.write(made)
        return made

    def directory(self, visitor: str) -> Path:
        """Visitor ``visitor``'s directory (an id ``guard.Guard`` made), marked as
        used now."""
        self._root()
        path = self.root / visitor
        path.mkdir(mode=PRIVATE, exist_ok=True)
        path.chmod(PRIVATE)  # one an earlier release made more open
        os.utime(path)
        return path

    def _root(self) -> None:
        self.root.mkdir(mode=PRIVATE, parents=True, exist_ok=True)

    def room_for(self, visitor: str) -> bool:
        """Whether ``visitor`` has a directory, or there is room for one more."""
        if (self.root / visitor).is_dir():
            return True
        kept = sum(1 for path in self.root.iterdir() if path.is_dir()
                   and not path.name.startswith(PASSING)) if self.root.is_dir() else 0
        return kept < MOST_KEPT

    def passing(self) -> Path:
        """A directory for one visit without an id."""
        self._root()
        return Path(tempfile.mkdtemp(prefix=PASSING, dir=self.root))  # 0700

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


class Seats:
    """At most ``seats`` apps at once, and ``each`` of them a visitor's id and an
    address's (an address None: not counted, as behind a proxy every visitor comes
    from the proxy's)."""

    def __init__(self, seats: int, each: int | None = None) -> None:
        self.seats = seats
        self.each = seats if each is None else each
        self.taken = 0
        self._held: Counter[str] = Counter()  # seats by "id:…" and "address:…"

    @property
    def full(self) -> bool:
        return self.taken >= self.seats

    def refusal(self, visitor: str | None, address: str | None) -> str | None:
        """Why a visitor from ``address`` cannot sit now; None if they can."""
        if self.full:
            return f"The table is full: {self.seats} visitors are playing."
        if any(self._held[key] >= self.each for key in self._keys(visitor, address)):
            return (f"You are playing in {self.each} tabs already (from this browser or"
                    " this address), the most one visitor may: close one to open another.")
        return None

    def sit(self, visitor: str | None = None, address: str | None = None) -> bool:
        """Take a seat if one is free to them."""
        if self.refusal(visitor, address) is not None:
            return False
        self.taken += 1
        self._held.update(self._keys(visitor, address))
        return True

    def leave(self, visitor: str | None = None, address: str | None = None) -> None:
        self.taken -= 1
        self._held.subtract(self._keys(visitor, address))
        self._held = +self._held  # no count of nought kept

    @staticmethod
    def _keys(visitor: str | None, address: str | None) -> list[str]:
        return [kind + given for kind, given in (("id:", visitor), ("address:", address))
                if given]
