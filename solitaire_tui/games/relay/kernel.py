"""The Hit or Miss relay in bulk: its compiled kernel, and the score a run histograms."""

from __future__ import annotations

from rules.fast import relay as fast
from rules.fast.batch import Kernel
from rules.fast.kernels import one_reading
from rules.relay import Options

SCORES = ("rounds",)


def kernel(options: Options) -> Kernel:
    return one_reading(lambda start, count: fast.deal_results(start, count, options),
                       fast.fields(options), SCORES)


def warm() -> None:
    """Compile the run kernel and the judge's (an ``engine.Part``): one deal is enough."""
    import numpy as np

    kernel(Options()).results(0, 1)
    fast.play_decks(np.ones((1, 52), np.int8), np.ones(1, np.int64), np.empty((1, 12), np.int64))
