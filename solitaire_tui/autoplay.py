"""``solitaire-tui stats`` and ``solitaire-tui bench``: the compiled engine from the
command line.

numba is imported only inside these commands (through ``kernels()``), never when
the module is imported, so the rest of the command line and the app start fast.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType, ModuleType
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from rules import add_residue, hit_or_miss, one_handed, relay, sequence
from rules.cards import deal_cards, ranks_only
from rules.play import final_state
from rules.stats import Histogram, Tally, wilson_interval
from rules.strategies import add_residue as add_residue_players
from rules.strategies import sequence as sequence_players
from solitaire_tui.runs import Setup, kernels, percent, run_data

if TYPE_CHECKING:
    from rules.fast.batch import Kernel, Run

FIRST_WINS_SHOWN = 12
HISTOGRAM_BINS = 10
INTERRUPTED = 130  # the shell's status for a command ended by Ctrl+C


class RateColumn(ProgressColumn):
    """Games a second so far."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "", style="cyan")


@contextmanager
def ctrl_c_cancels(cancel: threading.Event) -> Iterator[None]:
    """Ctrl+C asks the run to stop after its chunk instead of tearing it mid-merge."""
    def handler(signum: int, frame: FrameType | None) -> None:
        cancel.set()

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def play_run(kernel: Kernel, games: int, seed: int, workers: int | None,
             show_progress: bool) -> Run:
    from rules.fast.batch import run

    cancel = threading.Event()
    console = Console(stderr=True)
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        RateColumn(), TimeRemainingColumn(), console=console, transient=True,
        disable=not (show_progress and console.is_terminal),
    )
    with progress, ctrl_c_cancels(cancel):
        task = progress.add_task("compiling", total=games)

        def advance(state: Run) -> None:
            progress.update(task, completed=state.done, description="playing")

        return run(kernel, seed, games, workers, advance, cancel)


def histogram_rows(histogram: Histogram, bins: int = HISTOGRAM_BINS) -> list[tuple[str, int]]:
    """(label, count) for at most ``bins`` equal ranges of the values seen."""
    return [(str(first) if first == last else f"{first}–{last}", count)
            for first, last, count in histogram.binned(bins)]


def share_text(count: int, games: int) -> str:
    """A count as a percentage of the games, with its 95% interval."""
    low, high = wilson_interval(count, games)
    rate = count / games if games else math.nan
    return f"{percent(rate)}  (95% interval {percent(low)} to {percent(high)})"


