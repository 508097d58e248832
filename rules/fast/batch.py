"""Running a kernel over many numbered deals: chunks, workers, progress and cancel.

A run plays deals seed..seed+games-1 in chunks. Each chunk's per-game results are
folded into tallies at once and dropped, so memory stays flat however many games
are played. Chunks are sized to take about a tenth of a second, which bounds how
long a cancel waits and how stale the progress is. Each deal's result depends only
on its number, so the totals are the same whatever the chunking or worker count.

A stoppable kernel (``Kernel.stoppable``: its games are handed out by
``rules.fast.lanes``) hears a stop inside a call, so its chunks take about 1.5 s: while
it plays, a watcher thread asks ``stop()`` and sets the lanes' stop flag. This runs
below the app (in the job's worker thread, or on the command line), where a Textual
worker is not to hand; it lives only as long as the call it watches.

The first call compiles the kernel (or loads it from numba's cache): that can take
half a minute, and nothing stops a compile under way. So it runs in a thread of its
own, and the run waits for it while asking whether to stop: a stop during the compile
ends the run at once with no games played, and the compile finishes unwatched (a
daemon thread, which does not keep the process alive), ready for the next run.
numba's thread pool takes one caller at a time, so every call of a kernel, that
compile's included, holds ``ENGINE``; a run waiting for it still hears a stop.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

import numba
import numpy as np

from rules.cards import check_deals
from rules.errors import OptionsError
from rules.fast import lanes
from rules.stats import FIRST_WINS_KEPT, Histogram, Tally

CHUNK_SECONDS = 0.1
# A chunk a stop ends at once can take longer: the lanes of a slow player's kernel then
# end it at most a game apart, a small share of a chunk of a second or more.
STOPPABLE_CHUNK_SECONDS = 1.5
# The smallest chunk is small because some players (the solver, the fair player) take
# milliseconds a deal, and a chunk must still answer a cancel promptly; it is that many
# games a worker, since a kernel's threads each take a block of games (the slow
# players' blocks are at most MIN_CHUNK) and a chunk of one block keeps one core busy
# however many there are. The largest keeps a chunk's results under ~25 MB.
MIN_CHUNK, MAX_CHUNK = 16, 1 << 18
STOP_POLL_SECONDS = 0.05  # how often a run waiting for the engine asks whether to stop
ENGINE = threading.Lock()  # one caller of the kernels (and their thread pool) at a time


@dataclass(frozen=True)
class Reading:
    """One tally's view of a chunk: which games count as won, and the scores; for a
    game where the top place can be shared, also which games were shared wins.
    ``flags``: the scores that are a yes or no (0 or 1 a game), shown as a share."""

    label: str
    won: Callable[[np.ndarray], np.ndarray]
    scores: Callable[[np.ndarray], dict[str, np.ndarray]]
    tied: Callable[[np.ndarray], np.ndarray] | None = None
    flags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Kernel:
    """A compiled game ready to run: per-game results for deals (start, count), a row
    of ``columns`` numbers a game, and how to read them into tallies (one for most
    games, one a seat for Add/Residue, one a strategy for strategies compared)."""

    results: Callable[[int, int], np.ndarray]
    readings: tuple[Reading, ...]
    columns: int
    # Whether a stop ends a call under way (``rules.fast.lanes``): its results are then
    # the first games only, and its chunks may be long.
    stoppable: bool = False

    @property
    def labels(self) -> list[str]:
        return [reading.label for reading in self.readings]

    @property
    def shares_wins(self) -> bool:
        """Whether a game can end in a shared win, counted apart as a tie."""
        return any(reading.tied is not None for reading in self.readings)


@dataclass
class Run:
    """A run's totals so far; the same object is passed to each progress call."""

    seed: int
    games: int  # games asked for
    workers: int
    tallies: list[Tally]
    done: int = 0
    seconds: float = 0.0  # playing time, without the first call's compile or cache load
    compile_seconds: float = 0.0
    cancelled: bool = False

    @property
    def games_per_second(self) -> float:
        return self.done / self.seconds if self.seconds > 0 else 0.0

    @property
    def finished(self) -> bool:
        return self.done == self.games


def chunk_tally(start: int, reading: Reading, results: np.ndarray) -> Tally:
    won = reading.won(results)
    tied = 0 if reading.tied is None else int(np.count_nonzero(reading.tied(results)))
    tally = Tally(games=len(won), wins=int(np.count_nonzero(won)), ties=tied)
    scores = reading.scores(results)
    for name, values in scores.items():
        found, counts = np.unique(values, return_counts=True)
        tally.histograms[name] = Histogram(Counter(dict(zip(found.tolist(), counts.tolist(),
                                                            strict=True))))
    # In Python's integers: start + index may pass 2**63, where int64 would wrap.
    tally.first_wins = [start + index for index in np.flatnonzero(won)[:FIRST_WINS_KEPT].tolist()]
    return tally


