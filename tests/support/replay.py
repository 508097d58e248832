"""Replaying many numbered deals through the pure rules, on every core.

The compiled kernels are trusted only because they agree with the pure rules on
thousands of deals; the pure side is slow (milliseconds a game), so a test run on
its own spreads the deals over processes (under pytest-xdist, whose workers are
busy already, it replays them in its own: ``pure_rows``). 'spawn' rather than
'fork': numba's thread pool does not survive a fork.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

# Deals compared per game and variant: 2,000 in `pytest -m slow` and CI's step of its
# own (.ci/run), a check of minutes; 10,000 when SOLITAIRE_TUI_FULL_SAMPLE=1 asks, a
# check of a quarter of an hour more, after a change to a kernel or the rules it
# plays. The tests that use it are marked slow.
FULL_SAMPLE = os.environ.get("SOLITAIRE_TUI_FULL_SAMPLE") == "1"
AGREEMENT_DEALS = 10_000 if FULL_SAMPLE else 2_000
CHUNK = 500

Row = tuple[int, ...]


def _chunk(fn: Callable[[int, Any], Row], start: int, count: int, options: Any) -> list[Row]:
    return [fn(deal, options) for deal in range(start, start + count)]


def pure_rows(fn: Callable[[int, Any], Row], options: Any, deals: int = AGREEMENT_DEALS,
              start: int = 0) -> list[Row]:
    """fn(deal, options) for deals start..start+deals-1, in order; fn must be a
    module-level function so the worker processes can import it.

    Under pytest-xdist (``PYTEST_XDIST_WORKER`` set) the deals are replayed in the
    test's own process: the session already keeps every core busy with other tests,
    so a pool adds no speed, only its cost, some 1.2 CPU-seconds a call for each
    spawned worker to import the test's modules (numba and the kernels) again;
    in-process, test_fast_calculation's slow tests took 81 CPU-seconds, not 102. A
    test run on its own (one file, ``-n 0``) still spreads the deals over the cores.
    """
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return _chunk(fn, start, deals, options)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=context) as pool:
        starts = range(start, start + deals, CHUNK)
        counts = [min(CHUNK, start + deals - s) for s in starts]
        parts = pool.map(_chunk, [fn] * len(counts), starts, counts, [options] * len(counts))
        return [row for part in parts for row in part]


def first_difference(fields: Sequence[str], kernel: Any, pure: list[Row],
                     start: int = 0) -> str | None:
    """A readable account of the first deal where the two disagree, or None."""
    for offset, row in enumerate(pure):
        fast = tuple(int(v) for v in kernel[offset])
        if fast != tuple(int(v) for v in row):
            diffs = ", ".join(f"{name}: kernel {a} vs rules {b}"
                              for name, a, b in zip(fields, fast, row, strict=True) if a != b)
            return f"deal {start + offset}: {diffs}"
    return None
