"""``solitaire-tui bench --engine``: the engine as a player meets it, where the
default ``bench`` measures the kernels' speed.

The measurements, each its own module, each chosen by name (all by default):

- ``compile`` (``bench_warm_up``): the warm-up of a fresh install into an empty
  temporary cache, part by part on one process and as a whole on two;
- ``calls`` (``bench_calls``): the first call of each thing a player waits for (a
  hint, a solve, a computer's move) in a fresh process with the cache warm, its
  second call, and the ones that must give one answer again with a cold cache;
- ``load`` (``bench_calls``): those again while every core is busy;
- ``keys`` (``bench_keys``): key-to-screen latency with no run and during a run on
  two workers;
- ``searches`` (``bench_series``): the calls a game makes deal after deal (a solve, a
  thinking player's whole game), their seconds a deal over many deals;
- ``start`` (``bench_start``): ``--help`` and the app to its menu, each in fresh
  processes;
- ``estimates`` (``bench_estimates``): each run's first guess of its time, timed on
  its own first deals, against the time it takes;
- ``first-hint`` (``bench_first_hint``): on a fresh install, a while at the menu
  (20 s: the hint's part ready, later ones compiling; 60 s), then a deal of the
  keys' game (the first whose hint is a search: Sequence) and ``h``: the seconds to
  the hint;
- ``first-keys`` (``bench_first_hint``): on a fresh install, the keys' game's keys
  as soon as its screen is open, while the engine compiles, with another program
  spinning on every core; and beside it, the same keys with the engine warm;
- ``judge`` (``bench_judge``), ``workers`` (``bench_workers``) and ``players``
  (``bench_players``): the contest judge, each run's games a second on one worker
  and two, players of one's own and whole-game reviews;
- ``calibration`` (``bench_chances``): a review's chances against the wins that
  followed, on held-out deals.

These are benchmarks, not tests: they report the figures with the project's targets
beside them, and decide nothing. The player's own cache is never touched when
``compile`` runs: what follows it uses the cache it made. Without ``compile`` the
player's cache is warmed first, as ``solitaire-tui warm`` does.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from solitaire_tui import engine
from solitaire_tui.bench import calls as bench_calls
from solitaire_tui.bench import chances as bench_chances
from solitaire_tui.bench import estimates as bench_estimates
from solitaire_tui.bench import first_hint as bench_first_hint
from solitaire_tui.bench import judge as bench_judge
from solitaire_tui.bench import keys as bench_keys
from solitaire_tui.bench import players as bench_players
from solitaire_tui.bench import series as bench_series
from solitaire_tui.bench import start as bench_start
from solitaire_tui.bench import warm_up as bench_warm_up
from solitaire_tui.bench import workers as bench_workers
from solitaire_tui.bench.calls import CallTiming
from solitaire_tui.bench.estimates import EstimateTiming
from solitaire_tui.bench.first_hint import FirstHint, FirstKeys
from solitaire_tui.bench.judge import JudgeTiming
from solitaire_tui.bench.keys import KEY_TARGET, KeyReport, KeyTimes, Summary
from solitaire_tui.bench.players import PlayerTiming
from solitaire_tui.bench.series import SeriesTiming
from solitaire_tui.bench.start import StartTiming
from solitaire_tui.bench.warm_up import (
    FIRST_READY_TARGET,
    PLAY_READY_TARGET,
    WALL_TARGET,
    PartTiming,
    WarmTiming,
)
from solitaire_tui.bench.workers import WorkerTiming
from solitaire_tui.commands.console import table_console
from solitaire_tui.engine import Part
from solitaire_tui.measures import (
    CHANCE_GAP,
    REVIEW_SECONDS,
    ChanceCheck,
    Probe,
    ReviewTiming,
    Series,
)

if TYPE_CHECKING:
    from textual.app import App

    from solitaire_tui.games.game import Game

SECTIONS = ("compile", "calls", "load", "keys", "searches", "start", "estimates", "first-hint",
            "first-keys", "judge", "workers", "players", "calibration")
# Seconds at the menu before the first hint on a fresh install: with its part still
# compiling (the stand-in answers), once it is ready with later ones still compiling,
# and once the warm-up is done.
AT_MENU = (5.0, 20.0, 60.0)


@dataclass(frozen=True)
class KeySetup:
    """What the key bench needs from the app: a way to open it on a data directory,
    and the game whose screen and panel it plays on."""

    make_app: Callable[[Path], App[Any]]
    game: Game
    rounds: int = 5


@dataclass
class EngineBench:
    compile: list[WarmTiming] = dataclasses.field(default_factory=list)
    calls: list[CallTiming] = dataclasses.field(default_factory=list)
    cold: list[CallTiming] = dataclasses.field(default_factory=list)
    idle: list[CallTiming] = dataclasses.field(default_factory=list)
    busy: list[CallTiming] = dataclasses.field(default_factory=list)
    busy_cores: int = 0
    keys: KeyReport | None = None
    series: list[SeriesTiming] = dataclasses.field(default_factory=list)
    start: list[StartTiming] = dataclasses.field(default_factory=list)
    estimates: list[EstimateTiming] = dataclasses.field(default_factory=list)
    first_hints: list[FirstHint] = dataclasses.field(default_factory=list)
    first_keys: FirstKeys | None = None
    judge: list[JudgeTiming] = dataclasses.field(default_factory=list)
    workers: list[WorkerTiming] = dataclasses.field(default_factory=list)
    players: list[PlayerTiming] = dataclasses.field(default_factory=list)
    reviews: list[ReviewTiming] = dataclasses.field(default_factory=list)
    chances: list[ChanceCheck] = dataclasses.field(default_factory=list)
    # The machine's load (runnable processes, over a minute) before and after: other
    # people's work on a shared machine slows every figure here.
    load: tuple[float, float] = (0.0, 0.0)


def measure(parts: Sequence[Part], probes: Sequence[Probe], sections: Sequence[str],
            keys: KeySetup | None, tell: Callable[[str], None],
            series: Sequence[Series] = (), games: Sequence[Game] = ()) -> EngineBench:
    """Run the chosen ``sections`` (``SECTIONS``) and gather their figures."""
    bench = EngineBench()
    before = _load()
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as root:
        if "compile" in sections:
            for jobs in (1, 2):
                tell(f"Cold compile of {len(parts)} parts on {jobs} process{'es' * (jobs > 1)}"
                     " into an empty cache …")
                bench.compile.append(
                    bench_warm_up.cold_warm_up(parts, jobs, Path(root) / f"jobs-{jobs}", tell))
            warm = Path(root) / "jobs-2"
        else:
            warm = engine.use_cache_dir()
            tell(f"Warming the engine in {warm} (once; then cached) …")
            engine.warm(parts, 2, lambda _: None)
        same = [probe for probe in probes if probe.same_answer]
        if "calls" in sections:
            tell("First calls, each in a fresh process with the cache warm …")
            bench.calls = bench_calls.first_calls(probes, warm)
            tell("The same answers with a cold cache (each compiles what it needs) …")
            bench.cold = bench_calls.cold_calls(probes)
        if "load" in sections:
            names = {probe.name for probe in same}
            bench.idle = [call for call in bench.calls if call.name in names] or (
                bench_calls.first_calls(same, warm))
            tell("The same answers with every core busy …")
            with bench_calls.busy_cores() as cores:
                bench.busy_cores = cores
                bench.busy = bench_calls.first_calls(same, warm)
        if "keys" in sections and keys is not None:
            tell(f"Key to screen on {keys.game.title}'s screen and panel, idle and during a"
                 " run …")
            with bench_warm_up.numba_cache(warm):
                bench.keys = asyncio.run(bench_keys.key_latency(
                    keys.make_app, keys.game, rounds=keys.rounds))
        if "searches" in sections:
            with bench_warm_up.numba_cache(warm):
                bench.series = [bench_series.timed_series(one, tell) for one in series]
        if "start" in sections:
            tell(f"--help and the app to its menu, {bench_start.RUNS} fresh processes each …")
            bench.start = bench_start.start_timings()
        if "first-hint" in sections and keys is not None:
            for seconds in AT_MENU:
                tell(f"A fresh install: {seconds:.0f} s at the menu, then a deal of"
                     f" {keys.game.title} and h …")
                bench.first_hints.append(bench_first_hint.first_hint(seconds, keys.game.key))
        if "first-keys" in sections and keys is not None:
            tell(f"A fresh install: {keys.game.title}'s keys while the engine compiles,"
                 " every core kept busy by another program; then the engine warm …")
            bench.first_keys = bench_first_hint.first_keys(keys.game.key, keys.rounds, warm)
        if "judge" in sections:
            tell(f"The contest judge on {bench_judge.CASES:,} cases, from a file and a pipe"
                 f" ({bench_judge.RUNS} runs each) …")
            with bench_warm_up.numba_cache(warm):
                bench.judge = bench_judge.judge_timings()
        if "workers" in sections:
            tell("Each run's games a second on one worker and on two …")
            with bench_warm_up.numba_cache(warm):
                bench.workers = bench_workers.worker_timings(games, tell)
        if "players" in sections:
            with bench_warm_up.numba_cache(warm):
                bench.players = bench_players.player_timings(games, tell)
                bench.reviews = bench_players.review_timings(games, tell)
        if "calibration" in sections:
            with bench_warm_up.numba_cache(warm):
                bench.chances = bench_chances.checks(games, tell)
        if "estimates" in sections:
            tell("Each run's first guess of its time, then the run …")
            with bench_warm_up.numba_cache(warm):
                bench.estimates = bench_estimates.estimates(games, tell)
    bench.load = (before, _load())
    return bench


def _load() -> float:
    """The one-minute load average, where the system keeps one (0 elsewhere)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


