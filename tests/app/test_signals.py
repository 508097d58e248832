"""The app at a real terminal (a pty) ended by a signal: SIGTERM (a shutdown, a
supervisor, ``timeout``) and SIGHUP (the terminal closed) leave the terminal as the
app found it and keep the game in play."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

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


@pytest.mark.integration
@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGHUP], ids=["term", "hup"])
def test_a_signal_leaves_the_terminal_as_it_was_and_keeps_the_game(
        tmp_path: Path, ending: signal.Signals) -> None:
    master, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    before = termios.tcgetattr(terminal)
    environment = {name: value for name, value in os.environ.items()
                   if name != "TEXTUAL_DRIVER"}  # Textual's own driver, at a terminal
    environment |= {DATA_DIR_VARIABLE: str(tmp_path), "TERM": "xterm-256color"}
    app = subprocess.Popen(
        [sys.executable, "-m", "solitaire_tui", "play", "one-handed", "--deal", "7"],
        stdin=terminal, stdout=terminal, stderr=terminal, env=environment,
        start_new_session=True)
    drawn = bytearray()

    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the app is gone and the terminal closed
                return
            if not chunk:
                return
            drawn.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        waited(lambda: b"Draw" in drawn, "the game's screen")
        os.write(master, b"d")  # a move: the game is in play, and kept as it goes
        waited(lambda: kept_rows(tmp_path) == 1, "keeping the game in play")
        app.send_signal(ending)
        code = app.wait(DEADLINE)
    finally:
        app.kill()
    assert code == 128 + ending
    assert termios.tcgetattr(terminal) == before  # cooked mode and echo, as it was
    waited(lambda: drawn.rfind(LEAVE_ALTERNATE_SCREEN) > drawn.rfind(b"\x1b[?1049h"),
           "leaving the alternate screen")
    assert drawn.rfind(MOUSE_OFF) > drawn.rfind(b"\x1b[?1000h")
    assert kept_rows(tmp_path) == 1  # the menu offers it next time
    os.close(terminal)
    os.close(master)
