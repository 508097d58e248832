"""Hit or Miss in bulk: its compiled kernel, and the scores a run histograms."""

from __future__ import annotations

from rules.fast import hit_or_miss as fast
from rules.fast.batch import Kernel
from rules.fast.kernels import one_reading
from rules.hit_or_miss import Options

SCORES = ("cards_left", "passes", "strikes")


def kernel(options: Options) -> Kernel:
    return one_reading(lambda start, count: fast.deal_results(start, count, options),
                       fast.FIELDS, SCORES)


def warm() -> None:
    """Compile the run kernel (an ``engine.Part``): one deal is enough."""
    kernel(Options()).results(0, 1)


def warm_search() -> None:
    """Compile the zero-strike search (an ``engine.Part``) with a search of a few nodes."""
    from rules.fast.zero_strike import search

    for _ in search(0, 10):
        pass
