"""How a compiled part is found stuck (``own.compiled.ticking``): its ticks stand
still while its thread spends the CPU, not while it waits for a core."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable

import numpy as np
import pytest

from solitaire_tui.own_players.compiled import WATCH, ticking
from solitaire_tui.own_players.playing import WALL_SLACK

pytestmark = pytest.mark.engine_free

BUDGET = 0.05  # a move's budget: stuck after WALL_SLACK times it without a tick


def part(work: Callable[[threading.Event], None]) -> tuple[np.ndarray, threading.Event,
                                                           threading.Thread]:
    """A thread standing for a compiled part: it says it is under way in its watch,
    never ticks, and does ``work`` until told to end."""
    watch, end = np.zeros(WATCH, np.int64), threading.Event()

    def run() -> None:
        watch[4] = threading.get_native_id()
        watch[3] = os.getpid()
        work(end)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return watch, end, thread


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's CPU time is"
                    " read from Linux's /proc")
def test_a_part_that_waits_without_ticking_is_not_taken_for_stuck() -> None:
    """As a part's thread kept off the cores by a busy machine: the clock runs past
    the slack, the thread spends nothing, and the part is awaited to its end."""
    watch, end, thread = part(lambda end: end.wait())
    looks = 0

    def finished(seconds: float) -> bool:
        nonlocal looks
        looks += 1
        if looks * min(BUDGET / 4, 0.25) > 3 * BUDGET * WALL_SLACK:
            end.set()  # well past the slack by the clock: the part ends now
        thread.join(seconds)
        return not thread.is_alive()

    assert ticking(watch, BUDGET, finished)


def test_a_part_that_spins_without_ticking_is_stuck() -> None:
    def spin(end: threading.Event) -> None:
        while not end.is_set():
            time.perf_counter()  # busy on the CPU, as a compiled loop that never ends

    watch, end, thread = part(spin)
    try:
        assert not ticking(watch, BUDGET, lambda seconds: bool(thread.join(seconds)))
    finally:
        end.set()
        thread.join()
