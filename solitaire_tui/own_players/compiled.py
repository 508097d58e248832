"""A compiled player of one's own (``COMPILED = True``) in a worker process.

The worker loads the file as a plain player does (``playing.start_worker``), then
compiles its ``play`` with numba into its game's loop (the module ``Rules.COMPILED_BY``
names), bounds checked, so that an index past a pile's end raises as in Python; the
loop is kept in numba's cache for the next run (``own.kept_loop``). What numba cannot
compile is the file's fault: one sentence with the line numba names.

Compiled code says neither the line where it went wrong nor why a move is not legal,
and it cannot be interrupted. So where a compiled game stops (a move that is no legal
move, or an exception) the worker plays that deal again in plain Python, the same
file with the same view, where the rules and the traceback say why. A move that
never ends is seen from the run's process, by the ticks each move leaves in the
worker's watch, a slot of memory the two share (``own.running``).
"""

from __future__ import annotations

import importlib
import os
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from solitaire_tui.own_players import kept_loop, playing

# A part's watch: the deal, the move, ticks (the loop's), the worker's pid and the
# playing thread's id (the system's), where its time on the CPU can be read.
WATCH = 5
_FILE_LINE = re.compile(r'File "([^"]+)", line (\d+)')
_RESOLVING = re.compile(r"^\s*- Resolution failure for \w+ arguments:")
_NUMBA_TYPE = re.compile(r"instance\.jitclass\.\w+#\w+<[^>]*>")

# Numba's reasons that a newcomer to the subset meets most, said plainly (the first
# whose words are in numba's reason).
_PLAINLY = (
    ("Optional", "a value that may be None (hand, top, needs, wait, soonest) used as a"
                 " number: once it is tested, write int(x) there"),
    ("yield", "a generator expression, as in sum(... for ...): write a for loop"),
    ("built-in function min>", "min takes numbers here, without key=: write a for loop"),
    ("built-in function max>", "max takes numbers here, without key=: write a for loop"),
    ("<class 'int'>) found for signature: int(unicode", "int() of a string: compare the"
                                                        " strings instead"),
    ("Cannot unify", "a variable holds values of two types (a number, then a string?):"
                     " give each its own name"),
)

@dataclass(frozen=True)
class Compiled:
    """A compiled player: its game's compiled module and the player's compiled loop
    (``kept_loop.loop``; None where numba refused the file, and ``why``)."""

    fast: Any
    loop: Any
    why: str | None


def compile_player(path: Path, rules: str, clairvoyant: bool) -> Compiled:
    """The player in ``path`` compiled into its game's loop, and called once (numba
    compiles as it is first called, or loads the loop from its cache): ``why`` says
    what numba refused."""
    from numba.core.errors import NumbaError

    compiled_by = playing.rules_module(rules).COMPILED_BY
    fast = importlib.import_module(compiled_by)

    def first_call(loop: Any) -> None:
        loop(0, 0, clairvoyant, np.empty((0, len(fast.FIELDS)), np.int64),
             np.zeros(WATCH, np.int64))

    try:
        loop = kept_loop.loop(path, compiled_by)
        with kept_loop.one_compile(loop):  # a run's workers start at once: one compiles
            try:
                first_call(loop)
            except NumbaError:
                raise
            except Exception:  # the cache unreadable (damaged, cut short): compiled afresh
                loop._cache.flush()
                first_call(loop)
    except Exception as error:  # numba's refusal of the file, as it compiles
        return Compiled(fast, None, not_compiled(error, path))
    return Compiled(fast, loop, None)


# A worker process's compiled player and the watch slots it shares with the run's
# process (``start_worker``); the plain player beside it is ``playing.worker()``'s.
_WORKER: tuple[Compiled, np.ndarray] | None = None


def start_worker(path: Path, rules: str, clairvoyant: bool, budget: float,
                 options: Mapping[str, Any], watches: Any) -> None:
    """In a new worker process: the plain player's start, then its compile."""
    global _WORKER
    playing.start_worker(path, rules, clairvoyant, budget, options)
    _WORKER = (compile_player(path, rules, clairvoyant),
               np.frombuffer(watches, dtype=np.int64))


