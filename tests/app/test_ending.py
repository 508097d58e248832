"""Once the app begins to quit, the process is gone within 5 s, the game kept: the last
resort (``solitaire_tui.ending``) on its own, then the app in a real process at a
terminal that hangs up (as when tmux is killed) and with a shutdown that never ends."""

from __future__ import annotations

import contextlib
import os
import pty
import shutil
import signal
import subprocess
import sys
import termios
import threading
import time
import tty
from pathlib import Path

import pytest
from textual import events

from solitaire_tui.app import SolitaireApp
from solitaire_tui.commands.errors import LOG_NAME
from solitaire_tui.decks import numbered
from solitaire_tui.ending import RESETS, LastResort, Terminal
from solitaire_tui.start import Start
from tests.support.terminal import DEADLINE, GAME, kept_rows, waited
from tests.support.terminal import Terminal as Pty

ENDS_WITHIN = 5.0 + 3.0  # the promise, and a margin for a loaded machine
STILL_QUITTING = "still quitting after"  # the last resort's line in the log


class Ends:
    """What a last resort did, in order: ``end`` is called last."""

    def __init__(self) -> None:
        self.done: list[str] = []
        self.code: int | None = None
        self.ended = threading.Event()

    def end(self, code: int) -> None:
        self.done.append("end")
        self.code = code
        self.ended.set()


def test_the_last_resort_keeps_then_ends_with_the_quits_status() -> None:
    ends = Ends()
    resort = LastResort(lambda: ends.done.append("keep"), Terminal(), grace=0.05,
                        end=ends.end)
    resort.arm(129)
    resort.arm(0)  # quitting again changes nothing
    assert ends.ended.wait(DEADLINE)
    assert (ends.done, ends.code) == (["keep", "end"], 129)


def test_a_keep_that_never_returns_or_fails_still_ends() -> None:
    for keep in (threading.Event().wait, lambda: 1 / 0):
        ends = Ends()
        LastResort(keep, Terminal(), grace=0.0, keep_seconds=0.05, end=ends.end).arm(143)
        assert ends.ended.wait(DEADLINE) and ends.code == 143


def test_the_terminal_is_put_back_as_found() -> None:
    master, slave = pty.openpty()
    try:
        with open(slave, closefd=False) as stream:
            found = Terminal.found(stream, stream)
        assert found.keys == slave and found.screen == os.ttyname(slave)
        before = termios.tcgetattr(slave)
        tty.setraw(slave)
        found.put_back()
        assert termios.tcgetattr(slave) == before
        assert os.read(master, 1024).replace(b"\r", b"") == RESETS
    finally:
        os.close(master)
        os.close(slave)


def test_a_terminal_gone_or_stalled_stops_nothing() -> None:
    master, slave = pty.openpty()
    with open(slave, closefd=False) as stream:
        found = Terminal.found(stream, stream)
    os.set_blocking(slave, False)
    with contextlib.suppress(BlockingIOError):  # nobody reads: fill what it holds
        while True:
            os.write(slave, b"x" * 4096)
    found.put_back()  # stalled: returns at once
    os.close(master)  # hung up
    found.put_back()
    os.close(slave)


def test_no_terminal_is_an_empty_one() -> None:
    with open(os.devnull) as stream:
        assert Terminal.found(stream, stream) == Terminal()
    Terminal().put_back()


# The app as the leader of its session, its pty its controlling terminal: as under tmux
# or ``ssh -t``, where a terminal that goes away sends it SIGHUP and SIGCONT.
LEADING = [sys.executable, "-c", "import fcntl, os, sys, termios;"
           " fcntl.ioctl(0, termios.TIOCSCTTY, 0);"
           " os.execv(sys.executable, [sys.executable, *sys.argv[1:]])", *GAME[1:]]


def logged(data: Path) -> str:
    log = data / LOG_NAME
    return log.read_text() if log.exists() else ""


def ended(at: Pty, data: Path) -> int:
    """The app's exit status, once it has ended within ``ENDS_WITHIN``; if it has not,
    what each of its threads was doing then (running, sleeping, stopped: Linux's
    ``/proc``), and its log: CI once saw an app alive 8 s after its terminal went."""
    try:
        return at.app.wait(ENDS_WITHIN)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the app had not ended after {ENDS_WITHIN} s; its threads:"
                             f" {threads_of(at.app.pid)}; its log: {logged(data)!r}") from None


def threads_of(pid: int) -> list[str]:
    """Each thread's name and state (R running, S sleeping, T stopped, …)."""
    found = []
    for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
        with contextlib.suppress(OSError):  # a thread that ended meanwhile
            name, rest = (task / "stat").read_text().rsplit(")", 1)
            found.append(f"{name.split('(', 1)[1]} {rest.split()[0]}")
    return found