def as_data(bench: EngineBench) -> dict[str, Any]:
    """The figures as JSON objects, with the targets and what is derived from them."""
    def call(timing: CallTiming) -> dict[str, Any]:
        return dataclasses.asdict(timing) | {"first_total": timing.first_total,
                                             "met": timing.met}

    def summary(figures: Summary) -> dict[str, Any]:
        return dataclasses.asdict(figures) | {"met": figures.met}

    data: dict[str, Any] = {
        "compile": [dataclasses.asdict(warm) | {"compile_seconds": warm.compile_seconds,
                                                "play_ready_at": warm.play_ready_at,
                                                "first_ready_at": warm.first_ready_at}
                    for warm in bench.compile],
        "play_ready_target": PLAY_READY_TARGET,
        "first_ready_target": FIRST_READY_TARGET,
        "wall_target": WALL_TARGET,
        "first_calls": [call(timing) for timing in bench.calls],
        "cold": [call(timing) for timing in bench.cold],
        "idle": [call(timing) for timing in bench.idle],
        "busy": [call(timing) for timing in bench.busy],
        "busy_cores": bench.busy_cores,
        "same_answers": same_answers(bench),
        "keys": None,
        "series": [dataclasses.asdict(timing) | {
            "median": timing.median, "p95": timing.p95, "mean": timing.mean,
            "met": timing.met} for timing in bench.series],
        "start": [dataclasses.asdict(timing) | {"median": timing.median, "met": timing.met}
                  for timing in bench.start],
        "estimates": [dataclasses.asdict(timing) | {"ratio": timing.ratio, "met": timing.met}
                      for timing in bench.estimates],
        "first_hints": [dataclasses.asdict(hint) | {"met": hint.met, "helper": hint.helper}
                        for hint in bench.first_hints],
        "first_keys": None if bench.first_keys is None else dataclasses.asdict(
            bench.first_keys),
        "judge": [dataclasses.asdict(timing) | {"rate": timing.rate, "met": timing.met,
                                                "target": bench_judge.TARGET}
                  for timing in bench.judge],
        "players": [dataclasses.asdict(timing) | {"rates": timing.rates, "met": timing.met,
                                                  "target": bench_players.GAMES_A_SECOND}
                    for timing in bench.players],
        "reviews": [dataclasses.asdict(timing) | {"met": timing.met,
                                                  "target": REVIEW_SECONDS}
                    for timing in bench.reviews],
        "calibration": [dataclasses.asdict(row) | {"gap": row.gap, "met": row.met,
                                                   "target": CHANCE_GAP}
                        for row in bench.chances],
        "workers": [dataclasses.asdict(timing) | {"scaling": timing.scaling,
                                                  "met": timing.met,
                                                  "target": bench_workers.TARGET}
                    for timing in bench.workers],
        "load": list(bench.load),
    }
    if bench.keys is not None:
        report = bench.keys
        data["keys"] = dataclasses.asdict(report) | {
            "target": KEY_TARGET,
            "by_key": [{"where": times.where, "running": times.running, "label": times.label,
                        "follows": times.follows} | summary(times.summary)
                       for times in report.keys],
            "overall": {"idle": summary(report.overall(False)),
                        "running": summary(report.overall(True))},
        }
    return data


