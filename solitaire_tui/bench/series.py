"""``bench --engine searches``: the calls a game makes deal after deal (``engine.Series``:
a solve, a whole game of a thinking player), timed over many deals in this process
once the engine is warm, as a run or ``solve`` meets them after their first call.

The figures are the seconds a deal (median, 95th percentile and mean: a solver's
hard deals are few and slow, so its median and its tail say different things) and
how the answers came out. The rates a player wins at come from ``stats``, on more
deals than a bench can afford."""

from __future__ import annotations

import importlib
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solitaire_tui.measures import Series


@dataclass(frozen=True)
class SeriesTiming:
    """One series over its deals: each deal's seconds, and its answers' outcomes."""

    name: str
    title: str
    deals: tuple[int, int]
    seconds: tuple[float, ...]
    outcomes: dict[str, int]
    median_target: float | None = None
    mean_target: float | None = None

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def p95(self) -> float:
        return statistics.quantiles(self.seconds, n=20, method="inclusive")[18]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.seconds)

    @property
    def met(self) -> bool | None:
        """Every target met (None: it has none)."""
        checks = [figure <= target for figure, target in ((self.median, self.median_target),
                                                          (self.mean, self.mean_target))
                  if target is not None]
        return all(checks) if checks else None


def timed_series(series: Series, tell: Callable[[str], None]) -> SeriesTiming:
    """Each deal of ``series`` called once, after an untimed first call (which loads
    the engine), and timed on its own."""
    module, _, function = series.prepare.partition(":")
    prepare: Callable[[int], Callable[[], dict[str, Any]]] = getattr(
        importlib.import_module(module), function)
    first, last = series.deals
    tell(f"{series.title}: deals {first}..{last - 1} …")
    prepare(first)()
    seconds = []
    outcomes: Counter[str] = Counter()
    for deal in range(first, last):
        call = prepare(deal)
        began = time.perf_counter()
        answer = call()
        seconds.append(time.perf_counter() - began)
        outcomes[str(answer[series.outcome])] += 1
    return SeriesTiming(series.name, series.title, series.deals, tuple(seconds),
                        dict(outcomes), series.median_target, series.mean_target)
