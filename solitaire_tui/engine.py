"""The compiled engine, made ready before anyone needs it.

numba compiles a kernel on its first call and keeps the machine code in its cache;
on a fresh install the kernels take minutes of compiling in all (how many depends on
the machine: ``bench --engine compile`` times it), and a player who asks for a hint
should not be the one who waits for it. So the engine is
split into parts (``Part``: one call compiles one part; each game's home lists its
own), and ``warm`` compiles them all in processes of their own, most wanted first,
reporting each part as it is ready. The app starts ``warm`` in the background when
the cache is not known to be warm (``is_warm``: a mark written after a complete
warm-up, and true only while the kernels' sources, numba and Python are the same),
follows its report (``Warmup``) and makes a hint or a run that needs a part still
compiling wait for it, saying so, instead of compiling it a second time.

A compile holds a core for seconds and nothing can stop it, so it never runs in the
app's process: the background processes run at the lowest priority and end with
the app; what they finished stays cached. Two windows starting at once take turns
through a lock file, so the second finds the work done.

numba keeps its cache beside the kernels' sources; when that directory cannot be
written (an installation owned by another user), ``use_cache_dir`` points numba at
the user's cache directory instead, before numba is imported.
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import importlib
import importlib.metadata
import importlib.util
import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire_tui.compilers import Compilers, PartFailed
from solitaire_tui.cpu_share import Share, tree_cpu_seconds

CACHE_VARIABLE = "NUMBA_CACHE_DIR"  # numba's own setting, which wins over ours
MARK = "solitaire-tui-engine.json"  # written beside the cache after a complete warm-up
PACE = "solitaire-tui-engine-pace.json"  # this machine's compile against Part.seconds
LEAST_PACE, MOST_PACE = 0.1, 20.0  # a pace beyond these is a measure gone wrong
# Under this share of a core a compiling process gets lately (``cpu_share``), other
# work has the machine (other programs, or the app's own run, which comes first): a
# wait is not told in seconds, which would be minutes.
BUSY_SHARE = 0.2
# A machine's pace before any warm-up of its own (``probed_pace``): the seconds of the
# probe's plain Python on a machine of pace 1, the one whose compile took the parts'
# seconds: a 2-core AMD EPYC (docs/TUNING.md), whose probe took 6.0-6.3 ms or
# 9.4-10.6 ms, as the machine had it (8 fresh processes): 8.3 ms between.
PROBE_AT_PACE_1 = 0.0083
# LLVM's compile against the probe's plain Python, as the machines and days measured
# so far had it (docs/TUNING.md): from 0.8 to 3.2 times the probe's pace. Until this
# machine has compiled a part, a wait is told as that range, not as one figure that
# was off by as much.
PROBE_SPREAD = (0.8, 3.2)
LOCK = "solitaire-tui-engine.lock"
POLL_SECONDS = 0.05  # how often a wait for a part asks whether to stop


@dataclass(frozen=True)
class Part:
    """A piece of the compiled engine: calling ``warm`` (``"module:function"``, no
    arguments) compiles it, or loads it from the cache. ``title`` is for people;
    ``play`` marks a part a game's screen uses while someone plays (a hint, a
    computer's move), which is warmed before the parts only runs use. ``seconds``:
    about how long its cold compile took on the project's machine, one process
    (``bench --engine compile`` measures it beside this; docs/TUNING.md has the
    run these come from): the order of the warm-up, and the parts'
    shares of a wait, scaled by this machine's own pace (``Warmup.pace``) before a
    player is told how long. ``after``: parts whose compiled code this one calls,
    which it begins after (once compiled they load from the cache; begun sooner it
    would compile them again)."""

    name: str
    title: str
    warm: str
    play: bool = False
    seconds: float = 1.0
    after: tuple[str, ...] = ()


def in_order(parts: Iterable[Part]) -> tuple[Part, ...]:
    """Each part once: those used in play first, in the order given (the first a game
    lists is its most wanted), then the others longest first, so that the longest
    work does not begin last; a part another one is ``after`` comes just before the
    first that is, so a part in play is not kept waiting for one that only runs use."""
    unique = list(dict.fromkeys(parts))
    named = {part.name: part for part in unique}
    ordered: dict[Part, None] = {}
    placing: list[str] = []  # the parts being placed, each ``after`` the next

    def place(part: Part) -> None:
        if part in ordered:
            return
        if part.name in placing:  # a game's mistake, said plainly at import
            loop = [*placing[placing.index(part.name):], part.name]
            raise ValueError(f"engine parts after one another in a loop: {' → '.join(loop)}")
        placing.append(part.name)
        for name in part.after:
            if name in named:
                place(named[name])
        placing.pop()
        ordered[part] = None

    for part in sorted(unique, key=lambda part: (not part.play,
                                                 0.0 if part.play else -part.seconds)):
        place(part)
    return tuple(ordered)


def next_part(waiting: Sequence[Part], compiling: Collection[str]) -> Part:
    """The part to begin now, of those ``waiting`` (in order) while the parts named
    ``compiling`` compile: the first none of whose ``after`` is still to come;
    failing that, the first."""
    coming = {part.name for part in waiting} | set(compiling)
    return next((part for part in waiting if coming.isdisjoint(part.after)), waiting[0])


def kernel_sources() -> Path:
    """The directory of the compiled kernels' sources, found without importing it."""
    spec = importlib.util.find_spec("rules.fast")
    assert spec is not None and spec.submodule_search_locations is not None
    return Path(next(iter(spec.submodule_search_locations)))


