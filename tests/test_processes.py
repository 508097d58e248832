"""Processes a run starts are deaf to the terminal's Ctrl+C; the command that starts
them is not, and loses no Ctrl+C pressed while it starts them."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
from types import FrameType

import pytest

from solitaire_tui.processes import deaf_to_ctrl_c

pytestmark = pytest.mark.engine_free

posix = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signals")

# A process that says it is up, waits for a line, and says whether a Ctrl+C is
# waiting for it, held: it is alive to say so only if the Ctrl+C did not end it.
CHILD = ("import signal, sys; print('up', flush=True); sys.stdin.readline();"
         " print(signal.SIGINT in signal.sigpending(), flush=True)")


@posix
def test_a_ctrl_c_pressed_while_processes_start_is_answered_after() -> None:
    heard: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        heard.append(signum)

    previous = signal.signal(signal.SIGINT, handler)
    try:
        with deaf_to_ctrl_c():
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
            assert heard == []
        assert heard == [signal.SIGINT]
    finally:
        signal.signal(signal.SIGINT, previous)


@posix
def test_a_process_started_meanwhile_outlives_a_ctrl_c() -> None:
    with deaf_to_ctrl_c():
        child = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None and child.stdout is not None
    try:
        assert child.stdout.readline() == "up\n"
        child.send_signal(signal.SIGINT)
        child.stdin.write("go on\n")
        child.stdin.flush()
        assert child.stdout.readline() == "True\n"
        assert child.wait(30) == 0
    finally:
        child.kill()
