"""``solitaire-tui stats``: the compiled engine from the command line, with a progress
bar on a terminal and the figures as a table or as JSON.

numba is imported only when a run starts (``Setup.make_kernel``), never when the
module is imported, so the rest of the command line and the app start fast.
"""

from __future__ import annotations

import json
import math
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from rules.stats import Histogram, Tally, seat_advantage, wilson_interval
from rules.words import counted
from solitaire_tui.commands.arguments import PROG
from solitaire_tui.commands.console import table_console
from solitaire_tui.own_players import files
from solitaire_tui.stats import cluster
from solitaire_tui.stats.cluster import Scheduler
from solitaire_tui.stats.compare import difference_words, first_version
from solitaire_tui.stats.runs import Setup, paired_difference, percent, run_data

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
             show_progress: bool, on: tuple[Setup, Scheduler] | None = None) -> Run:
    """The run with its progress bar, here or on a cluster (``on``: the run's set-up,
    from which the workers build the kernel, and the scheduler)."""
    cancel = threading.Event()
    console = Console(stderr=True)
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(),
        TextColumn("{task.completed:,.0f} of {task.total:,.0f}"),
        # The time so far moves every second, however long the chunks of a slow run.
        RateColumn(), TimeElapsedColumn(), TextColumn("so far ·"), TimeRemainingColumn(),
        TextColumn("left"), console=console, transient=True,
        disable=not (show_progress and console.is_terminal),
    )
    with progress, ctrl_c_cancels(cancel):
        task = progress.add_task(getting_ready(), total=games)

        def advance(state: Run) -> None:
            progress.update(task, completed=state.done, description="playing")

        if on is not None:
            setup, where = on
            progress.update(task, description=f"starting {where}")
            return cluster.run(setup, kernel, seed, games, where, advance, cancel.is_set)
        from rules.fast.batch import run

        return run(kernel, seed, games, workers, advance, cancel.is_set)


def getting_ready() -> str:
    """What the bar says before the first games are in: the kernels load from the cache
    in a fraction of a second once warmed (``solitaire-tui warm``, or the app's first
    start), and are compiled, once, only before that."""
    from solitaire_tui.engine import warmed_here

    return "loading" if warmed_here() else "compiling (once; then cached)"


def histogram_rows(histogram: Histogram, bins: int = HISTOGRAM_BINS) -> list[tuple[str, int]]:
    """(label, count) for at most ``bins`` equal ranges of the values seen."""
    return [(str(first) if first == last else f"{first}–{last}", count)
            for first, last, count in histogram.binned(bins)]


def bar(count: int, total: int, width: int = 30) -> str:
    """A histogram's bar: a thin mark for a count too small for a whole block, so a
    range seen a few times still shows, and never looks like a range seen often."""
    blocks = round(width * count / total)
    return "█" * blocks if blocks or not count else "▏"


def share_of(count: int, total: int) -> str:
    """A count as a percentage of ``total`` to two places; a count too small for
    that is "<0.01%", never a 0.00% that reads as none."""
    share = 100 * count / total
    return "<0.01%" if count and share < 0.005 else f"{share:.2f}%"


def _rate(count: int, games: int) -> tuple[str, str, str]:
    """A count's share of the games and its 95% interval's ends, as percentages."""
    low, high = wilson_interval(count, games)
    return percent(count / games if games else math.nan), percent(low), percent(high)


def share_text(count: int, games: int) -> str:
    """A count as a percentage of the games, with its 95% interval."""
    rate, low, high = _rate(count, games)
    return f"{rate}  (95% interval {low} to {high})"