def _writable(directory: Path) -> bool:
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=directory):
            return True
    except OSError:
        return False


def use_cache_dir() -> Path:
    """Where numba keeps the compiled kernels, chosen before numba is imported: beside
    their sources when that can be written, otherwise the user's cache directory
    (platformdirs), unless ``NUMBA_CACHE_DIR`` already says."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen:
        return Path(chosen)
    beside = kernel_sources() / "__pycache__"
    if _writable(beside):
        return beside
    import platformdirs

    user = platformdirs.user_cache_path("solitaire-tui", appauthor=False) / "numba"
    os.environ[CACHE_VARIABLE] = str(user)
    return user


def cache_setting(directory: Path) -> str | None:
    """``NUMBA_CACHE_DIR``'s value for numba's cache in ``directory``: None (the
    variable left out) for the cache beside the kernels, numba's own default, which
    the variable would replace by a cold tree of its own inside that directory."""
    return None if directory == kernel_sources() / "__pycache__" else str(directory)


def fingerprint(parts: Sequence[Part]) -> dict[str, object]:
    """What a warm cache was made from: the kernels' sources (numba's own test of a
    stale cache is their size and time), numba, Python and the parts."""
    return {
        "sources": str(kernel_sources()),
        "files": _source_files(),
        "numba": importlib.metadata.version("numba"),
        "python": sys.version,
        "parts": [part.name for part in parts],
    }


def _source_files() -> list[list[object]]:
    """Each kernel source's name, size and time: numba's own test of a stale cache."""
    return [[path.name, path.stat().st_size, path.stat().st_mtime_ns]
            for path in sorted(kernel_sources().glob("*.py"))]


def _mark() -> object:
    """What the last whole warm-up was made from (``fingerprint``, read back), or None
    when no mark can be read."""
    try:
        return json.loads((use_cache_dir() / MARK).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def is_warm(parts: Sequence[Part]) -> bool:
    """Whether every part was compiled into the cache from the sources there are now."""
    return _mark() == fingerprint(parts)


def warmed_here() -> bool:
    """Whether a whole warm-up filled the cache from the kernels' sources there are now
    (whatever parts it was given): a kernel then loads from it rather than compiles."""
    mark, current = _mark(), fingerprint([])
    return isinstance(mark, dict) and all(mark.get(key) == current[key]
                                          for key in ("sources", "files", "numba", "python"))


def drop_stale_kernels() -> int:
    """Forget our compiled kernels when their sources have changed since the last
    complete warm-up; returns how many cache files went.

    numba checks a cached function against its own source file only, yet keeps the
    code of what it calls from other files inside it: after a change to a callee's
    file alone (a ``git pull`` into an editable install does that), its callers
    would go on running the old callee. Seen here: the solver kept its old dead-end
    tests when only ``sequence_proofs.py`` had changed. A warm mark made from other
    sources says this may be so; the kernels' cache files (named after their source
    files) and the mark go, and the next call or warm-up compiles them anew. The
    cache directory may be shared (``NUMBA_CACHE_DIR``): nothing else in it goes."""
    mark = _mark()
    if mark is None or (isinstance(mark, dict) and mark.get("files") == _source_files()):
        return 0
    directory = use_cache_dir()
    stems = {path.stem for path in kernel_sources().glob("*.py")}
    dropped = 0
    for path in [*directory.rglob("*.nbi"), *directory.rglob("*.nbc")]:
        if path.name.partition(".")[0] in stems:
            with contextlib.suppress(OSError):  # another window's start took it first
                path.unlink()
                dropped += 1
    with contextlib.suppress(OSError):
        (directory / MARK).unlink()
    return dropped


def _mark_warm(parts: Sequence[Part]) -> None:
    with contextlib.suppress(OSError):  # only a warm-up again next time
        (use_cache_dir() / MARK).write_text(json.dumps(fingerprint(parts)), encoding="utf-8")


@contextlib.contextmanager
def one_at_a_time(lock_file: Path, waiting: Callable[[], None] = lambda: None
                  ) -> Iterator[None]:
    """Hold ``lock_file``, telling ``waiting`` if another process holds it first: what
    one process compiles, the next loads from the cache (a process that dies lets it
    go). Without ``fcntl`` (Windows) both just compile."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_file, "a+b") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            waiting()
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@dataclass(frozen=True)
class Event:
    """What ``warm`` reports: ``kind`` is "waiting" (for another warm-up), "start",
    "begin" (a part, as a process takes it up), "ready" or "failed" (a part, with its
    seconds or error), then "finished"."""

    kind: str
    part: str = ""
    seconds: float = 0.0
    done: int = 0
    total: int = 0
    error: str = ""

    def line(self) -> str:
        return json.dumps(self.__dict__)


