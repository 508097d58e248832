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
