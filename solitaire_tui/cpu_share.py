"""How much of the cores the background warm-up gets, for telling a wait truthfully.

The warm-up runs at the lowest priority the system offers (``commands/warm``): on a
quiet machine each of its processes has a core, but beside a busy program it gets
only what that program leaves, which may be nothing for minutes. A wait told from
the parts' seconds alone (``engine.Warmup.left``) was then off by as much as the
machine was busy. So the app looks, once a second, at the CPU time the warm-up's
processes have used (``tree_cpu_seconds``), and keeps a clock of the work they did
(``Share``): a part's progress is read on it, and the wait left is its work left
over the share they have had lately.
"""

from __future__ import annotations

import os
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

# The looks a share is read over: a few seconds, so a busy spell shows at once and a
# single slow look does not swing it.
WINDOW = 5
PROC = Path("/proc")


@dataclass
class Share:
    """A clock of the warm-up's work: ``worked(now)`` advances by a second for each
    second a compiling process had a whole core. Until the first two looks, and
    where the system does not tell CPU time, it is ``now`` itself (a core each, as
    on a quiet machine); ``share`` is then 1."""

    _at: float | None = None  # when last looked (``time.monotonic``)
    _cpu: float = 0.0  # the processes' CPU seconds then
    _worked: float = 0.0  # the clock then
    _lately: deque[tuple[float, float]] = field(  # (seconds, seconds worked) a look
        default_factory=lambda: deque(maxlen=WINDOW))

    @property
    def share(self) -> float:
        """The share of a core each compiling process has had lately, 0 to 1."""
        seconds = sum(seconds for seconds, _ in self._lately)
        return sum(worked for _, worked in self._lately) / seconds if seconds > 0 else 1.0

    def worked(self, now: float) -> float:
        """The clock at ``now``: as last looked, and at the share since."""
        if self._at is None:
            return now
        return self._worked + max(now - self._at, 0.0) * self.share

    def look(self, now: float, cpu: float | None, compiling: int) -> None:
        """The processes had used ``cpu`` seconds by ``now`` (None: not told), while
        ``compiling`` parts were being compiled, one a process."""
        if cpu is None:
            return
        if self._at is None:
            self._worked = now
        elif now > self._at and compiling > 0:
            seconds = now - self._at
            worked = min(max(cpu - self._cpu, 0.0) / compiling, seconds)
            self._worked += worked
            self._lately.append((seconds, worked))
        else:  # nothing compiling (between parts): nothing learnt of the share
            self._worked = self.worked(now)
        self._at, self._cpu = now, cpu


def tree_cpu_seconds(pid: int) -> float | None:
    """The CPU seconds (user and system) process ``pid`` and its children have used
    so far: the warm-up and the processes compiling for it. None where the system
    does not tell (no ``/proc``), or once the process is gone."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        total = _cpu_ticks(pid)
        for task in (PROC / str(pid) / "task").iterdir():
            for child in (task / "children").read_text().split():
                total += _cpu_ticks(int(child))
    except (OSError, ValueError, AttributeError):
        return None
    return total / ticks


def _cpu_ticks(pid: int) -> int:
    """utime and stime from ``/proc/PID/stat``, read after the command's closing
    parenthesis (a command may hold spaces and parentheses)."""
    fields = (PROC / str(pid) / "stat").read_text().rpartition(")")[2].split()
    return int(fields[11]) + int(fields[12])