def same_answers(bench: EngineBench) -> list[dict[str, Any]]:
    """Each probe's answer warm and idle, cold, and busy, and whether they agree."""
    rows = []
    for warm in bench.idle or [call for call in bench.calls
                               if call.name in {c.name for c in bench.cold}]:
        cold = next((c.answer for c in bench.cold if c.name == warm.name), None)
        busy = next((c.answer for c in bench.busy if c.name == warm.name), None)
        answers = [answer for answer in (warm.answer, cold, busy) if answer is not None]
        rows.append({"name": warm.name, "warm": warm.answer, "cold": cold, "busy": busy,
                     "same": all(answer == warm.answer for answer in answers)})
    return rows


def bench_engine(parts: Sequence[Part], probes: Sequence[Probe], sections: Sequence[str],
                 keys: KeySetup | None, as_json: bool, series: Sequence[Series] = (),
                 games: Sequence[Game] = ()) -> int:
    """Measure the chosen sections and print them: tables, or one JSON object."""
    console = Console(stderr=True)
    bench = measure(parts, probes, sections, keys,
                    lambda line: console.print(line, style="dim", markup=False,
                                               highlight=False), series, games)
    if as_json:
        print(json.dumps(as_data(bench)))
        return 0
    out = table_console()
    for table in tables(bench):
        out.print(table)
    out.print(f"The machine's load (one-minute average) was {bench.load[0]:.2f} before and"
              f" {bench.load[1]:.2f} after, on {os.cpu_count()} cores.")
    return 0