def tally_table(tally: Tally, label: str, shares_wins: bool) -> Table:
    table = Table(title=label or None, show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row("won" + " alone" * shares_wins, f"{tally.wins:,} of {tally.games:,}")
    table.add_row("win rate", share_text(tally.wins, tally.games))
    if shares_wins:
        table.add_row("tied", f"{tally.ties:,}: {share_text(tally.ties, tally.games)}")
        table.add_row("lost", f"{tally.losses:,}: {share_text(tally.losses, tally.games)}")
    for name, histogram in tally.histograms.items():
        total = histogram.total or 1
        bars = "\n".join(
            f"{label_:>9} {'█' * max(1 if count else 0, round(30 * count / total))}"
            f" {100 * count / total:.2f}%"
            for label_, count in histogram_rows(histogram))
        table.add_row(name.replace("_", " "), f"mean {histogram.mean:.3f}\n{bars}")
    if tally.first_wins:
        shown = ", ".join(map(str, tally.first_wins[:FIRST_WINS_SHOWN]))
        more = len(tally.first_wins) - FIRST_WINS_SHOWN
        table.add_row("first wins", shown + (f" … and {more} more (--json lists"
                                              f" {len(tally.first_wins)})" if more > 0 else ""))
    return table


def stats(setup: Setup, games: int, seed: int, workers: int | None, as_json: bool) -> int:
    kernel = setup.make_kernel()
    state = play_run(kernel, games, seed, workers, show_progress=True)
    if as_json:
        print(json.dumps(run_data(setup, state, kernel)))
    else:
        console = Console()
        last = state.seed + state.done - 1
        console.print(f"[bold]{setup.heading}[/]: deals {state.seed}..{last},"
                      f" {state.done:,} games" + (" (cancelled)" if state.cancelled else ""))
        console.print(f"{state.games_per_second:,.0f} games/s on {state.workers} workers,"
                      f" {state.seconds:.2f} s (first call {state.compile_seconds:.2f} s)")
        for label, tally in zip(kernel.labels, state.tallies, strict=True):
            console.print(tally_table(tally, label, kernel.shares_wins))
    return INTERRUPTED if state.cancelled else 0


# --- bench -------------------------------------------------------------------------


@dataclass(frozen=True)
class BenchCase:
    name: str
    kernel: Callable[[ModuleType], Kernel]  # built from the registry
    pure: Callable[[int], object]  # one deal through the plain rules
    target: int | None  # games/s on one worker, from the engine issue


def _pure_hit_or_miss(strikes: int | None) -> Callable[[int], object]:
    return lambda deal: final_state(hit_or_miss, hit_or_miss.new_game(
        hit_or_miss.Options(strikes), ranks_only(deal_cards(deal))))


def _pure_sequence(strategy: str) -> Callable[[int], object]:
    def play(deal: int) -> object:
        player = sequence_players.player(strategy, deal)
        return final_state(sequence, sequence.new_game(sequence.Options(), deal_cards(deal)),
                           player.choose)
    return play


def _pure_add_residue(game: int) -> object:
    options = add_residue.Options(2, 13)
    players = add_residue_players.seated(["greedy", "random"], game, options)
    return final_state(add_residue, add_residue.new_game(options),
                       lambda state: players[state.to_move].choose(state))


BENCH = (
    BenchCase("Hit or Miss, unlimited",
              lambda k: k.hit_or_miss_kernel(hit_or_miss.Options()), _pure_hit_or_miss(None),
              800_000),
    BenchCase("Hit or Miss, roll-call",
              lambda k: k.hit_or_miss_kernel(hit_or_miss.Options(3)), _pure_hit_or_miss(3), None),
    BenchCase("Relay, 4 players", lambda k: k.relay_kernel(relay.Options(4)),
              lambda deal: final_state(relay, relay.new_game(relay.Options(4), deal_cards(deal))),
              150_000),
    BenchCase("One-Handed", lambda k: k.one_handed_kernel(),
              lambda deal: final_state(one_handed, one_handed.new_game(
                  one_handed.Options(), deal_cards(deal))), 2_000_000),
    BenchCase("Sequence, greedy", lambda k: k.sequence_kernel("greedy"), _pure_sequence("greedy"),
              200_000),
    BenchCase("Sequence, random", lambda k: k.sequence_kernel("random"), _pure_sequence("random"),
              None),
    BenchCase("Add/Residue, greedy v random",
              lambda k: k.add_residue_kernel(add_residue.Options(2, 13), ["greedy", "random"]),
              _pure_add_residue, None),
)


def first_call_seconds(case: int) -> float:
    """Build bench case ``case``'s kernel and time its first call."""
    began = time.perf_counter()
    BENCH[case].kernel(kernels()).results(0, 1)
    return time.perf_counter() - began


def cold_compile_seconds(case: int) -> float:
    """The first call in a fresh process with an empty cache: a real compile."""
    code = ("from solitaire_tui.autoplay import first_call_seconds;"
            f" print(first_call_seconds({case}))")
    with tempfile.TemporaryDirectory() as cache:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
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


def bench(seconds: float, as_json: bool) -> int:
    from rules.fast.batch import available_workers

    everyone = available_workers()
    rows = []
    console = Console(stderr=True)
    for index, case in enumerate(BENCH):
        console.print(f"timing {case.name} …", style="dim")
        first_call = first_call_seconds(index)
        kernel = case.kernel(kernels())
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
    screen = Console()
    # Piped, Rich assumes 80 columns, too few for this table: a file can be wider.
    (screen if screen.is_terminal else Console(width=150)).print(table)
    return 0