def in_play(at: Pty, data: Path) -> None:
    waited(lambda: b"Draw" in at.drawn, "the game's screen")
    os.write(at.master, b"d")  # a move: the game is in play, and kept as it goes
    waited(lambda: kept_rows(data) == 1, "keeping the game in play")


@pytest.mark.integration
def test_a_terminal_that_goes_away_ends_the_app_in_order(tmp_path: Path) -> None:
    at = Pty(LEADING, tmp_path)
    try:
        in_play(at, tmp_path)
        os.close(at.master)  # the terminal goes away
        assert ended(at, tmp_path) == 128 + signal.SIGHUP
        assert kept_rows(tmp_path) == 1
        assert STILL_QUITTING not in logged(tmp_path)  # not the last resort's doing
    finally:
        at.app.kill()
        os.close(at.terminal)


@pytest.mark.integration
def test_keys_lost_without_a_hang_up_end_the_app_in_order(tmp_path: Path) -> None:
    """The app's keys come from a terminal that is not its controlling one (no
    SIGHUP when it goes): it sees the terminal gone and ends as a hang-up does."""
    at = Pty(GAME, tmp_path)  # a session of its own: the pty controls nothing
    try:
        in_play(at, tmp_path)
        os.close(at.master)
        assert ended(at, tmp_path) == 128 + signal.SIGHUP
        assert kept_rows(tmp_path) == 1
    finally:
        at.app.kill()
        os.close(at.terminal)


def gone(pid: int) -> bool:
    """Ended (a zombie too: tmux, its parent, is gone, and who reaps it may be slow)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.integration
@pytest.mark.skipif(shutil.which("tmux") is None or not Path("/proc").is_dir(),
                    reason="tmux, and /proc to see its pane's process")
def test_killing_tmux_ends_the_app_in_order(tmp_path: Path) -> None:
    tmux = ["tmux", "-S", str(tmp_path / "tmux"), "-f", os.devnull]
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("TMUX", "TEXTUAL_DRIVER")}
    data = tmp_path / "data"
    subprocess.run([*tmux, "new-session", "-d", "-x", "100", "-y", "32", "env",
                    f"SOLITAIRE_TUI_DATA_DIR={data}", "TERM=xterm-256color", *GAME],
                   check=True, env=environment)
    try:
        pid = int(subprocess.run([*tmux, "display-message", "-p", "#{pane_pid}"],
                                 check=True, capture_output=True, text=True).stdout)

        def shown() -> str:
            return subprocess.run([*tmux, "capture-pane", "-p"], capture_output=True,
                                  text=True).stdout

        waited(lambda: "Draw" in shown(), "the game's screen")
        subprocess.run([*tmux, "send-keys", "d"], check=True)
        waited(lambda: kept_rows(data) == 1, "keeping the game in play")
        subprocess.run([*tmux, "kill-server"], check=True)
        until = time.monotonic() + ENDS_WITHIN
        while not gone(pid):
            assert time.monotonic() < until, "the app outlived its terminal"
            time.sleep(0.02)
        assert kept_rows(data) == 1
        assert STILL_QUITTING not in logged(data)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)


# The app whose shutdown never ends: Textual's putting back of the terminal waits for
# ever, as it did on a terminal that had gone away.
STUCK = """
import sys, threading
from textual.drivers.linux_driver import LinuxDriver
from solitaire_tui.cli import main

LinuxDriver.stop_application_mode = lambda driver: threading.Event().wait()
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.integration
def test_a_shutdown_that_never_ends_is_ended_the_game_kept(tmp_path: Path) -> None:
    at = Pty([sys.executable, "-c", STUCK, *GAME[3:]], tmp_path)
    try:
        in_play(at, tmp_path)
        at.app.send_signal(signal.SIGTERM)
        assert ended(at, tmp_path) == 128 + signal.SIGTERM
        at.left_as_it_was()  # by the last resort: Textual's own never ran
        assert kept_rows(tmp_path) == 1
        assert STILL_QUITTING in logged(tmp_path)  # with where each thread stood
    finally:
        at.close()


async def test_a_key_left_over_as_the_app_shuts_down_acts_on_nothing(
        tmp_path: Path) -> None:
    """A key still queued as the app quit went to a game screen being taken apart (a
    monkey's ``t``, whose action said a word on a line that was gone): nothing acts
    on it."""
    app = SolitaireApp(tmp_path, Start("one-handed", numbered(1)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
    assert not app.is_running and not screen.children  # shut down
    # The panel's key, with no screen left to act on it: it raised ScreenStackError.
    await app.on_event(events.Key("t", "t"))