def tally_table(tally: Tally, label: str, shares_wins: bool,
                advantage: str | None = None, flags: frozenset[str] = frozenset(),
                first: str = "") -> Table:
    """One part's figures; ``advantage``: a seat's win rate against the others';
    ``flags``: the scores that are a yes or no, shown as a share with its interval;
    ``first``: in a comparison, the first version's name, for a later one's paired
    difference from it."""
    table = Table(title=label or None, show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row("won" + " alone" * shares_wins, f"{tally.wins:,} of {tally.games:,}")
    table.add_row("win rate", share_text(tally.wins, tally.games))
    if shares_wins:
        table.add_row("tied", f"{tally.ties:,}: {share_text(tally.ties, tally.games)}")
        table.add_row("lost", f"{tally.losses:,}: {share_text(tally.losses, tally.games)}")
    if advantage is not None:
        table.add_row("advantage", advantage)
    difference = difference_words(tally.histograms, tally.games, first)
    if difference is not None:
        table.add_row("difference", difference)
    for name, histogram in tally.histograms.items():
        total = histogram.total or 1
        if name in flags:
            flagged = histogram.counts[1]
            table.add_row(name.replace("_", " "), f"{flagged:,} of {histogram.total:,}:"
                          f" {share_text(flagged, histogram.total)}")
            continue
        bars = "\n".join(f"{label_:>9} {bar(count, total)} {share_of(count, total)}"
                         for label_, count in histogram_rows(histogram))
        table.add_row(name.replace("_", " "), f"mean {histogram.mean:.3f}\n{bars}")
    if tally.first_wins:
        shown = ", ".join(map(str, tally.first_wins[:FIRST_WINS_SHOWN]))
        more = tally.wins - FIRST_WINS_SHOWN
        table.add_row("first wins", shown + (
            f" … and {more:,} more (--json lists the first {len(tally.first_wins):,})"
            if more > 0 else ""))
    return table


def summary_table(labels: list[str], tallies: list[Tally], flags: frozenset[str]) -> Table:
    """Several players or versions on the same deals, a row each, before each one's
    own figures: the win rates side by side, and each later version's paired
    difference from the first."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("", no_wrap=True)
    table.add_column("won", justify="right", no_wrap=True)
    table.add_column("win rate (95%)", no_wrap=True)
    differences = [paired_difference(tally.histograms, tally.games) for tally in tallies]
    if any(differences):
        table.add_column(f"points over {first_version(labels[0])} (95%)", no_wrap=True)
    scores = [name for name in tallies[0].histograms if name not in flags]
    if scores:
        table.add_column(f"mean {scores[0].replace('_', ' ')}", justify="right")
    for label, tally, difference in zip(labels, tallies, differences, strict=True):
        rate, low, high = _rate(tally.wins, tally.games)
        row = [label, f"{tally.wins:,}", f"{rate} ({low}–{high})"]
        if any(differences):
            row.append("" if difference is None else
                       f"{100 * difference[0]:+.2f} ({100 * difference[1]:+.2f} to"
                       f" {100 * difference[2]:+.2f})")
        if scores:
            histogram = tally.histograms.get(scores[0])
            row.append(f"{histogram.mean:.2f}" if histogram is not None and histogram.total
                       else "—")
        table.add_row(*row)
    return table


def stats(setup: Setup, games: int, seed: int, workers: int | None, as_json: bool,
          keep: Callable[[dict[str, Any]], None] | None = None,
          where: Scheduler | None = None, deals: str = "deals") -> int:
    """Play and print a run, here or on a cluster (``where``); ``keep`` is handed its
    figures (the history keeps them); ``deals``: what its numbered games are called
    ("games" where no cards are dealt)."""
    kernel = setup.make_kernel()
    files.clear_faults()  # the run's timing may have played (and stopped) a player too
    state = play_run(kernel, games, seed, workers, True,
                     None if where is None else (setup, where))
    data = run_data(setup, state, kernel)
    if keep is not None and state.done:
        keep(data)
    stopped = files.faults()  # a player of one's own went wrong: the run ended there
    if as_json:
        print(json.dumps(data))
    else:
        console = table_console()
        last = state.seed + state.done - 1
        span = f"{state.seed}..{last}" if state.done else f"from {state.seed}"
        ended = (" (stopped where a player went wrong, said below)" if stopped
                 else " (cancelled)" if state.cancelled else "")
        console.print(f"[bold]{setup.heading}[/]: {deals} {span},"
                      f" {state.done:,} games{ended}")
        on = counted(state.workers, "worker") + (f" of {where}" if where else "")
        console.print(f"{state.games_per_second:,.0f} games/s on {on},"
                      f" {state.seconds:.2f} s (first call {state.compile_seconds:.2f} s)")
        if state.done:
            _tables(console, kernel, state.tallies)
        else:
            console.print("No game was played.")
    for fault in stopped:
        before = (f"the {counted(state.done, 'game')} before it are counted above"
                  if state.done else "it was the run's first deal, so no game was counted")
        print(f"{PROG}: {fault}; {before}.", file=sys.stderr)
    return 2 if stopped else INTERRUPTED if state.cancelled else 0


def _tables(console: Console, kernel: Kernel, tallies: list[Tally]) -> None:
    """A run's figures: several players or versions side by side first, then each
    tally's own."""
    if len(tallies) > 1 and not kernel.shares_wins:
        flags = frozenset().union(*(reading.flags for reading in kernel.readings))
        console.print(summary_table(kernel.labels, tallies, flags))
        console.print()
    wins = [tally.wins for tally in tallies]
    for seat, (reading, tally) in enumerate(zip(kernel.readings, tallies, strict=True)):
        console.print(tally_table(tally, reading.label, kernel.shares_wins,
                                  _advantage(wins, tally.games, seat)
                                  if kernel.shares_wins and len(wins) > 1 else None,
                                  reading.flags, first_version(kernel.labels[0])))


def _advantage(wins: list[int], games: int, seat: int) -> str:
    """A seat's win rate minus the others' mean, with its interval, in words."""
    difference, low, high = seat_advantage(wins, games, seat)
    return (f"{100 * difference:+.3f} points over the other seats' mean win rate"
            f" (95% interval {100 * low:+.3f} to {100 * high:+.3f})")