def _seconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f} s"


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{1000 * value:.1f}"


def _mark(met: bool | None) -> str:
    return "" if met is None else ("✓ " if met else "✗ ")


def _answer(answer: dict[str, Any] | None) -> str:
    if answer is None:
        return "—"
    if "verdict" in answer:
        return f"{answer['verdict']}, {answer['nodes']:,} nodes"
    return ", ".join(str(value) for value in answer.values())


def tables(bench: EngineBench) -> list[Table]:
    """The figures as Rich tables, one a section measured."""
    found = []
    if bench.compile:
        found.append(_compile_table(bench.compile))
    if bench.calls:
        found.append(_calls_table(bench.calls))
    rows = same_answers(bench)
    if rows:
        found.append(_same_table(bench, rows))
    if bench.keys is not None:
        found.append(_keys_table(bench.keys))
    if bench.series:
        found.append(_series_table(bench.series))
    if bench.start:
        found.append(_start_table(bench.start))
    if bench.estimates:
        found.append(bench_estimates.table(bench.estimates))
    if bench.first_hints:
        found.append(_first_hint_table(bench.first_hints))
    if bench.first_keys is not None:
        found.append(_first_keys_table(bench.first_keys))
    if bench.judge:
        found.append(bench_judge.table(bench.judge))
    if bench.players:
        found.append(bench_players.players_table(bench.players))
    if bench.reviews:
        found.append(bench_players.reviews_table(bench.reviews))
    if bench.chances:
        found.append(bench_chances.table(bench.chances))
    if bench.workers:
        found.append(bench_workers.table(bench.workers))
    return found


