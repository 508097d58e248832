"""A run's chunk of deals played in parts, whichever runner plays them: the one core
that ``own.running`` (a part a worker process) and ``own.in_process`` (a part a
thread of a cluster's worker) share.

The chunk is cut into parts as even as can be (``parts``); each part's outcome is its
rows up to a fault and the fault, and the outcomes are joined in deal order up to the
first fault (``joined``), so the rows, and so every figure, are the same whatever
played them. A compiled part stuck in a move has its deals up to that one played
again in plain Python, where the move's budget names the line (``replayed``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

# A part's outcome: its rows up to a fault, and the fault's sentence (None: none).
Outcome = tuple[Any, str | None]


def parts(start: int, count: int, workers: int) -> list[tuple[int, int]]:
    """``count`` deals from ``start`` in ``workers`` parts as even as can be, in
    order (none empty)."""
    size, extra = divmod(count, workers)
    cut, found = start, []
    for index in range(min(workers, count)):
        length = size + (index < extra)
        found.append((cut, length))
        cut += length
    return found


def joined(outcomes: Iterable[Callable[[], Outcome]], width: int
           ) -> tuple[np.ndarray, str | None, int]:
    """Each part's outcome asked in deal order, and the rows joined up to the first
    fault: the rows, the fault, and how many parts were asked (those after a fault
    are the caller's to drop, or to wait for)."""
    rows, asked = [np.empty((0, width), np.int64)], 0
    for outcome in outcomes:
        played, fault = outcome()
        asked += 1
        rows.append(np.array(played, dtype=np.int64).reshape(len(played), width))
        if fault is not None:
            return np.concatenate(rows), fault, asked
    return np.concatenate(rows), None, asked


def replayed(plain: Callable[[int, int], Outcome], name: str, budget: float, first: int,
             watch: np.ndarray) -> tuple[Any, str]:
    """A compiled part from deal ``first`` stuck in a move (``watch``: the deal and the
    move it ticked last, ``own.compiled``): its deals up to that one played again by
    ``plain(first, count)``; the rows before it, and why the part stopped (the plain
    player's fault there, or a sentence saying that Python plays it through)."""
    deal, move = int(watch[0]), int(watch[1])
    rows, fault = plain(first, deal - first + 1)
    return rows[:deal - first], stuck(name, budget, deal, move, fault)


def stuck(name: str, budget: float, deal: int, move: int, fault: str | None) -> str:
    """Why a compiled player stuck at ``move`` of ``deal`` stopped: ``fault``, as the
    plain player's budget found it playing that deal, or, where Python plays it
    through, a sentence that says so."""
    if fault is not None:
        return fault
    return (f"{name}, compiled, took longer than {budget:g} s at move {move} of deal"
            f" {deal}, which it plays through as Python")
