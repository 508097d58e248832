"""Reading a kernel's result rows as tallies (``batch.Kernel``): the usual one-tally
kernel, and several kernels side by side on the same deals.

Which kernel a game runs and which of its columns are scores is the game's own
business (its home in the app, ``kernel.py``); these are the shapes they share.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import numpy as np

from rules.fast.batch import Kernel, Reading
from rules.fast.batch import side_by_side as rows_side_by_side


def one_reading(results: Callable[[int, int], np.ndarray], fields: Sequence[str],
                 scores: Sequence[str], flags: Sequence[str] = (),
                 stoppable: bool = False) -> Kernel:
    """The usual case: one tally, won from the ``won`` column, histograms of ``scores``
    (of which ``flags`` are a yes or no); ``stoppable`` as ``Kernel`` says."""
    won, columns = fields.index("won"), {name: fields.index(name) for name in scores}
    reading = Reading(
        "",
        won=lambda rows: rows[:, won] != 0,
        scores=lambda rows: {name: rows[:, i] for name, i in columns.items()},
        flags=frozenset(flags),
    )
    return Kernel(results, (reading,), len(fields), stoppable)


def side_by_side(kernels: Sequence[Kernel], labels: Sequence[str]) -> Kernel:
    """Several one-tally kernels on the same deals as one: their columns side by side
    and a tally each, so strategies are compared on exactly the same games."""
    if len(kernels) == 1:
        (reading,) = kernels[0].readings
        return dataclasses.replace(kernels[0], readings=(
            dataclasses.replace(reading, label=labels[0]),))
    starts = [sum(kernel.columns for kernel in kernels[:index]) for index in range(len(kernels))]

    def results(start: int, count: int) -> np.ndarray:
        return rows_side_by_side([kernel.results(start, count) for kernel in kernels])

    def shifted(kernel: Kernel, first: int, label: str) -> Reading:
        (reading,) = kernel.readings
        tied = reading.tied

        def part(rows: np.ndarray) -> np.ndarray:
            return rows[:, first:first + kernel.columns]

        return Reading(label, lambda rows: reading.won(part(rows)),
                       lambda rows: reading.scores(part(rows)),
                       None if tied is None else lambda rows: tied(part(rows)),
                       reading.flags)

    return Kernel(results, tuple(shifted(kernel, first, label) for kernel, first, label
                                 in zip(kernels, starts, labels, strict=True)),
                  sum(kernel.columns for kernel in kernels),
                  any(kernel.stoppable for kernel in kernels))