def _first_hint_table(hints: list[FirstHint]) -> Table:
    table = Table(title="The first hint on a fresh install (an empty cache, the app's own"
                        " warm-up)")
    for column in ("at the menu", "the engine's line as h was pressed", "whose hint",
                   "h to hint", "target"):
        table.add_column(column, justify="left" if "line" in column else "right")
    for hint in hints:
        table.add_row(f"{hint.at_menu:.0f} s", hint.engine or "(done)", hint.helper,
                      _seconds(hint.seconds), f"{_mark(hint.met)}≤ {bench_first_hint.TARGET:g} s")
    return table


def _first_keys_table(found: FirstKeys) -> Table:
    table = Table(title="Key to screen (ms) on a fresh install, while the engine compiles"
                        f" (still at the last key: {'yes' if found.compiling else 'no'}),"
                        " and with the engine warm (no compile), beside"
                        f" {found.busy} other processes spinning; target"
                        f" {1000 * KEY_TARGET:.0f} ms")
    table.add_column("key")
    for setting in ("compiling", "warm"):
        for figure in ("median", "p90", "max"):
            table.add_column(f"{setting}: {figure}", justify="right")
    table.add_column("missed", justify="right")
    warm = {times.label: times for times in found.warm}
    for times in found.keys:
        beside = warm.get(times.label)
        table.add_row(times.label, *_key_cells(times.summary, marked=True),
                      *_key_cells(None if beside is None else beside.summary),
                      str(times.missed + (0 if beside is None else beside.missed) or ""))
    table.add_section()
    every, every_warm = _every(found.keys), _every(found.warm)
    table.add_row("every key", *_key_cells(every, marked=True),
                  *_key_cells(every_warm if found.warm else None),
                  str(every.missed + every_warm.missed or ""))
    return table


def _every(keys: Sequence[KeyTimes]) -> Summary:
    """All of ``keys``' times as one."""
    return Summary.of([second for times in keys for second in times.seconds],
                      sum(times.missed for times in keys))


def _key_cells(figures: Summary | None, marked: bool = False) -> list[str]:
    """A key's median, p90 and max in ms, the max ``marked`` against the target."""
    if figures is None:
        return ["—"] * 3
    top = _ms(figures.max)
    if marked and figures.max is not None:
        top = _mark(figures.max <= KEY_TARGET) + top
    return [_ms(figures.median), _ms(figures.p90), top]


def _start_table(timings: list[StartTiming]) -> Table:
    table = Table(title="Start-up (fresh processes, the engine warm): seconds")
    for column in ("to", "median", "fastest", "slowest", "target"):
        table.add_column(column, justify="left" if column == "to" else "right")
    for timing in timings:
        table.add_row(timing.what, _seconds(timing.median), _seconds(min(timing.seconds)),
                      _seconds(max(timing.seconds)),
                      f"{_mark(timing.met)}≤ {timing.target:g} s")
    return table


