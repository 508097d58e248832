"""Kept games taken over for resuming: a small file for each, made only if none is
there (``O_EXCL``), in a folder beside the database.

The database's own move of a resumed game to its new slot is exclusive only while the
database can be written; while another program holds it, resuming reads the game and
moves it later (``Unfinished.claim``), and two windows resuming the same game then
each had a copy, listed twice for good. A file that only one process can make decides
at once which window has it, whether or not the database is free.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from pathlib import Path

CLAIMS = "solitaire-tui.claims"  # the folder, beside the database
KEPT_SECONDS = 7 * 24 * 3600  # a claim outlives by far any wait for the database


class Claims:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def take(self, save: str) -> bool:
        """Claim the kept game ``save`` names; False if another window already has. A folder
        that cannot be written claims nothing and refuses nothing (the database's
        transaction still decides whenever it can be written)."""
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            self._tidy()
            name = hashlib.sha256(save.encode()).hexdigest()[:32]
            descriptor = os.open(self.directory / name,
                                 os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            return False
        except OSError:
            return True
        os.close(descriptor)
        return True

    def _tidy(self) -> None:
        """Claims older than ``KEPT_SECONDS`` go: their games were moved long since."""
        old = time.time() - KEPT_SECONDS
        for entry in os.scandir(self.directory):
            with contextlib.suppress(OSError):
                if entry.stat(follow_symlinks=False).st_mtime < old:
                    os.unlink(entry.path)