def default_jobs() -> int:
    """The warm-up's processes: two. On a machine of two cores or more they halve the
    wait, and more would only fight over the parts that share code."""
    return min(2, os.cpu_count() or 1)


def warm(parts: Sequence[Part], jobs: int, report: Callable[[Event], None]) -> bool:
    """Compile every part not known warm, on ``jobs`` processes, in the order given;
    True when all compiled (and the cache is then marked warm)."""
    total = len(parts)
    with one_at_a_time(use_cache_dir() / LOCK, lambda: report(Event("waiting", total=total))):
        if is_warm(parts):
            report(Event("finished", done=total, total=total))
            return True
        drop_stale_kernels()  # a warm-up that is not ``cli.main`` (the tests') too
        report(Event("start", total=total))
        failed = False
        done = 0
        pace = Pace()
        workers = max(1, min(jobs, total))
        compilers = Compilers(workers)
        try:
            waiting = list(parts)
            pending: dict[Future[float], Part] = {}
            while waiting or pending:
                # One part a free process, chosen as it frees: a part begins when it
                # is handed over, and one that calls another's code can wait for it.
                while waiting and len(pending) < workers:
                    part = next_part(waiting, [running.name for running in pending.values()])
                    waiting.remove(part)
                    pending[compilers.submit(part.warm)] = part
                    report(Event("begin", part.name, done=done, total=total))
                ended, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(ended, key=lambda one: parts.index(pending[one])):
                    part = pending.pop(future)
                    done += 1
                    try:
                        took = future.result()
                        pace.heard(part, took)
                        report(Event("ready", part.name, took, done, total))
                    except PartFailed as error:  # a part that fails is reported; the rest go on
                        failed = True
                        report(Event("failed", part.name, done=done, total=total,
                                     error=str(error)))
        finally:
            compilers.close()
        if not failed:
            _mark_warm(parts)
        pace.keep()
        report(Event("finished", done=done, total=total))
        return not failed


