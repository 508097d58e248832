"""A helper process ends with the process that started it (``lifeline``), however that
one ends: as a served app ends with its server killed with ``kill -9``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration  # processes of their own: apart from the quick loop

CHILD = ("import sys, time\nfrom solitaire_tui import lifeline\nlifeline.tie_to_parent()\n"
         "print('tied', flush=True)\ntime.sleep(120)\n")
# A child too busy to end in order: it ignores SIGTERM and never sleeps.
BUSY = ("import signal, time\nfrom solitaire_tui import lifeline\nlifeline.tie_to_parent()\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\nprint('tied', flush=True)\n"
        "end = time.monotonic() + 120\nwhile time.monotonic() < end: pass\n")
SECONDS = 30  # a Python's start on a machine busy with other tests


def parent_code(then: str, child: str = CHILD) -> str:
    """A parent starting the child as ``serve`` starts an app, printing its pid."""
    return ("import os, subprocess, sys, time\nfrom solitaire_tui import lifeline\n"
            f"child = subprocess.Popen([sys.executable, '-c', {child!r}],"
            " env=lifeline.child_environment(dict(os.environ)))\n"
            f"print(child.pid, flush=True)\n{then}\n")


def ended(pid: int) -> bool:
    """Whether ``pid`` has ended (a zombie nobody reaped yet counts as ended)."""
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
        except (OSError, IndexError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("child", [CHILD, BUSY], ids=["in order", "too busy to"])
def test_a_child_ends_when_its_parent_is_killed_hard(child: str) -> None:
    parent = subprocess.Popen([sys.executable, "-c", parent_code("time.sleep(120)", child)],
                              stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    try:
        assert parent.stdout.readline() == "tied\n"
        parent.kill()
        parent.wait()
        assert ended(child)
    finally:
        parent.kill()
        if not ended(child):
            os.kill(child, signal.SIGKILL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_child_whose_parent_died_before_it_was_tied_ends_at_once() -> None:
    parent = subprocess.run([sys.executable, "-c", parent_code("os._exit(0)")],
                            capture_output=True, text=True, timeout=SECONDS, check=True)
    child = int(parent.stdout.split()[0])
    try:
        assert ended(child)
    finally:
        if not ended(child):
            os.kill(child, signal.SIGKILL)
