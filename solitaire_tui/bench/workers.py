"""``bench --engine workers``: games a second on one worker and on two, for every run
the estimates bench times (each game's default run, its comparisons and its thinking
players): whether a run on two workers keeps both cores busy, whatever a game costs.

Each run plays the same deals on one worker and then on two (``batch.run``, chunks and
all, as the panel and ``stats`` play them), sized by a timing to about ``SECONDS`` on
one worker, so that the slow players' costliest deals weigh as they do in a run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.table import Table

from solitaire_tui.bench.estimates import setups
from solitaire_tui.stats.calibrate import calibrate

if TYPE_CHECKING:
    from solitaire_tui.games.game import Game

SECONDS = 6.0  # each run's length on one worker
SEED = 20_261_128
WORKERS = 2
TARGET = 1.8  # two workers' games a second over one's: 90% of the second core


@dataclass(frozen=True)
class WorkerTiming:
    heading: str
    games: int
    one: float  # seconds on one worker
    two: float  # seconds on two

    @property
    def scaling(self) -> float:
        return self.one / self.two if self.two > 0 else 0.0

    @property
    def met(self) -> bool:
        return self.scaling >= TARGET


def worker_timings(games: Sequence[Game], tell: Callable[[str], None],
                   seconds: float = SECONDS) -> list[WorkerTiming]:
    from rules.fast.batch import available_workers, run

    if available_workers() < WORKERS:
        tell(f"  this machine gives numba {available_workers()} thread: nothing to compare")
        return []
    timings = []
    for setup in setups(games):
        per_game = calibrate(setup, SEED, 1)
        assert per_game is not None  # nothing stops it
        count = max(WORKERS * 16, round(seconds / max(per_game, 1e-9)))
        kernel = setup.make_kernel()
        one = run(kernel, SEED, count, 1).seconds
        two = run(kernel, SEED, count, WORKERS).seconds
        timing = WorkerTiming(setup.heading, count, one, two)
        timings.append(timing)
        tell(f"  {setup.heading}: {count:,} games, {count / one:,.0f}/s on one worker,"
             f" {count / two:,.0f}/s on two ({timing.scaling:.2f}×)")
    return timings


def table(timings: list[WorkerTiming]) -> Table:
    found = Table(title=f"Games a second on one worker and on {WORKERS} (the same deals,"
                        f" about {SECONDS:g} s on one)")
    for column in ("run", "games", "1 worker", f"{WORKERS} workers", "scaling", "target"):
        found.add_column(column, justify="left" if column == "run" else "right")
    for one in timings:
        found.add_row(one.heading, f"{one.games:,}", _rate(one.games / one.one),
                      _rate(one.games / one.two), f"{one.scaling:.2f}×",
                      ("✓ " if one.met else "✗ ") + f"≥ {TARGET:g}×")
    return found


def _rate(games_a_second: float) -> str:
    return f"{games_a_second:,.{0 if games_a_second >= 100 else 1}f}/s"
