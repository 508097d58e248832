"""The app at a real terminal, as the signal and ending tests run it: a pty of
100×32 running the app as a process of its own, everything it draws kept; whether it
left the terminal as it found it; a wait on a condition; the games the store kept."""

from __future__ import annotations

import fcntl
import os
import pty
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

from solitaire_tui.store.database import DATA_DIR_VARIABLE, FILE_NAME

LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"
DEADLINE = 120.0  # seconds for what should take well under one (a loaded machine)


def waited(condition: Callable[[], bool], what: str) -> None:
    until = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < until, f"{what} did not happen"
        time.sleep(0.02)


def kept_rows(data: Path) -> int:
    path = data / FILE_NAME
    if not path.exists():
        return 0
    with sqlite3.connect(path) as connection:
        try:
            return int(connection.execute("SELECT count(*) FROM unfinished").fetchone()[0])
        except sqlite3.OperationalError:  # not made yet
            return 0


class Terminal:
    """A pty 100×32 running ``command`` (the app) with ``data`` as its data directory,
    everything it draws kept in ``drawn``."""

    def __init__(self, command: list[str], data: Path) -> None:
        self.master, self.terminal = pty.openpty()
        fcntl.ioctl(self.terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        self.before = termios.tcgetattr(self.terminal)
        environment = {name: value for name, value in os.environ.items()
                       if name != "TEXTUAL_DRIVER"}  # Textual's own driver, at a terminal
        environment |= {DATA_DIR_VARIABLE: str(data), "TERM": "xterm-256color"}
        self.app = subprocess.Popen(command, stdin=self.terminal, stdout=self.terminal,
                                    stderr=self.terminal, env=environment,
                                    start_new_session=True)
        self.drawn = bytearray()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the app is gone and the terminal closed
                return
            if not chunk:
                return
            self.drawn.extend(chunk)

    def left_as_it_was(self) -> None:
        """Cooked mode and echo, the main screen, no mouse: as the app found it."""
        assert termios.tcgetattr(self.terminal) == self.before
        drawn = self.drawn
        waited(lambda: drawn.rfind(LEAVE_ALTERNATE_SCREEN) > drawn.rfind(b"\x1b[?1049h"),
               "leaving the alternate screen")
        assert drawn.rfind(MOUSE_OFF) > drawn.rfind(b"\x1b[?1000h")

    def close(self) -> None:
        self.app.kill()
        os.close(self.terminal)
        os.close(self.master)


GAME = [sys.executable, "-m", "solitaire_tui", "play", "one-handed", "--deal", "7"]
