"""A guest's app (as ``serve`` starts it) on its own: whatever size it is told, in a
resize or in its keys, it draws no more than a guest's largest screen; its process
has an environment of its own, a memory ceiling, and ends when told however full its
pipe is."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual_serve.download_manager import DownloadManager

from solitaire_tui.app import SolitaireApp
from solitaire_tui.engine import CACHE_VARIABLE, use_cache_dir
from solitaire_tui.stats import limits
from solitaire_tui.store.database import DATA_DIR_VARIABLE
from solitaire_tui.web.guest import (
    DRIVER,
    QUIT_SECONDS,
    SAID_BYTES,
    GuestApp,
    environment,
)
from tests.support.pilots import until


async def until_true(condition: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "never came true"
        await asyncio.sleep(0.05)


async def test_a_guests_app_draws_no_larger_than_its_limit(data_path: Path) -> None:
    app = SolitaireApp(data=data_path, limits=limits.guest(1, 1000))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.resize_terminal(100_000, 100_000)
        await until(pilot, lambda: tuple(app.size) != (100, 32))
        assert tuple(app.size) == limits.GUEST_SIZE
        await pilot.resize_terminal(90, 30)  # within it: as told
        await until(pilot, lambda: tuple(app.size) == (90, 30))


async def test_the_owners_app_is_the_size_of_the_terminal(data_path: Path) -> None:
    app = SolitaireApp(data=data_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.resize_terminal(500, 40)
        await until(pilot, lambda: tuple(app.size) == (500, 40))


def test_a_guests_environment_has_nothing_of_the_owners_but_what_it_needs(
        tmp_path: Path) -> None:
    owner = {"PATH": "/usr/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": "/home/owner",
             "AWS_SECRET_ACCESS_KEY": "secret", "SOLITAIRE_TUI_TOKEN": "token",
             "PYTHONPATH": "/somewhere", "NUMBA_OPT": "2", "SSH_AUTH_SOCK": "/tmp/agent"}
    made = environment(owner, tmp_path, 1, {"TEXTUAL_FPS": "60", "COLUMNS": "80",
                                            "ROWS": "24", "AWS_SECRET_ACCESS_KEY": "secret"})
    assert {"PATH", "LANG", "LC_ALL", "NUMBA_OPT", "TEXTUAL_FPS", "COLUMNS"} <= set(made)
    assert not {"AWS_SECRET_ACCESS_KEY", "SOLITAIRE_TUI_TOKEN", "PYTHONPATH",
                "SSH_AUTH_SOCK"} & set(made)
    assert made["HOME"] == made[DATA_DIR_VARIABLE] == str(tmp_path)
    assert made["NUMBA_NUM_THREADS"] == "1" and made["TEXTUAL_DRIVER"] == DRIVER
    assert made[CACHE_VARIABLE] == str(use_cache_dir())  # the owner's cache, warm


def guest(tmp_path: Path, script: str, ceiling: int = 2**30) -> tuple[GuestApp, list[str]]:
    """A ``GuestApp`` running ``script`` in place of the app; what it closed."""
    closed: list[str] = []

    async def ignore(_: object) -> None:
        pass

    async def close() -> None:
        closed.append("closed")

    app = GuestApp([sys.executable, "-I", "-c", script], tmp_path, 1, ceiling, "test",
                   write_bytes=ignore, write_str=ignore, close=close,
                   download_manager=DownloadManager())
    return app, closed


@pytest.mark.slow
async def test_an_app_past_its_memory_ceiling_is_ended(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    grows = ("import os, sys, time\nheld = []\nsys.stdout.write('__GANGLION__\\n')\n"
             "sys.stdout.flush()\nfor _ in range(600):\n"
             "    held.append(bytearray(os.urandom(1)) * 2**20)\n    time.sleep(0.01)\n"
             "time.sleep(60)\n")
    app, closed = guest(tmp_path, grows, ceiling=100 * 2**20)
    await app.start(80, 24)
    process = app._process
    assert process is not None
    await asyncio.wait_for(process.wait(), 30)  # ended, well before its minute's sleep
    await until_true(lambda: closed == ["closed"])
    assert "memory ceiling" in caplog.text
    await app.stop()


async def test_an_app_whose_pipe_is_full_is_ended_within_seconds(tmp_path: Path) -> None:
    """It reads nothing and ignores SIGTERM: its keys are dropped, and it is killed."""
    deaf = ("import signal, sys, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
            "sys.stdout.write('__GANGLION__\\n')\nsys.stdout.flush()\ntime.sleep(600)\n")
    app, _ = guest(tmp_path, deaf)
    await app.start(80, 24)
    written = [await app.send_bytes(b"j" * 60_000) for _ in range(20)]
    assert written[0] and not written[-1] and app.behind  # the pipe took what it could
    began = time.monotonic()
    await app.stop()
    assert app._process is not None and app._process.returncode is not None
    assert time.monotonic() - began < QUIT_SECONDS + 5


async def test_what_an_app_that_fails_to_start_says_reaches_the_server_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """textual-serve echoes a failed app's stderr to the server's output (as it fails
    and as it ends): escaped, and bounded, however much the app writes."""
    loud = ("import sys\nsys.stderr.write('\\x1b]0;PWNED\\x07 went wrong\\n' * 10000)\n"
            "sys.stderr.flush()\n")
    app, closed = guest(tmp_path, loud)
    await app.start(80, 24)
    await until_true(lambda: closed == ["closed"])
    shown = capsys.readouterr().out
    assert "went wrong" in shown and len(shown) <= 2 * SAID_BYTES
    assert "\x1b" not in shown and "\x07" not in shown
    await app.stop()
