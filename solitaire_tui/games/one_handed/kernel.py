"""One-Handed Solitaire in bulk: its compiled kernel, and the score a run histograms."""

from __future__ import annotations

from rules.fast import one_handed as fast
from rules.fast.batch import Kernel
from rules.fast.kernels import one_reading

SCORES = ("cards_left",)


def kernel() -> Kernel:
    return one_reading(fast.deal_results, fast.FIELDS, SCORES)


def warm() -> None:
    """Compile the run kernel (an ``engine.Part``): one deal is enough."""
    kernel().results(0, 1)
