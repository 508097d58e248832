"""A run's speed, timed on a few of its own deals before it starts.

A fixed table of seconds a game was 9 to 14 times optimistic for the players that
think (their cost depends on the deal, the options and the machine), so the first
guess of how long a run takes, and how many games a default run plays, comes from
timing the run's own kernel on its first deals, played as the run will play them
(on its workers, in its chunks: a slow player's chunk of one block a worker keeps
the cores only partly busy). It is given as one core's seconds a game, which
``estimate`` divides by the workers again.

The players that search have heavy tails: the solver's seconds a deal on deals
5000..5199 had a median of 0.018 s, a mean of 0.052 s and a largest of 3.9 s. The
mean of a few deals is then mostly too low, so a timing plays MIN_DEALS at least
(within 2 times of the mean of 200 deals for two samples in three at 16 deals, one
in two at 4), and gives up at MOST_SECONDS: a few seconds for the slowest players.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from solitaire_tui.stats.runs import Setup

TIMING_SECONDS = 0.4  # how long a calibration plays at least, once the kernel has loaded
MIN_DEALS = 16  # ... and how many deals a worker at least, unless MOST_SECONDS pass first
MOST_SECONDS = 4.0
FIRST_DEALS = 1 << 62  # a seed past this is timed on the deals from 0: the run's go on


def key(setup: Setup) -> str:
    """What a calibration is kept under: the game and its options (a comparison's
    versions included)."""
    return json.dumps([setup.game, setup.options], sort_keys=True, default=str)


def calibrate(setup: Setup, seed: int, workers: int = 1,
              stop: Callable[[], bool] = lambda: False) -> float | None:
    """One core's seconds a game of ``setup``: deals ``seed``, ``seed + 1``, … played
    as a run on ``workers`` plays them (``batch.run``: its chunks, and its cores kept
    busy or not), in runs of more and more games until ``seconds`` have passed and
    MIN_DEALS a worker are played, or MOST_SECONDS have (the kernel's load or compile
    is not counted), as the last of those runs played. None if ``stop()`` came first."""
    from rules.fast.batch import MIN_CHUNK, run

    kernel = setup.make_kernel()
    first = seed % FIRST_DEALS  # a deal's cost does not hang on its number
    played, spent, count = 0, 0.0, max(MIN_DEALS, MIN_CHUNK) * workers
    while (spent < TIMING_SECONDS or played < MIN_DEALS * workers) and spent < MOST_SECONDS:
        state = run(kernel, first + played, count, workers, stop=stop)
        if state.cancelled:
            return None
        played += state.done
        spent += state.seconds
        count *= 2
    # The last run's speed, the largest: each run's start (its threads, its first
    # chunks, a player's tables) is a share of a small run's time that a real run of
    # big chunks does not pay; Add/Residue's perfect player was guessed 2.3 times
    # slower than it played, timed on all of them.
    return state.seconds * workers / state.done
