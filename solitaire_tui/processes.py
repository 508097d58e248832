"""Starting the processes a run plays in (a local Dask cluster's, a player's own
worker processes) from the app or the command line, so that they neither fail to
start in the app nor die of the terminal's Ctrl+C."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker, which processes started by spawning
    need, where it can be started: it hands the tracker process our stderr, and in
    the app (Textual captures stderr, and its capture has no file) that fails. There
    the tracker gets an empty stderr of its own; it only warns of leaks."""
    from multiprocessing import resource_tracker

    try:
        if sys.stderr is not None and sys.stderr.fileno() >= 0:
            return
    except (AttributeError, OSError, ValueError):
        pass
    captured = sys.stderr
    with open(os.devnull, "w", encoding="utf-8") as nowhere:
        sys.stderr = nowhere
        try:
            resource_tracker.ensure_running()
        finally:
            sys.stderr = captured


@contextmanager
def deaf_to_ctrl_c() -> Iterator[None]:
    """Processes started meanwhile ignore Ctrl+C from their first instruction (a signal
    ignored by the parent stays ignored): Ctrl+C in ``stats`` reaches every process of
    the terminal's group, and is the command's to answer, by cancelling the run, not
    the workers' to die of (one still starting up took its pool with it). The
    command's own process hears it again once they are started."""
    if threading.current_thread() is not threading.main_thread():
        yield  # the app's runs: its terminal sends no Ctrl+C as a signal
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