@dataclass
class Pace:
    """How fast this machine compiles, against the parts' ``seconds`` (ours): the
    seconds its parts took over the seconds they were expected to. A machine's
    compile can take twice ours or half (its CPU, its load, LLVM's work on it), so a
    wait is told from this, never from the table alone. Kept beside the cache for the
    next warm-up (a new version compiles again), which starts from it."""

    took: float = 0.0
    expected: float = 0.0

    @property
    def ratio(self) -> float:
        """Seconds here for each of ours; the last warm-up's before any part is done,
        ``probed_pace`` before any warm-up was."""
        if self.expected > 0:
            return _bounded(self.took / self.expected)
        kept = _kept_pace()
        return probed_pace() if kept is None else kept

    @property
    def span(self) -> tuple[float, float]:
        """The least and the most this machine's pace may be, as far as it has shown
        it: ``ratio`` both, once a part compiled here or a warm-up before kept its
        pace; before then the probe's guess, spread as LLVM has strayed from it
        (``PROBE_SPREAD``)."""
        known = self.ratio if self.expected > 0 else _kept_pace()  # the file read once
        if known is not None:
            return known, known
        least, most = PROBE_SPREAD
        probed = probed_pace()
        return _bounded(probed * least), _bounded(probed * most)

    def heard(self, part: Part, took: float) -> None:
        """Part ``part`` was ready in ``took`` seconds. Under a quarter of its
        ``seconds`` it was most likely loaded from the cache (a warm-up cut short
        before), which says nothing of how fast this machine compiles."""
        if took >= part.seconds / 4:
            self.took += took
            self.expected += part.seconds

    def keep(self) -> None:
        if self.expected > 0:
            with contextlib.suppress(OSError):  # only estimates from the table next time
                directory = use_cache_dir()
                directory.mkdir(parents=True, exist_ok=True)
                (directory / PACE).write_text(json.dumps({"ratio": self.ratio}),
                                              encoding="utf-8")


def _kept_pace() -> float | None:
    """The last warm-up's ratio on this machine (``Pace.keep``), if one was kept;
    bounded, as a file another program may have written."""
    try:
        ratio = float(json.loads((use_cache_dir() / PACE).read_text(encoding="utf-8"))["ratio"])
    except (OSError, ValueError, TypeError, KeyError):
        return None
    return _bounded(ratio) if math.isfinite(ratio) else None


def _bounded(ratio: float) -> float:
    return min(max(ratio, LEAST_PACE), MOST_PACE)


@functools.cache
def probed_pace() -> float:
    """This machine's pace guessed before it compiled anything: how long it takes
    over a fixed piece of plain Python (the fastest of five tries of a few ms, once a
    process), against ``PROBE_AT_PACE_1``. LLVM's compile is one thread's work on
    integers and pointers, as the interpreter's is, and the two kept step: a machine
    that compiled 2.2-2.9 times as fast as the table's EPYC ran Python 2.7 times as
    fast. A busy machine probes slow and compiles slow alike."""
    fastest = math.inf
    for _ in range(5):
        began = time.perf_counter()
        total = 0
        kept: dict[int, int] = {}
        for number in range(50_000):
            total += number * number % 7
            kept[number & 1023] = total
        fastest = min(fastest, time.perf_counter() - began)
    return _bounded(fastest / PROBE_AT_PACE_1)


def own_group() -> dict[str, Any]:
    """``Popen``'s settings that start the warm-up as a process group of its own (the
    app ends the group, ``Warmup.close``), in the app's session: Linux shares the cores
    between sessions first (its autogroups, ``man 7 sched``), each at a nice 0
    process's weight, so a warm-up in a session of its own took a share of the cores
    from the app's keys beside a busy program, whatever its processes' priority; in
    the app's session its lowest priority puts it behind the app's keys, and it has
    what the app's session does not use (``docs/TUNING.md``)."""
    if not hasattr(os, "setpgid"):
        return {}
    if sys.version_info >= (3, 11):
        return {"process_group": 0}
    return {"preexec_fn": os.setpgrp}  # Python 3.10: no ``process_group`` yet


def lowest_priority(pid: int = 0) -> None:
    """Put process ``pid`` (0: this one) at the lowest priority the system offers, so
    that the app's keys come first: Linux's idle class, which runs a process only when
    nothing else would, and which the processes it starts inherit; elsewhere, nice 19.
    A process may always lower its own children's. In the app's session (``own_group``)
    that puts the warm-up behind the keys, and it has what the session does not use."""
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))
            return
    if hasattr(os, "setpriority"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, pid, 19)


def warm_command() -> tuple[str, ...]:
    """The background warm-up's command: isolated (``-I``) when the app is, as a
    guest of ``serve`` is, so that no module is picked up where it runs."""
    isolated = ("-I",) if sys.flags.isolated else ()
    return (sys.executable, *isolated, "-m", "solitaire_tui", "warm", "--background")


