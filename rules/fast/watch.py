"""A compiled search watched from Python: stopped by a clock or a cancel, its progress
heard, while it runs with the GIL released.

A kernel cannot look at a clock or call back into Python cheaply, so it reads and
writes a small control array instead: every so many nodes it writes how far it got
to ``control[progress_at]`` and ends, undecided, once ``control[stop_at]`` is set. A
watcher thread set up here does the rest. Both solvers (Sequence's and the
Calculation family's) are watched so.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np

WATCH_SECONDS = 0.05  # how often the watcher asks whether to stop and reports progress


@contextmanager
def watched(control: np.ndarray, stop_at: int, progress_at: int, max_seconds: float | None,
            stop: Callable[[], bool] | None,
            progress: Callable[[int], None] | None) -> Iterator[float]:
    """Watch the search run inside the ``with`` (yields the time it began): set
    ``control[stop_at]`` once ``max_seconds`` have passed or ``stop()`` says so, and
    pass ``control[progress_at]`` to ``progress`` every WATCH_SECONDS. Nothing is
    started when there is nothing to watch for; nothing is reported after the end."""
    began = time.perf_counter()
    if max_seconds is None and stop is None and progress is None:
        yield began
        return
    done = threading.Event()

    def watch() -> None:
        while not done.wait(WATCH_SECONDS):
            late = max_seconds is not None and time.perf_counter() - began >= max_seconds
            if late or (stop is not None and stop()):
                control[stop_at] = 1
                return
            if progress is not None:
                progress(int(control[progress_at]))

    watcher = threading.Thread(target=watch, name="solver-watch", daemon=True)
    watcher.start()
    try:
        yield began
    finally:
        done.set()
        watcher.join(WATCH_SECONDS * 20)