def not_compiled(error: BaseException, path: Path) -> str:
    """"mine.py, line 7, is not in the compiled subset: Unknown attribute 'random' of
    the view": numba's reason and the last line of the file it names."""
    text = str(error)
    lines = [int(line) for name, line in _FILE_LINE.findall(text)
             if Path(name).name == path.name]
    reasons = [_RESOLVING.sub("", line).strip().lstrip(">").strip()
               for line in text.splitlines()
               if line.strip() and not line.startswith("Failed in ")]
    reason = " ".join(reasons[:2]) if reasons and reasons[0].endswith(":") else (
        reasons[0] if reasons else type(error).__name__)  # "…found for signature: …"
    reason = _NUMBA_TYPE.sub("the view", reason.replace("of type instance.", "of instance."))
    reason = next((said for found, said in _PLAINLY if found in reason), reason)
    where = f", line {lines[-1]}," if lines else ""
    reason = reason if len(reason) <= 120 else reason[:117] + "…"
    return (f"{path.name}{where} is not in the compiled subset: {reason}"
            " (take out COMPILED = True to play it as Python)")


def play_part(start: int, count: int, slot: int) -> tuple[np.ndarray, str | None]:
    """In a worker: deals start..start+count-1 (``play_compiled``), ticking watch
    ``slot``."""
    assert _WORKER is not None, "the worker compiles its player as it starts"
    compiled, watches = _WORKER
    game, timer = playing.worker()
    return play_compiled(compiled, game, timer, start, count,
                         watches[slot * WATCH:(slot + 1) * WATCH])


def play_compiled(compiled: Compiled, game: playing.Loaded, timer: playing.Timer | None,
                  start: int, count: int, watch: np.ndarray) -> tuple[np.ndarray, str | None]:
    """Deals start..start+count-1 compiled, their rows (as ``playing.play_games``',
    in the array the loop filled), each move ticking ``watch``; where a compiled game
    stopped, the fault as that deal played by ``game`` (the plain player) says it."""
    out = np.full((count, len(compiled.fast.FIELDS)), -1, np.int64)
    if compiled.why is not None:
        return out[:0], compiled.why
    watch[:] = 0
    watch[4] = threading.get_native_id()
    watch[3] = os.getpid()  # last: a pid says the part is under way
    try:
        played = compiled.loop(start, count, game.clairvoyant, out, watch)
    except Exception as error:  # the player's code, compiled, raised
        played, raised = int(watch[0]) - start, type(error).__name__
    else:
        raised = ""
    if played == count:
        return out, None
    deal = start + played
    _, fault = playing.play_games(game, timer, deal, 1)  # where Python says why
    if fault is None:  # the plain player played it through: compiled, it differs
        what = f"raised {raised}" if raised else "named no legal move"
        fault = (f"{game.path.name}, compiled, {what} at move {int(watch[1])} of deal"
                 f" {deal}, which it plays through as Python")
    return out[:played], fault


def ticking(watch: np.ndarray, budget: float, finished: Callable[[float], bool]) -> bool:
    """Wait for a compiled part: True once ``finished(timeout)`` says it is over,
    False when the ticks of its ``watch`` stand still for ``WALL_SLACK`` times a
    move's ``budget`` by the clock while its thread spends more than the budget on
    the CPU (it is stuck in a move that may never end: compiled code cannot be
    interrupted, so the one waiting stops it). A thread that waits for a core on a
    busy machine spends nothing, so it is not taken for stuck; where a thread's time
    cannot be read (not Linux), the clock alone decides."""
    seen, since, spent = -1, time.monotonic(), None
    while not finished(min(budget / 4, 0.25)):
        ticks, pid, thread = int(watch[2]), int(watch[3]), int(watch[4])
        if not pid:  # not started yet
            continue
        if ticks != seen:
            seen, since, spent = ticks, time.monotonic(), _cpu_seconds(pid, thread)
        elif time.monotonic() - since > budget * playing.WALL_SLACK and _spent(
                pid, thread, spent, budget):
            return False
    return True


def _spent(pid: int, thread: int, since: float | None, budget: float) -> bool:
    """Whether the thread spent more than ``budget`` on the CPU after ``since`` (its
    time then, None where it could not be read: then it is taken to have)."""
    now = _cpu_seconds(pid, thread)
    return since is None or now is None or now - since > budget


def _cpu_seconds(pid: int, thread: int) -> float | None:
    """The time thread ``thread`` of process ``pid`` has spent on the CPU, from Linux's
    ``/proc`` (None elsewhere, or once the thread is gone)."""
    try:
        stat = Path(f"/proc/{pid}/task/{thread}/stat").read_text()
        utime, stime = stat.rsplit(")", 1)[1].split()[11:13]  # fields 14 and 15
        return (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        return None