def available_workers() -> int:
    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


def _first_call(kernel: Kernel, seed: int, stop: Callable[[], bool]) -> bool:
    """Compile the kernel, or load it from the disk cache, in a thread of its own;
    False if ``stop()`` came first (the compile goes on, unwatched). What the compile
    raises is raised here."""
    done = threading.Event()
    failed: list[BaseException] = []

    def compile_kernel() -> None:
        try:
            with ENGINE:
                kernel.results(seed, 1)
        except BaseException as error:  # handed to the run, which raises it
            failed.append(error)
        finally:
            done.set()

    threading.Thread(target=compile_kernel, name="kernel-compile", daemon=True).start()
    while not done.wait(STOP_POLL_SECONDS):
        if stop():
            return False
    if failed:
        raise failed[0]
    return True


def _engine(stop: Callable[[], bool]) -> bool:
    """Take ``ENGINE`` (True), unless ``stop()`` comes first (False)."""
    while not ENGINE.acquire(timeout=STOP_POLL_SECONDS):
        if stop():
            return False
    return True


@contextmanager
def turn(stop: Callable[[], bool]) -> Iterator[bool]:
    """``ENGINE`` for a whole piece of work (a search, a hint), as a run takes it for
    each chunk: True while held, False if ``stop()`` came first. An app whose threads
    are capped (a guest of ``serve``) takes it for every search, so that a search
    beside a run waits a chunk rather than doubling the threads at work."""
    if not _engine(stop):
        yield False
        return
    try:
        yield True
    finally:
        ENGINE.release()


def run(
    kernel: Kernel,
    seed: int,
    games: int,
    workers: int | None = None,
    on_progress: Callable[[Run], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Run:
    """Play the deals, calling ``on_progress`` after every chunk; ``stop()``, asked
    before each chunk and while the kernel compiles, ends the run there, keeping what
    was played."""
    check_deals(seed, games)
    workers = workers or available_workers()
    if not 1 <= workers <= available_workers():
        raise OptionsError(f"workers must be 1..{available_workers()}, not {workers}")
    stopped = stop or (lambda: False)
    numba.set_num_threads(workers)
    state = Run(seed, games, workers, [Tally() for _ in kernel.readings])
    began = time.perf_counter()
    state.cancelled = not _first_call(kernel, seed, stopped)
    state.compile_seconds = time.perf_counter() - began
    least = MIN_CHUNK * workers  # a block for every worker, however slow the games
    chunk = least
    while state.done < games and not state.cancelled:
        if stopped() or not _engine(stopped):
            state.cancelled = True
            break
        count = min(chunk, games - state.done)
        start = seed + state.done
        began = time.perf_counter()
        try:
            with _watched(stopped, games - state.done) if kernel.stoppable else nullcontext():
                results = kernel.results(start, count)
        finally:
            ENGINE.release()
        # A stoppable kernel's lanes play fewer games if a stop came during the call,
        # and more if some went on while one of the chunk's games was still played.
        played = len(results)
        for tally, reading in zip(state.tallies, kernel.readings, strict=True):
            tally.merge(chunk_tally(start, reading, results))
        spent = time.perf_counter() - began
        state.done += played
        state.seconds += spent
        state.cancelled = played < count
        # At most double: early progress comes at evenly spaced powers of two, which is
        # what a running win rate on a log scale needs.
        aim = STOPPABLE_CHUNK_SECONDS if kernel.stoppable else CHUNK_SECONDS
        chunk = int(min(MAX_CHUNK, max(least, 2 * count),
                        max(least, played * aim / max(spent, 1e-6))))
        if on_progress is not None:
            on_progress(state)
    return state


@contextmanager
def _watched(stop: Callable[[], bool], left: int) -> Iterator[None]:
    """While a stoppable kernel runs: the games the run has ``left`` said to its lanes
    (which may play past the chunk, ``rules.fast.lanes``), ``stop()`` asked every
    STOP_POLL_SECONDS, and once it says so, the lanes told (``lanes.CONTROL``)."""
    over = threading.Event()

    def watch() -> None:
        while not over.wait(STOP_POLL_SECONDS):
            if stop():
                lanes.CONTROL[lanes.STOP] = 1
                return

    lanes.CONTROL[lanes.STOP] = 0
    lanes.CONTROL[lanes.RUN_LEFT] = left
    watcher = threading.Thread(target=watch, name="run-stop", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        over.set()
        watcher.join()
        lanes.CONTROL[lanes.STOP] = lanes.CONTROL[lanes.RUN_LEFT] = 0


def side_by_side(parts: Sequence[np.ndarray]) -> np.ndarray:
    """Several kernels' rows for the same deals side by side: as many as each of them
    played (a stop may have cut the later ones shorter)."""
    played = min(len(part) for part in parts)
    return np.hstack([part[:played] for part in parts])
