"""``bench --engine``'s cold compile: the whole engine warmed up from nothing, as on
a fresh install, part by part.

The warm-up is the app's own (``engine.warm``), into an empty temporary numba
cache, so the player's cache is neither used nor touched. On one process the parts
compile one after another in the same worker, so each part's seconds are what it
adds to the ones before it (the first one also pays numba's import, and code parts
share is compiled once, by the first that needs it): they add up to the whole. On
two processes (the app's default) the wall time is what a fresh install waits, and
"ready at" is when each part could first be used, counted from the warm-up's start:
a hint waits for its part, so the parts used in play should be ready early.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from solitaire_tui import engine
from solitaire_tui.engine import Event, Part

# The aims: the whole warm-up within a minute on two cores, the parts a player uses in
# play within 75 s, and the first of them (the one a game's hints use most) within 15 s.
WALL_TARGET, PLAY_READY_TARGET, FIRST_READY_TARGET = 60.0, 75.0, 15.0


@contextlib.contextmanager
def numba_cache(directory: Path) -> Iterator[Path]:
    """numba's cache in ``directory`` for this process's children (and for this
    process, if it has not imported numba yet), as it was afterwards
    (``engine.cache_setting``)."""
    before = os.environ.get(engine.CACHE_VARIABLE)
    setting = engine.cache_setting(directory)
    if setting is None:
        os.environ.pop(engine.CACHE_VARIABLE, None)
    else:
        os.environ[engine.CACHE_VARIABLE] = setting
    try:
        yield directory
    finally:
        if before is None:
            os.environ.pop(engine.CACHE_VARIABLE, None)
        else:
            os.environ[engine.CACHE_VARIABLE] = before


@dataclass(frozen=True)
class PartTiming:
    """One part's compile: its own seconds, and when it was ready (from the start);
    ``told``: the seconds a player waiting for it was told it would take as it began
    (its ``Part.seconds`` at the pace the warm-up had measured here by then, as the
    app's ``Warmup.how_long`` tells it), to be set beside what it took; before any
    part was done here, a range, from ``told`` to ``told_most``
    (``engine.Pace.span``)."""

    name: str
    title: str
    play: bool
    seconds: float
    ready_at: float
    failed: str = ""
    told: float = 0.0
    told_most: float = 0.0  # the range's top, where a range was told; else ``told``

    @property
    def told_ratio(self) -> float | None:
        """What it took over what was told (1: exact); None where nothing was told."""
        return self.seconds / self.told if self.told > 0 else None


@dataclass(frozen=True)
class WarmTiming:
    """A whole cold warm-up on ``jobs`` processes."""

    jobs: int
    wall: float
    parts: tuple[PartTiming, ...]

    @property
    def compile_seconds(self) -> float:
        """The parts' own seconds added up: the compiling done, whatever the wall time."""
        return sum(part.seconds for part in self.parts)

    @property
    def play_ready_at(self) -> float:
        """When the last part used in play was ready (0 when there is none)."""
        return max((part.ready_at for part in self.parts if part.play), default=0.0)

    @property
    def first_ready_at(self) -> float:
        """When the first part used in play was ready (0 when there is none)."""
        return min((part.ready_at for part in self.parts if part.play), default=0.0)


def cold_warm_up(parts: Sequence[Part], jobs: int, cache: Path,
                 tell: Callable[[str], None] = lambda _: None) -> WarmTiming:
    """Warm ``parts`` up on ``jobs`` processes into ``cache``, which should be empty;
    ``tell`` hears a line as each part is ready."""
    titles = {part.name: part for part in parts}
    timings: list[PartTiming] = []
    began = time.perf_counter()
    pace = engine.Pace()  # learnt as the app's warm-up learns it, from nothing
    told: dict[str, tuple[float, float]] = {}

    def report(event: Event) -> None:
        if event.kind == "begin":
            least, most = pace.span
            told[event.part] = (titles[event.part].seconds * least,
                                titles[event.part].seconds * most)
        if event.kind not in ("ready", "failed"):
            return
        part = titles[event.part]
        timing = PartTiming(part.name, part.title, part.play, event.seconds,
                            time.perf_counter() - began, event.error,
                            *told.get(part.name, (0.0, 0.0)))
        if event.kind == "ready":
            pace.heard(part, event.seconds)
        timings.append(timing)
        failed = f" FAILED: {event.error}" if event.error else ""
        tell(f"  {event.done}/{event.total} {part.title}: {event.seconds:.1f} s"
             f" (ready at {timing.ready_at:.1f} s){failed}")

    with numba_cache(cache):
        engine.warm(parts, jobs, report)
    return WarmTiming(jobs, time.perf_counter() - began, tuple(timings))
