"""An autoplay run (or any long job) watched through the snapshots it hands over.

The statistics panel must stay responsive while the kernels use every core, so a job
runs in a Textual thread worker (``ui.live.LiveScreen`` starts it): the kernels
release the GIL (``nogil``), and the job hands over a copy of its totals after every
chunk (about a tenth of a second), which the screen receives as a message. It never
waits for the job. Nor does a key wait for a core: the work runs at a lower priority
than the screen (``lowered``).

Cancel answers at once: the run as of its last snapshot becomes the result, and the
worker, cancelled, stops after the chunk under way, whose games are left out. Either
way the result is the exact totals of deals seed..seed+done-1, as ``stats`` would
give. A cancel during the first compile is heard as soon (``rules.fast.batch``).

A job knows nothing of Textual: it is given a way to report and a way to ask
whether it should stop, so the same job is tested without a screen.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rules.errors import RulesError
from rules.stats import Tally
from rules.words import sentence_start
from solitaire_tui.stats import compare
from solitaire_tui.stats.cluster import Scheduler
from solitaire_tui.stats.runs import Runs, Setup, labels_of, run_data, tallies_of
from solitaire_tui.store.history import Entry, Point

if TYPE_CHECKING:
    from rules.fast.batch import Kernel, Run

# How much lower a job's threads run than the screen's (``lowered``).
BACKGROUND_NICE = 10
CURVE_STEP = 1.03  # a live run's curve keeps a point a 3% growth in games (``_extend_curve``)


class Phase(Enum):
    LOADING = "loading the engine"  # importing numba, compiling or loading the kernel
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    FAILED = "failed"


@dataclass(frozen=True)
class Moment:
    """What a watched job hands over, as far as its watcher needs to tell whether to
    keep polling: each job's snapshot adds its own figures."""

    phase: Phase

    @property
    def over(self) -> bool:
        return self.phase in (Phase.FINISHED, Phase.CANCELLED, Phase.FAILED)


S = TypeVar("S", bound=Moment)
J = TypeVar("J", bound="Job[Any]")


Report = Callable[[S], None]


@dataclass
class Job(Generic[S]):
    """Work watched through the latest snapshot it hands over.

    ``work`` runs in a worker thread; it calls ``report`` with each new snapshot and
    asks ``stopped`` whether to end early. A screen must never wait for the work, so
    reading and cancelling only take a lock held for a copy. Cancel answers at once
    with the last snapshot, ended; what the work does after that is left out, because
    the first ending decides the result. A job subclass calls ``_begin`` from
    ``__post_init__``, and fills in ``_work`` and ``_ending``.
    """

    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    _latest: S = field(init=False)
    _final: S | None = field(default=None, init=False)
    _report: Report[S] | None = field(default=None, init=False)
    _stopped: Callable[[], bool] = field(default=lambda: False, init=False)
    # Set once ``work`` has returned: whoever started it may wait for this, never a screen.
    returned: threading.Event = field(default_factory=threading.Event, init=False)
    # Set by whoever starts the job: a wait while the engine part the work calls
    # (``needs``) is compiled elsewhere (the app's warm-up, ``engine.Warmup.wait``),
    # False if the job was stopped meanwhile. Compiling it twice at once would only
    # take twice the cores.
    wait: Callable[[str, Callable[[], bool]], bool] | None = field(default=None, init=False)
    STOPPED: ClassVar[str] = "the work stopped"  # what a failure says before its error

    def _begin(self, first: S) -> None:
        self._latest = first

    @property
    def snapshot(self) -> S:
        with self._lock:
            return self._final or self._latest

    def work(self, report: Report[S], stopped: Callable[[], bool]) -> S:
        """Do the work (in a worker thread), reporting snapshots; the result is the
        job's last snapshot, ended."""
        self._report, self._stopped = report, stopped
        try:
            if self.wait is not None and not all(self.wait(part, stopped)
                                                 for part in self.needs):
                return self._end(Phase.CANCELLED)
            lowered(self._work)
            return self._end(Phase.CANCELLED if stopped() else Phase.FINISHED)
        except RulesError as error:  # the rules' own words: the reason, and nothing more
            return self._end(Phase.FAILED, str(error))
        except Exception as error:
            # A bug: the job ends failed all the same, and the error goes on to whoever
            # runs the work, to be logged (the app's error boundary, ``ui.boundary``).
            self._end(Phase.FAILED, f"{self.STOPPED}: {error}")
            raise
        finally:
            self.returned.set()

    def cancel(self) -> S:
        """Stop now: the last snapshot, marked cancelled, is the result."""
        return self._end(Phase.CANCELLED)

    def _update(self, change: Callable[[S], S]) -> None:
        with self._lock:
            self._latest = change(self._latest)
            latest = self._latest
        if self._report is not None and self._final is None:
            self._report(latest)

    def _end(self, phase: Phase, error: str = "") -> S:
        """The latest snapshot, ended, as the result (the first call decides)."""
        with self._lock:
            if self._final is None:
                self._final = self._ending(self._latest, phase, error)
            return self._final

    def _ending(self, last: S, phase: Phase, error: str) -> S:
        """The result made of the last snapshot; called under the lock."""
        raise NotImplementedError

    @property
    def needs(self) -> tuple[str, ...]:
        """The names of the engine parts (``engine.Part``) the work calls."""
        return ()

    def _work(self) -> None:
        """The work itself; what it raises ends it failed (``work``)."""
        raise NotImplementedError


