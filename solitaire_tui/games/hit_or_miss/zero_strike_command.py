"""``solitaire-tui search zero-strike``: the longest zero-strike game of Hit or Miss,
and how often random deals give one.

The search (``rules.zero_strike``) is budgeted in earlier passes drawn, so a seed and
a budget name one result; ``seconds`` is only an extra cap for a person waiting.
The frequency is the ``strikes=1`` variant's win rate on numbered deals, played by
the compiled kernel, whose import loads numba: it happens inside the command only.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from dataclasses import dataclass

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from rules import zero_strike
from rules.cards import check_deals, format_cards
from rules.errors import OptionsError
from rules.stats import wilson_interval
from solitaire_tui.commands.stats import INTERRUPTED, ctrl_c_cancels, play_run, share_text


@dataclass(frozen=True)
class Longest:
    """What a search found: the longest game (none if the budget found nothing)."""

    best: zero_strike.Found | None
    nodes: int  # earlier passes drawn
    seconds: float
    interrupted: bool  # stopped by Ctrl+C
    timed_out: bool  # stopped by the time cap before the budget ran out


def longest(seed: int, nodes: int, seconds: float | None, show_progress: bool,
            beam: zero_strike.Beam = zero_strike.DEFAULT_BEAM) -> Longest:
    """Run the search, drawing its progress on a terminal; Ctrl+C keeps the best so far."""
    cancel = threading.Event()
    console = Console(stderr=True)
    progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                        console=console, transient=True,
                        disable=not (show_progress and console.is_terminal))
    began = time.perf_counter()
    best, spent = None, 0

    def late() -> bool:
        return seconds is not None and time.perf_counter() - began > seconds

    def stop() -> bool:
        return cancel.is_set() or late()

    from rules.fast.zero_strike import search  # numba loads inside the command only

    with progress, ctrl_c_cancels(cancel):
        task = progress.add_task("searching", total=None)

        def report(state: zero_strike.Progress) -> None:
            nonlocal spent
            spent = state.nodes
            progress.update(task, description=(
                f"beam {state.rounds}, {state.passes} passes back, {state.nodes:,} of"
                f" {nodes:,} draws; longest so far {state.best or '—'} passes"))

        for found in search(seed, nodes, beam, progress=report, stop=stop):
            best = found
            if not progress.disable:
                    progress.console.print(f"{found.passes} passes after {found.nodes:,} draws",
                                       style="dim")
    return Longest(best, max(spent, best.nodes if best else 0),
                   time.perf_counter() - began, cancel.is_set(), late())


def zero_strike_search(nodes: int, seed: int, games: int, seconds: float | None,
                       as_json: bool, beam: zero_strike.Beam = zero_strike.DEFAULT_BEAM) -> int:
    """The command's body: the search with ``nodes`` draws from ``seed`` (stopped
    early after ``seconds`` if given), then the frequency of zero-strike wins on deals
    seed..seed+games-1. Returns the exit status: 130 if either part was cut short."""
    found = longest(seed, nodes, seconds, not as_json, beam)
    from solitaire_tui.games.hit_or_miss.kernel import kernel as make

    kernel = make(zero_strike.ZERO_STRIKE)
    run = play_run(kernel, games, seed, None, show_progress=not as_json)
    (tally,) = run.tallies
    low, high = wilson_interval(tally.wins, tally.games)
    best = found.best
    if as_json:
        print(json.dumps({
            "passes": best.passes if best else None,
            "deck": format_cards(best.deck) if best else None,
            "nodes": found.nodes, "seed": seed, "search_seconds": found.seconds,
            "search_interrupted": found.interrupted, "search_timed_out": found.timed_out,
            "games": tally.games, "wins": tally.wins, "frequency": tally.win_rate,
            "interval": [low, high], "first_wins": tally.first_wins[:10],
            "frequency_seconds": run.seconds, "frequency_cancelled": run.cancelled,
        }))
    else:
        console = Console()
        stopped = " (stopped early)" if found.interrupted or found.timed_out else ""
        console.print(f"[bold]Longest zero-strike game found[/]: {found.nodes:,} draws from"
                      f" seed {seed} in {found.seconds:.1f} s{stopped}")
        if best is None:
            console.print("none yet: give the search more draws")
        else:
            console.print(f"{best.passes} passes, deck (top card first):")
            console.print(format_cards(best.deck), soft_wrap=True)
        last = run.seed + run.done - 1
        console.print(f"[bold]Zero-strike wins among random deals[/] {run.seed}..{last}:"
                      f" {tally.wins:,} of {tally.games:,}"
                      + (" (cancelled)" if run.cancelled else ""))
        console.print(share_text(tally.wins, tally.games))
    return INTERRUPTED if found.interrupted or run.cancelled else 0


def run(args: argparse.Namespace) -> int:
    check_deals(args.seed, args.games)  # before the search, not after its minutes
    try:
        return zero_strike_search(args.nodes, args.seed, args.games, args.seconds, args.json,
                                  zero_strike.Beam(args.width, args.samples, args.most_matches))
    except MemoryError:
        # A layer holds up to width x samples x most matches new stocks of each size.
        raise OptionsError("the search's layers do not fit in memory: give a smaller --width,"
                           " --samples or --most-matches") from None
