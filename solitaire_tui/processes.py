"""Starting the processes a run plays in (a local Dask cluster's, a player's own
worker processes) from the app or the command line, so that they neither fail to
start in the app nor die of the terminal's Ctrl+C; and the signals that end the
command line's process in order, so that they are ended with it."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

# The signals that end a process that is asked to end (a shutdown, ``timeout``, a
# supervisor; the terminal closed), where the system has them.
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                       if hasattr(signal, name))
# The app's threads start processes at once (two games' players read, a run's pool):
# one at a time lends ``sys.stderr`` to the tracker, or one would keep the other's.
_TRACKING = threading.Lock()


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker, which processes started by spawning
    need, where it can be started: it hands the tracker process our stderr, and in
    the app (Textual captures stderr, and its capture has no file) that fails. There
    the tracker gets an empty stderr of its own; it only warns of leaks."""
    from multiprocessing import resource_tracker

    with _TRACKING:
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
    """Processes started meanwhile by this thread are deaf to Ctrl+C from their first
    instruction: Ctrl+C in ``stats`` reaches every process of the terminal's group,
    and is the command's to answer, by cancelling the run, not the workers' to die of
    (one still starting up took its pool with it). Where the system can, Ctrl+C is
    held on this thread meanwhile, a mask that a started process inherits and keeps:
    one pressed while a run hands out its parts is answered as the window closes,
    not lost (ignored, as elsewhere, it was: a run then played to its end)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # the app's runs: its terminal sends no Ctrl+C as a signal
        return
    if hasattr(signal, "pthread_sigmask"):
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def ended_as_an_exit() -> Iterator[None]:
    """SIGTERM and SIGHUP end a command as an exit (status 128 + the signal), not where
    it stands: what it started is ended in order on the way out (a run's worker
    processes, whose resources the system would otherwise be left to find). The app
    catches them itself while it runs."""
    def ended(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {ending: signal.signal(ending, ended) for ending in ENDING_SIGNALS}
    try:
        yield
    finally:
        for ending, handler in previous.items():
            signal.signal(ending, handler)