def lowered(work: Callable[[], None]) -> None:
    """Run ``work`` in a thread of its own at a lower priority, and wait for it; what it
    raises is raised here.

    A run on every core left the screen's thread a share of a core, and a key took
    twice as long to show (``bench --engine keys``). On Linux a thread's priority is
    its own, and the threads it starts (numba's pool, a compile) inherit it; so the
    work still has every core the screen leaves idle, but the screen comes first. It
    is a new thread because a lowered priority cannot be raised again: a worker
    thread from a pool would keep it for whatever it ran next. Elsewhere the ID of a
    thread could name another process, so nothing is lowered.
    """
    failed: list[BaseException] = []

    def run() -> None:
        try:
            if sys.platform == "linux":
                me = threading.get_native_id()
                os.setpriority(os.PRIO_PROCESS, me,
                               os.getpriority(os.PRIO_PROCESS, me) + BACKGROUND_NICE)
            work()
        except BaseException as error:  # raised again in the waiting thread
            failed.append(error)

    thread = threading.Thread(target=run, name="job-lowered", daemon=True)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


# A run's next snapshot is overdue after twice its last chunk's time, and not sooner
# than this: the panel's clock counts down till then (``Snapshot.left_at``).
OVERDUE_SECONDS = 1.0
# The play a run's time left is first told from (``Snapshot.eta_seconds``): before it,
# a chunk's fixed cost (the threads set to work) is most of a fast game's chunk, and
# the speed so far is far below the run's (docs/TUNING.md, "The panel's time left").
SURE_SECONDS = 0.2


@dataclass(frozen=True)
class Snapshot(Moment):
    """The run as of one moment: a copy the panel may read while the run goes on."""

    seed: int
    games: int  # asked for
    done: int = 0
    tallies: tuple[Tally, ...] = ()
    labels: tuple[str, ...] = ()
    shares_wins: bool = False  # ties are counted apart from wins (Add/Residue)
    seconds: float = 0.0  # playing time so far
    workers: int = 0
    compile_seconds: float = 0.0  # the first call: a compile, or a load from the cache
    curve: tuple[Point, ...] = ()
    data: dict[str, Any] | None = None  # the run's JSON object, as ``stats --json`` prints
    error: str = ""
    on: str = ""  # the Dask cluster it plays on ("" for this machine)
    at: float = 0.0  # when a playing run handed it over (``time.monotonic()``)
    chunk_seconds: float = 0.0  # the playing time since the snapshot before
    chunk_games: int = 0  # the games played since the snapshot before

    @property
    def games_per_second(self) -> float:
        return self.done / self.seconds if self.seconds > 0 else 0.0

    @property
    def eta_seconds(self) -> float | None:
        """The time left at the last chunk's speed, once ``SURE_SECONDS`` have been
        played (a slow game's first chunk is longer: told at once); None before. The
        chunks double till each takes a tenth of a second or so, so the last is the
        largest yet, the least of its time their fixed cost."""
        speed = self.games_per_second
        if not speed or (self.seconds < SURE_SECONDS and not self.over):
            return None
        if self.chunk_games and self.chunk_seconds > 0:
            speed = self.chunk_games / self.chunk_seconds
        return (self.games - self.done) / speed

    def left_at(self, now: float) -> float | None:
        """The time left as of ``now``, some time after the snapshot: its estimate
        counted down while the next chunk is not overdue (twice the last one's time,
        and never before ``OVERDUE_SECONDS``), then growing as the games done in the
        time played so far foretell. A run of slow chunks, seconds apart, so has a
        clock that moves between them, and one that stalls is not said to be nearly
        done. The floor: between chunks of milliseconds, the screen's own work and the
        run's bookkeeping are most of the wait, and are not a slower run."""
        eta = self.eta_seconds
        if eta is None or self.over:
            return eta
        since = max(0.0, now - self.at)
        due = min(since, max(OVERDUE_SECONDS, 2 * self.chunk_seconds))
        # Never below nothing: a chunk due after the estimate ran out read "-0.0 s left".
        return max(0.0, eta - due + (since - due) * eta / self.seconds)


