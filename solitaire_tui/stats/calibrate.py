"""A run's speed, timed on a few of its own deals before it starts.

A fixed table of seconds a game was 9 to 14 times optimistic for the players that
think (their cost depends on the deal, the options and the machine), so the first
guess of how long a run takes, and how many games a default run plays, comes from
timing the run's own kernel on its first deals for a fraction of a second. One
core's time: the kernel runs on one thread here (numba's thread count is the calling
thread's own), and ``estimate`` divides by the workers.

The players that search have heavy tails: the solver's seconds a deal on deals
5000..5199 had a median of 0.018 s, a mean of 0.052 s and a largest of 3.9 s. The
mean of a few deals is then mostly too low, so a timing plays MIN_DEALS at least
(within 2 times of the mean of 200 deals for two samples in three at 16 deals, one
in two at 4), and gives up at MOST_SECONDS: a few seconds for the slowest players.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from solitaire_tui.stats.runs import Setup

TIMING_SECONDS = 0.4  # how long a calibration plays at least, once the kernel has loaded
MIN_DEALS = 16  # ... and how many deals at least, unless MOST_SECONDS pass first
MOST_SECONDS = 4.0


def key(setup: Setup) -> str:
    """What a calibration is kept under: the game and its options (a comparison's
    versions included)."""
    return json.dumps([setup.game, setup.options], sort_keys=True, default=str)


def calibrate(setup: Setup, seed: int, stop: Callable[[], bool] = lambda: False,
              seconds: float = TIMING_SECONDS) -> float | None:
    """One core's seconds a game of ``setup``: deals ``seed``, ``seed + 1``, … played
    in calls of 1, 2, 4, … games until ``seconds`` have passed and MIN_DEALS are
    played, or MOST_SECONDS have (the first call, which loads or compiles the kernel,
    is not counted). None if ``stop()`` came first. Holds ``batch.ENGINE`` while it
    plays, as every caller of the kernels does."""
    import numba

    from rules.fast.batch import ENGINE

    kernel = setup.make_kernel()
    with ENGINE:
        numba.set_num_threads(1)  # this thread's own setting: a run sets its own
        kernel.results(seed, 1)
        played, spent, count = 0, 0.0, 1
        while (spent < seconds or played < MIN_DEALS) and spent < MOST_SECONDS:
            if stop():
                return None
            began = time.perf_counter()
            kernel.results(seed + 1 + played, count)
            spent += time.perf_counter() - began
            played += count
            count *= 2
    return spent / played