@dataclass
class Warmup:
    """The app's view of a warm-up in the background: which parts are ready, and a
    wait for one. Before ``start``, or once the warm-up has ended (however it
    ended), nothing is waited for: a part it did not make ready compiles where it is
    called, as it always could."""

    parts: Sequence[Part]
    command: Sequence[str] = field(default_factory=warm_command)
    ready: set[str] = field(default_factory=set)
    failed: dict[str, str] = field(default_factory=dict)
    # part: when it began, on the clock of the warm-up's work (``share``)
    compiling: dict[str, float] = field(default_factory=dict)
    running: bool = False
    began: float = 0.0  # when the warm-up started (``time.monotonic``)
    pace: Pace = field(default_factory=Pace)  # this machine's, from the parts done
    processes: int = field(default_factory=default_jobs)  # the warm-up's
    share: Share = field(default_factory=Share)  # of the cores, lately (``look``)
    _process: subprocess.Popen[str] | None = None
    _changed: threading.Condition = field(default_factory=threading.Condition)

    def start(self) -> bool:
        """Start warming in the background unless the cache is warm; True if it started."""
        if is_warm(self.parts):
            self.ready = {part.name for part in self.parts}
            return False
        try:
            # Where this package is, not where the app runs (a visitor's directory).
            self._process = subprocess.Popen(
                list(self.command), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True,
                cwd=Path(__file__).resolve().parent.parent, **own_group())
        except OSError:
            return False  # every part then compiles where it is first called
        # At once, not once it has imported what it runs (its first 0.3-0.4 s of CPU,
        # which beside a busy program had the app's first keys share the cores with it).
        lowest_priority(self._process.pid)
        self.running, self.began = True, time.monotonic()
        return True

    def follow(self, changed: Callable[[], None]) -> None:
        """Read the warm-up's report to its end, calling ``changed`` after each event
        (in this thread: a worker's). The end of the report ends every wait."""
        assert self._process is not None and self._process.stdout is not None
        probed_pace()  # for the waits told before a part is done: here, not in a key
        for line in self._process.stdout:
            try:
                event = Event(**json.loads(line))
            except (ValueError, TypeError):
                continue  # not a report line: numba's or Python's own words
            with self._changed:
                if event.kind == "begin":
                    self.compiling[event.part] = self.share.worked(time.monotonic())
                elif event.kind == "ready":
                    self.ready.add(event.part)
                    part = next((one for one in self.parts if one.name == event.part), None)
                    if part is not None:
                        self.pace.heard(part, event.seconds)
                elif event.kind == "failed":
                    self.failed[event.part] = event.error
                if event.kind in ("ready", "failed"):
                    self.compiling.pop(event.part, None)
                self._changed.notify_all()
            changed()
        self._process.wait()
        with self._changed:
            self.running = False
            self._changed.notify_all()
        changed()

    def wait(self, name: str, stop: Callable[[], bool],
             tick: Callable[[], None] | None = None) -> bool:
        """Wait while part ``name`` is being compiled, calling ``tick`` about once a
        second meanwhile (outside the lock); False if ``stop()`` came first."""
        ticked = time.monotonic()
        while True:
            with self._changed:
                if not self.pending(name):
                    return True
                if stop():
                    return False
                self._changed.wait(POLL_SECONDS)
            if tick is not None and time.monotonic() - ticked >= 1:
                ticked = time.monotonic()
                tick()

    def told_wait(self, name: str | None, stop: Callable[[], bool],
                  say: Callable[[str], None],
                  words: Callable[[str], str] | None = None) -> bool:
        """Wait while part ``name`` is being compiled, telling ``say`` what the player
        waits for (``words(name)``, ``waiting`` unless given) at once and about once a
        second, as the time left counts down; False if ``stop()`` came first. At once
        True where the part is not awaited (None: the work needs none)."""
        if name is None or not self.pending(name):
            return True
        told = words or self.waiting

        def tell() -> None:
            say(told(name))

        tell()
        return self.wait(name, stop, tell)

    def pending(self, name: str) -> bool:
        """Whether part ``name`` is still to come from the warm-up."""
        return self.running and name not in self.ready and name not in self.failed

    def title(self, name: str) -> str:
        return next((part.title for part in self.parts if part.name == name), name)

    def look(self) -> None:
        """Note how much of the cores the warm-up has had since the last look (the
        app's clock calls this once a second): its waits are told from it."""
        if self._process is None or not self.running:
            return
        cpu = tree_cpu_seconds(self._process.pid)
        with self._changed:
            self.share.look(time.monotonic(), cpu, len(self.compiling))

    @property
    def busy(self) -> bool:
        """Whether other work (other programs, or the app's own run, which comes
        first) leaves the warm-up too little of the cores to tell a wait in seconds
        (``BUSY_SHARE``)."""
        return self.running and self.share.share < BUSY_SHARE

    def left(self, name: str, pace: float | None = None) -> float | None:
        """About how many seconds until part ``name`` is ready, over the share of a
        core the warm-up's processes have had lately (``share``), at this machine's
        pace (``pace``, if given, else ``Pace.ratio``); 0 once that time is past;
        None when it is not awaited.

        The warm-up is played forward on paper: each part takes its ``Part.seconds``
        at this machine's pace, those under way less the work done on them so far;
        every part still to come is handed, in the warm-up's order (``next_part``),
        to the first of ``processes`` to be free, and begins no sooner than the parts
        it is ``after``. A part far down the queue is told after all those before it,
        not only after the first to end."""
        ratio = self.pace.ratio if pace is None else pace
        named = {part.name: part for part in self.parts}
        if not self.pending(name) or name not in named:
            return None
        with self._changed:  # the reading thread and the clock change them
            now = self.share.worked(time.monotonic())
            share = max(self.share.share, BUSY_SHARE)
            compiling = dict(self.compiling)
        ready_at = {other: max(named[other].seconds * ratio - (now - began), 0.0)
                    for other, began in compiling.items() if other in named}
        free = [*ready_at.values(), *[0.0] * max(self.processes - len(ready_at), 0)]
        heapq.heapify(free)  # when each process is next free
        waiting = [part for part in self.parts
                   if self.pending(part.name) and part.name not in ready_at]
        while name not in ready_at:
            at = heapq.heappop(free)
            part = next_part(waiting, [other for other, ready in ready_at.items()
                                       if ready > at])
            waiting.remove(part)
            begins = max([at, *(ready_at.get(other, 0.0) for other in part.after)])
            ready_at[part.name] = begins + part.seconds * ratio
            heapq.heappush(free, ready_at[part.name])
        return ready_at[name] / share

    def how_long(self, name: str) -> str:
        """How long part ``name`` is still away, in words: "about 38 s more", or
        "about 4–15 s more" before this machine has compiled a part (``Pace.span``);
        not in seconds while the warm-up gets next to no time (``busy``)."""
        if self.busy:
            return "held up while every core is busy with other work"
        least, most = (round(self.left(name, pace) or 0.0) for pace in self.pace.span)
        if most < 1:
            return "taking longer than usual: the machine may be busy"
        if least == most:
            return f"about {most}\u00a0s more"
        if least < 1:
            return f"up to {most}\u00a0s more"
        return f"about {least}\u2013{most}\u00a0s more"

    def away(self, name: str) -> str:
        """Part ``name`` and how long it is away: "Sequence's fair player: about 39 s
        more" (a stand-in's hint, the panel's estimate)."""
        return f"{self.title(name)}: {self.how_long(name)}"

    def waiting(self, name: str) -> str:
        """What a player waiting for part ``name`` is told."""
        doing = (f"is compiling {self.title(name)}" if name in dict(self.compiling)
                 else f"compiles {self.title(name)} after the parts under way")
        return (f"Waiting for the engine, which {doing}: {self.how_long(name)}. This"
                " happens on the first start only; its progress is below.")

    @property
    def note(self) -> str:
        """A line for the screen while the warm-up runs ("" once it is over): the parts
        being compiled and for how long, a sign of life however long a part takes."""
        if not self.running:
            return ""
        done = f"{len(self.ready) + len(self.failed)} of {len(self.parts)} parts ready"
        compiling = dict(self.compiling)  # the reading thread changes it
        # The time it has taken so far, "12 s in" (a bare "12 s" was read as the time
        # left); no-break spaces keep it whole where the line wraps at the screen's edge.
        heading = ("Preparing the engine (first start, then cached),"
                   f" {int(time.monotonic() - self.began)}\u00a0s\u00a0in")
        if not compiling:
            return f"{heading}: {done}"
        names = " and ".join(self.title(name) for name in compiling)
        held = " · held up: every core is busy with other work" if self.busy else ""
        return f"{heading}: compiling {names} · {done}{held}"

    def close(self) -> None:
        """End the warm-up with the app; its processes go with it (what they finished
        stays cached)."""
        if self._process is not None and self._process.poll() is None:
            with contextlib.suppress(OSError):
                if hasattr(os, "killpg"):
                    os.killpg(self._process.pid, 15)
                else:
                    self._process.terminate()
