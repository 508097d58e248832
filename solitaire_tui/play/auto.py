"""Auto play's pace: how many moves each tick of its timer makes to keep the chosen
speed, and the speed it really keeps; and a game finished at once, as its line is
worked out.

The screen draws once a tick however many moves the tick made, so a speed beyond
the frame rate is several moves a frame, and the fastest, instant, is as many as are
worked out in a quarter of a frame. What the screen shows is the speed measured, never
the one asked for: a slow hint player, or a slow machine, keeps less.

Nothing here knows Textual; times are ``time.monotonic()`` seconds, passed in.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

S = TypeVar("S")
M = TypeVar("M")

INSTANT = math.inf
SPEEDS: tuple[float, ...] = (1, 3, 10, 30, 100, 300, INSTANT)  # moves a second, + and -
DEFAULT_SPEED = 1
FRAME = 1 / 30  # seconds: auto play draws at most this often
# Seconds of moves a tick works out at most: they are then played into the session and
# the frame drawn, all within about a frame.
BUDGET = FRAME / 4
CATCH_UP = 0.25  # seconds of moves a late tick makes up for, at most
EARLY = 0.05  # of a move: a tick that fires a little early still makes its move
WINDOW = 1.0  # seconds over which the speed shown is measured
FIRST_MEASURE = 0.5  # seconds of play before a speed is shown
PROGRESS_AFTER = 0.3  # seconds a finish takes before its progress is shown
PROGRESS_EVERY = 0.1  # seconds between updates of that progress


def interval(rate: float) -> float:
    """Seconds between ticks at ``rate`` moves a second: one move a tick up to the
    frame rate, a frame beyond it."""
    return max(1 / rate, FRAME)


def speed_words(rate: float) -> str:
    """A speed as the player chose it, for the message + and - leave."""
    if rate == INSTANT:
        return "instant, as many moves as each frame has time for"
    return f"up to {rate:g} move{'s' if rate != 1 else ''} a second"


def rate_words(rate: float) -> str:
    """A measured speed, to two figures so that it does not flicker."""
    shown = float(f"{rate:.2g}")
    return f"{shown:g} move{'s' if shown != 1 else ''}/s"


class Pace:
    """Moves owed and moves made since auto play started: each tick is owed the
    moves its time at ``rate`` comes to (no more than ``CATCH_UP`` seconds' worth,
    so a stall is not made up in a burst), and what was played is logged for the
    measured speed."""

    def __init__(self, rate: float, now: float) -> None:
        self.rate = rate
        self._credit = 0.0  # moves owed, a fraction of one carried to the next tick
        self._last = now
        self._played = 0
        # (when, moves so far, the speed asked for then)
        self._log: deque[tuple[float, int, float]] = deque([(now, 0, rate)])

    def due(self, now: float) -> float:
        """Whole moves owed at ``now``: infinite at the instant speed, else a whole
        number (a float, to compare with the infinite one)."""
        elapsed, self._last = now - self._last, now
        if self.rate == INSTANT:
            return INSTANT
        self._credit = min(self._credit + elapsed * self.rate, max(1.0, self.rate * CATCH_UP))
        return float(math.floor(self._credit + EARLY))

    def played(self, moves: int, now: float) -> None:
        if self.rate != INSTANT:
            self._credit -= moves
        self._played += moves
        self._log.append((now, self._played, self.rate))
        while len(self._log) > 1 and self._log[1][0] <= now - WINDOW:
            self._log.popleft()

    def measured(self) -> float | None:
        """Moves a second between the first and the last moves logged in the last
        ``WINDOW`` seconds (with the one before them); None until they span
        ``FIRST_MEASURE`` seconds, too short a time to say. Never over the fastest
        speed asked for in that time: ticks a little early (``EARLY``) and a late one
        making up its moves (``CATCH_UP``) read up to a tenth over it in a window,
        which no second of play keeps."""
        (since, before, _), (last, played, _) = self._log[0], self._log[-1]
        if last - since < FIRST_MEASURE:
            return None
        return min((played - before) / (last - since), max(rate for *_, rate in self._log))


@dataclass(eq=False)
class Finish(Generic[S, M]):
    """A game being finished at once: the hint player's line from ``start``, grown
    move by move by whatever works it out (a thread, when hints are slow) and read
    by the screen meanwhile, for the progress it shows."""

    start: S
    began: float
    line: list[M] = field(default_factory=list)
    by: str = "the hint player"  # who plays it, as the screen names it (``ui.helping``)
    standing_in: bool = False  # ``by`` stands in while the hint player's part compiles

    def work_out(self, moves: Iterable[M], stopped: Callable[[], bool]) -> list[M]:
        """``moves`` to their end, or as far as they got once ``stopped()`` (asked
        before each move: the work that was cancelled ends at its next move)."""
        for move in moves:
            if stopped():
                break
            self.line.append(move)
        return self.line
