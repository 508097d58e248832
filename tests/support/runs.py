"""Runs as the tests drive them without Textual: a job in a plain thread as the
panel's worker runs it, waited on to its end, and a kernel whose compile waits until
the test releases it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np

from rules.fast import batch
from solitaire_tui.stats.runner import LiveRun, Snapshot


class SlowCompile:
    """A kernel whose first call (the compile, which nothing stops) waits until
    released; ``compiling`` is set while it waits, ``compiled`` once it is done.
    Calls from other threads wait for that one compile, as numba's lock makes them:
    ``on_compile`` runs once (a second Ctrl+C from a second chunk would land after
    the command has put back Python's own handler)."""

    def __init__(self, on_compile: Callable[[], None] = lambda: None) -> None:
        self.on_compile = on_compile
        self.compiling, self.release, self.compiled = (threading.Event() for _ in range(3))
        self._compile = threading.Lock()

    def results(self, start: int, count: int) -> np.ndarray:
        with self._compile:
            if not self.compiled.is_set():
                self.compiling.set()
                self.on_compile()
                self.release.wait(60)
                self.compiled.set()
        return np.ones((count, 1), dtype=np.int8)

    @property
    def kernel(self) -> batch.Kernel:
        return batch.Kernel(self.results, (batch.Reading("", lambda r: r[:, 0] != 0,
                                                         lambda r: {}),), 1)


class Running:
    """A job in a plain thread, as the panel's worker runs it: its reports are kept,
    and cancel is the worker's flag and the job's own."""

    def __init__(self, job: LiveRun) -> None:
        self.job = job
        self.reports: list[Snapshot] = []
        self._stop = threading.Event()
        self.thread = threading.Thread(target=job.work, args=(self.reports.append,
                                                               self._stop.is_set), daemon=True)
        self.thread.start()

    @property
    def snapshot(self) -> Snapshot:
        return self.job.snapshot

    def cancel(self) -> Snapshot:
        self._stop.set()
        return self.job.cancel()


def finish(run: Running, seconds: float = 120) -> Snapshot:
    for _ in range(int(seconds / 0.02)):
        if run.snapshot.over:
            return run.snapshot
        time.sleep(0.02)
    raise AssertionError("the run did not end in time")