def _series_table(timings: list[SeriesTiming]) -> Table:
    table = Table(title="Deal after deal (this process, the engine warm): seconds a deal")
    for column in ("call", "deals", "median", "p95", "mean", "target", "answers"):
        table.add_column(column, justify="left" if column in ("call", "answers") else "right")
    for timing in timings:
        targets = [f"median {1000 * timing.median_target:g} ms"
                   if timing.median_target is not None else "",
                   f"mean {timing.mean_target:g} s" if timing.mean_target is not None else ""]
        first, last = timing.deals
        table.add_row(timing.title, f"{first}..{last - 1}", _ms(timing.median) + " ms",
                      _ms(timing.p95) + " ms", _ms(timing.mean) + " ms",
                      _mark(timing.met) + " ".join(filter(None, targets)),
                      ", ".join(f"{outcome} {count}" for outcome, count
                                in sorted(timing.outcomes.items())))
    return table


def _compile_table(warms: list[WarmTiming]) -> Table:
    table = Table(title="Cold compile, part by part (an empty cache, as on a fresh install);"
                        " told: what a player waiting for the part was told as it began")
    table.add_column("part")
    table.add_column("in play")
    for warm in warms:
        plural = "es" * (warm.jobs > 1)
        table.add_column(f"{warm.jobs} process{plural}: compile", justify="right")
        table.add_column("told", justify="right")
        table.add_column("ready at", justify="right")
    titles = {part.name: part.title for warm in warms for part in warm.parts}
    for name, title in titles.items():
        cells = []
        for warm in warms:
            part = next((p for p in warm.parts if p.name == name), None)
            cells += (["—", "—", "—"] if part is None else
                      [f"{part.seconds:.1f} s" + (" FAILED" if part.failed else ""),
                       _told(part), f"{part.ready_at:.1f} s"])
        play = any(p.play for warm in warms for p in warm.parts if p.name == name)
        table.add_row(title, "yes" if play else "", *cells)
    table.add_section()
    table.add_row("all parts", "", *(cell for warm in warms for cell in (
        f"{warm.compile_seconds:.1f} s", "", f"{warm.wall:.1f} s wall")))
    table.add_row(f"told within {TOLD_WITHIN:g}× (or {TOLD_SLACK:g} s) of the compile,"
                  " a range within its ends", "", *(
        cell for warm in warms for cell in ("", _within(warm), "")))
    aims: tuple[tuple[str, float, Callable[[WarmTiming], float | None]], ...] = (
        ("whole warm-up on 2 processes", WALL_TARGET,
         lambda warm: warm.wall if warm.jobs >= 2 else None),
        ("first part in play ready", FIRST_READY_TARGET, lambda warm: warm.first_ready_at),
        ("parts in play ready", PLAY_READY_TARGET, lambda warm: warm.play_ready_at))
    for words, target, seconds in aims:
        table.add_row(f"{words} (target {target:.0f} s)", "", *(
            cell for warm in warms for cell in ("", "", _against(seconds(warm), target))))
    return table


# A wait told is held true when the part took between half and twice what was said,
# or within a second of it; a range told, when it took what the range says, or within
# a second of its ends (``_told_right``).
TOLD_WITHIN, TOLD_SLACK = 2.0, 1.0


def _told_right(part: PartTiming) -> bool:
    """Within TOLD_WITHIN times what it took, or within TOLD_SLACK of it: the app
    tells a wait in whole seconds, so a part that loads in a blink, told "about 1 s",
    was told right. A range is held to its own ends, which already say how far the
    guess may be out."""
    ratio = part.told_ratio
    if ratio is None:
        return False
    if part.told_most > part.told:
        return part.told - TOLD_SLACK <= part.seconds <= part.told_most + TOLD_SLACK
    return (1 / TOLD_WITHIN <= ratio <= TOLD_WITHIN
            or abs(part.told - part.seconds) < TOLD_SLACK)


def _told(part: PartTiming) -> str:
    if part.told_ratio is None:
        return ""
    most = f"\u2013{part.told_most:.0f}" if round(part.told_most) > round(part.told) else ""
    return _mark(_told_right(part)) + f"{part.told:.0f}{most} s"


