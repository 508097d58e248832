"""``bench --engine``'s calls a player waits for: each ``engine.Probe`` timed in a
fresh process (``bench_probe``) with a warm cache, and the ones whose answer must
not depend on the machine run again with a cold cache and with every core busy.

Each run is a process of its own, as the player's first hint is the app's first
call: a warm process would hide numba's import and the cache's load. Busy cores
are plain Python loops, one process a core, at the same priority: a stand-in for a
run on every core or another program, which the solver must not notice in its
answer (its verdict depends on its node budget alone; only its seconds may grow).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solitaire_tui import engine
from solitaire_tui.measures import Probe

BUSY_LOOP = "while True: pass"


@dataclass(frozen=True)
class CallTiming:
    """One probe's run in a fresh process: numba's import, the first call after it
    and a second one (seconds), with the first call's answer."""

    name: str
    title: str
    numba_import: float
    first: float
    second: float
    answer: dict[str, Any]
    target: float | None = None

    @property
    def first_total(self) -> float:
        """What the player waits for the first call: numba's import and the call."""
        return self.numba_import + self.first

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.first_total <= self.target


def timed_call(probe: Probe, cache: Path) -> CallTiming:
    """``probe`` run in a fresh process with numba's cache in ``cache``
    (``engine.cache_setting``)."""
    env = {name: value for name, value in os.environ.items() if name != engine.CACHE_VARIABLE}
    setting = engine.cache_setting(cache)
    if setting is not None:
        env[engine.CACHE_VARIABLE] = setting
    done = subprocess.run(
        [sys.executable, "-m", "solitaire_tui.bench.probe", probe.prepare,
         *(str(arg) for arg in probe.args)],
        capture_output=True, text=True, check=True, env=env)
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return CallTiming(probe.name, probe.title, float(data["numba_import"]),
                      float(data["first"]), float(data["second"]), dict(data["answer"]),
                      probe.target)


def first_calls(probes: Sequence[Probe], cache: Path) -> list[CallTiming]:
    """Every probe with the warm cache in ``cache``, one fresh process each."""
    return [timed_call(probe, cache) for probe in probes]


def cold_calls(probes: Sequence[Probe]) -> list[CallTiming]:
    """Each probe that must give the same answer, with an empty cache of its own: its
    first call compiles what it needs."""
    timings = []
    for probe in probes:
        if probe.same_answer:
            with tempfile.TemporaryDirectory(prefix="solitaire-bench-cold-") as cache:
                timings.append(timed_call(probe, Path(cache)))
    return timings


@contextlib.contextmanager
def busy_cores(count: int | None = None) -> Iterator[int]:
    """``count`` processes (default: one a core) spinning until the block ends."""
    count = count or os.cpu_count() or 1
    spinning = [subprocess.Popen([sys.executable, "-c", BUSY_LOOP],
                                 stdin=subprocess.DEVNULL) for _ in range(count)]
    try:
        yield count
    finally:
        for process in spinning:
            process.kill()
        for process in spinning:
            process.wait()


def busy_calls(probes: Sequence[Probe], cache: Path, cores: int | None = None) -> list[CallTiming]:
    """Each probe that must give the same answer, with the warm cache, while every
    core is busy."""
    chosen = [probe for probe in probes if probe.same_answer]
    if not chosen:
        return []
    with busy_cores(cores):
        return [timed_call(probe, cache) for probe in chosen]