def reopened(game: Runs, entry: Entry) -> tuple[Setup, Snapshot]:
    """A run kept in the history, as the snapshot it ended with, and its set-up; a
    saved run that cannot be read raises (``RulesError``, ``KeyError``, ``TypeError``,
    ``ValueError``)."""
    data = entry.data
    setup = compare.run_setup(game, data["options"])
    return setup, Snapshot(
        Phase.CANCELLED if data["cancelled"] else Phase.FINISHED,
        int(data["seed"]), int(data["requested"]), int(data["games"]),
        tuple(tallies_of(data, setup)), tuple(labels_of(data, setup)), "ties" in data,
        float(data["seconds"]), int(data["workers"]), float(data["compile_seconds"]),
        tuple(entry.curve), data)


@dataclass
class LiveRun(Job[Snapshot]):
    setup: Setup
    seed: int
    games: int
    workers: int | None = None  # None: every core
    where: Scheduler | None = None  # a Dask cluster to play on, rather than this machine
    STOPPED: ClassVar[str] = "the engine stopped"
    _curve: list[Point] = field(default_factory=list, init=False)
    _kernel: Kernel | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self._begin(Snapshot(Phase.LOADING, self.seed, self.games,
                             on="" if self.where is None else str(self.where)))

    @property
    def needs(self) -> tuple[str, ...]:
        """The part this machine's warm-up may still be compiling, which a run here or
        on a local cluster waits for; a remote cluster's workers have their own cache."""
        return () if self.where is not None and self.where.address else self.setup.engine

    def _ending(self, last: Snapshot, phase: Phase, error: str) -> Snapshot:
        """The last snapshot as the run's result, with its JSON object; a failed run
        keeps no figures, as they could be a chunk short."""
        if phase is Phase.FAILED:
            return Snapshot(phase, self.seed, self.games, error=sentence_start(error))
        data = None
        if last.done and self._kernel is not None:
            from rules.fast.batch import Run

            run = Run(last.seed, last.games, last.workers, list(last.tallies), last.done,
                      last.seconds, last.compile_seconds, cancelled=phase is Phase.CANCELLED)
            data = run_data(self.setup, run, self._kernel)
        return dataclasses.replace(last, phase=phase, data=data)

    def _progress(self, state: Run) -> None:
        self._extend_curve((state.done, [tally.wins for tally in state.tallies]))
        assert self._kernel is not None
        tallies, labels = tuple(copy.deepcopy(state.tallies)), tuple(self._kernel.labels)
        shares_wins, curve = self._kernel.shares_wins, tuple(self._curve)
        self._update(lambda last: Snapshot(
            Phase.PLAYING, state.seed, state.games, state.done, tallies, labels, shares_wins,
            state.seconds, state.workers, state.compile_seconds, curve,
            on="" if self.where is None else str(self.where), at=time.monotonic(),
            chunk_seconds=state.seconds - last.seconds, chunk_games=state.done - last.done))

    def _extend_curve(self, point: Point) -> None:
        """Add the newest point, keeping the curve short however long the run plays.

        Every snapshot carries a copy of the curve and the plot draws all of it, so a
        curve of every chunk (ten or more a second, without end) made each snapshot,
        each redraw and each snapshot queued for a busy screen ever larger, and the
        screen ever slower. The plot's games are on a log scale, so a point is kept
        only once the games have grown by ``CURVE_STEP`` since the last one kept; the
        newest point is always last. That is under 1,000 points up to 10**12 games,
        and every point of a run of doubling early chunks.
        """
        if len(self._curve) >= 2 and self._curve[-1][0] < self._curve[-2][0] * CURVE_STEP:
            self._curve[-1] = point
        else:
            self._curve.append(point)

    def _work(self) -> None:
        if self._stopped():
            return
        from rules.fast import batch

        self._kernel = self.setup.make_kernel()
        if self.where is not None:
            from solitaire_tui.stats import cluster

            cluster.run(self.setup, self._kernel, self.seed, self.games, self.where,
                        self._progress, self._stopped)
            return
        batch.run(self._kernel, self.seed, self.games, self.workers, self._progress,
                  self._stopped)
