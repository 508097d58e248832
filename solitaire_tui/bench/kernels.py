"""``solitaire-tui bench``: every game's kernels timed on one worker and on all, with
their compile time, against the plain rules on the same deals.

The cases come from the games (``Game.bench``); a cold compile is timed in a fresh
process with an empty cache, which runs this same command for one case.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from solitaire_tui.commands.console import table_console
from solitaire_tui.measures import BenchCase

if TYPE_CHECKING:
    from rules.fast.batch import Kernel


def first_call_seconds(case: BenchCase) -> float:
    """Build ``case``'s kernel and time its first call."""
    began = time.perf_counter()
    case.kernel().results(0, 1)
    return time.perf_counter() - began


def cold_compile_seconds(index: int) -> float:
    """The first call of case ``index`` in a fresh process with an empty cache: a real
    compile (``bench --first-call INDEX`` prints it)."""
    with tempfile.TemporaryDirectory() as cache:
        done = subprocess.run([sys.executable, "-m", "solitaire_tui", "bench", "--first-call",
                               str(index)], capture_output=True, text=True,
                              env=os.environ | {"NUMBA_CACHE_DIR": cache}, check=True)
    return float(done.stdout.strip())


def games_per_second(kernel: Kernel, workers: int, seconds: float) -> float:
    """Timed on chunks of growing size until ``seconds`` have been spent."""
    import numba

    numba.set_num_threads(workers)
    kernel.results(0, 1000)
    games, spent, count = 0, 0.0, 10_000
    while spent < seconds:
        began = time.perf_counter()
        kernel.results(games, count)
        spent += time.perf_counter() - began
        games += count
        count = min(count * 2, 1 << 20)
    return games / spent


def pure_games_per_second(case: BenchCase, seconds: float) -> float:
    deal, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        case.pure(deal)
        deal += 1
    return deal / (time.perf_counter() - began)


@dataclass(frozen=True)
class BenchRow:
    kernel: str
    one_worker: float  # games/s
    all_workers: float
    workers: int
    compile_seconds: float  # first call with an empty cache
    cached_first_call_seconds: float
    pure_games_per_second: float
    target_one_worker: int | None

    @property
    def scaling(self) -> float:
        return self.all_workers / self.one_worker

    @property
    def speedup_over_pure(self) -> float:
        return self.one_worker / self.pure_games_per_second


def bench(cases: Sequence[BenchCase], seconds: float, as_json: bool) -> int:
    from rules.fast.batch import available_workers

    everyone = available_workers()
    rows = []
    console = Console(stderr=True)
    for index, case in enumerate(cases):
        console.print(f"timing {case.name} …", style="dim")
        first_call = first_call_seconds(case)
        kernel = case.kernel()
        rows.append(BenchRow(
            case.name, games_per_second(kernel, 1, seconds),
            games_per_second(kernel, everyone, seconds), everyone, cold_compile_seconds(index),
            first_call, pure_games_per_second(case, seconds), case.target,
        ))
    if as_json:
        print(json.dumps([dataclasses.asdict(row) | {"scaling": row.scaling,
                                                     "speedup_over_pure": row.speedup_over_pure}
                          for row in rows]))
        return 0
    table = Table(title=f"solitaire-tui bench ({everyone} workers)")
    for column in ("kernel", "1 worker", f"{everyone} workers", "scaling", "target",
                   "compile", "cached load", "plain rules", "speedup"):
        table.add_column(column, justify="left" if column == "kernel" else "right")
    for row in rows:
        target = row.target_one_worker
        met = "" if target is None else ("✓ " if row.one_worker >= target else "✗ ")
        table.add_row(
            row.kernel, f"{row.one_worker:,.0f}/s", f"{row.all_workers:,.0f}/s",
            f"{row.scaling:.2f}×", f"{met}{target:,}" if target else "—",
            f"{row.compile_seconds:.1f} s", f"{row.cached_first_call_seconds:.2f} s",
            f"{row.pure_games_per_second:,.0f}/s", f"{row.speedup_over_pure:,.0f}×",
        )
    table_console().print(table)
    return 0