def _within(warm: WarmTiming) -> str:
    told = [part for part in warm.parts if part.told_ratio is not None]
    held = sum(_told_right(part) for part in told)
    return _mark(held == len(told)) + f"{held} of {len(told)}"


def _against(seconds: float | None, target: float) -> str:
    return "" if seconds is None else _mark(seconds <= target) + f"{seconds:.1f} s"


def _calls_table(calls: list[CallTiming]) -> Table:
    table = Table(title="First calls after the warm-up (a fresh process each, the cache warm)")
    for column in ("call", "numba import", "first call", "first in all", "target",
                   "second call", "answer"):
        table.add_column(column, justify="left" if column in ("call", "answer") else "right")
    for call in calls:
        table.add_row(call.title, _seconds(call.numba_import), _seconds(call.first),
                      _seconds(call.first_total),
                      "—" if call.target is None else f"{_mark(call.met)}{call.target:g} s",
                      _seconds(call.second), _answer(call.answer))
    return table


def _same_table(bench: EngineBench, rows: list[dict[str, Any]]) -> Table:
    table = Table(title="One answer whatever the cache and the load"
                  f" (busy: {bench.busy_cores} spinning processes)")
    for column in ("call", "warm, idle", "cold cache", "cores busy", "same"):
        table.add_column(column, justify="right" if column == "same" else "left")
    titles = {call.name: call.title for call in (*bench.calls, *bench.idle)}

    def cell(name: str, calls: list[CallTiming]) -> str:
        found = next((call for call in calls if call.name == name), None)
        return "—" if found is None else (
            f"{_answer(found.answer)} ({_seconds(found.first_total)})")

    for row in rows:
        name = row["name"]
        table.add_row(titles.get(name, name), cell(name, bench.idle or bench.calls),
                      cell(name, bench.cold), cell(name, bench.busy),
                      "✓" if row["same"] else "✗ DIFFERENT")
    return table


def _keys_table(report: KeyReport) -> Table:
    height = report.size[1]
    table = Table(title=f"Key to screen (ms), {report.game} at {report.size[0]}×{height}:"
                  f" no run, and a run on {report.workers} workers"
                  f" ({report.run_games_per_second:,.0f} games/s"
                  f"{'' if report.run_kept_going else ', ENDED before the last key'});"
                  f" {report.rounds} rounds, target {1000 * KEY_TARGET:.0f} ms")
    table.add_column("where")
    table.add_column("key")
    for setting in ("no run", "run"):
        for figure in ("median", "p90", "max"):
            table.add_column(f"{setting}: {figure}", justify="right")
    table.add_column("missed", justify="right")

    labels = list(dict.fromkeys((times.where, times.label) for times in report.keys))
    for where, label in labels:
        idle = next((t for t in report.keys if (t.where, t.label, t.running)
                     == (where, label, False)), None)
        busy = next((t for t in report.keys if (t.where, t.label, t.running)
                     == (where, label, True)), None)
        missed = sum(t.missed for t in (idle, busy) if t is not None)
        held = not any(t.follows for t in (idle, busy) if t is not None)  # to the target
        table.add_row(where, label, *_key_cells(None if idle is None else idle.summary),
                      *_key_cells(None if busy is None else busy.summary, marked=held),
                      str(missed or ""))
    table.add_section()
    for where in dict.fromkeys(times.where for times in report.keys):
        idle_all, busy_all = report.overall(False, where), report.overall(True, where)
        table.add_row(where, "every key", *_key_cells(idle_all), *_key_cells(busy_all, marked=True),
                      str(idle_all.missed + busy_all.missed or ""))
    idle_all, busy_all = report.overall(False), report.overall(True)
    table.add_row("both", "every key", *_key_cells(idle_all), *_key_cells(busy_all, marked=True),
                  str(idle_all.missed + busy_all.missed or ""))
    return table
