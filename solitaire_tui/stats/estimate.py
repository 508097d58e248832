"""How long a run will take, before it starts, and how many games a default run plays.

A run's speed differs by six orders of magnitude between games and players (a Hit or
Miss game in a microsecond, a Sequence game by the fair player in a tenth of a
second), so one default number of games cannot suit them all: the default is as many
games as take about ``DEFAULT_SECONDS``, at most ``runs.DEFAULT_GAMES``. The speed
comes from the last run of the same game and options on this machine when there is
one (the history keeps its games per second), otherwise from a timing of the run's
own first deals (``calibrate``), and until that is done from the game's own rough
cost a game (``Setup.cost``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.words import counted
from solitaire_tui.stats.calibrate import key
from solitaire_tui.stats.runs import DEFAULT_GAMES, Setup

DEFAULT_SECONDS = 20.0  # what a default run is sized to take
ASK_SECONDS = 180.0  # a run expected to take longer is confirmed first
FEWEST = 100  # a default run plays at least this many games


# Where a speed comes from, best first: a run of the same options here, a timing of
# the run's own first deals, the game's rough cost.
MEASURED, TIMED, ROUGH = "measured", "timed on a few deals", "rough guess"
TIMING = "timing a few deals…"  # said, with no figure, while the timing is under way


@dataclass(frozen=True)
class Estimate:
    seconds: float
    source: str  # MEASURED, TIMED, ROUGH or TIMING
    # While TIMING, the compiled players of one's own the timing compiles first (once
    # a file: ``own_players.kept_loop``), by name.
    compiling: tuple[str, ...] = ()
    # While TIMING, what the timing waits for on a first start: the part of the engine
    # the warm-up still compiles and how long it is away ("Hit or Miss runs: about
    # 12 s more"), or "".
    waiting: str = ""

    @property
    def measured(self) -> bool:
        return self.source == MEASURED

    def words(self, workers: int) -> str:
        """"about 25 s on 2 workers (measured)": measured by a run of the same
        options here, timed on a few deals of this run, or a rough guess where none
        can be timed; while the timing is under way, no figure: the rough one was off
        by up to 9 times for the players that think (``bench --engine estimates``)."""
        on = counted(workers, "worker")
        if self.source == TIMING:
            if self.waiting:
                return f"how long on {on}? timed once the engine has compiled {self.waiting}"
            if self.compiling:
                return (f"how long on {on}? compiling {' and '.join(self.compiling)} (once),"
                        f" then {TIMING}")
            return f"how long on {on}? {TIMING}"
        time = duration(self.seconds)
        return (f"{time if time.startswith('under') else 'about ' + time} on {on}"
                f" ({self.source})")


def duration(seconds: float) -> str:
    """A time as a person says it: "40 s", "12 min", "3.5 h", "6 days"."""
    if seconds < 1:
        return "under a second"
    for size, unit in ((86_400, "days"), (3_600, "h"), (60, "min")):
        if seconds >= size * 1.5 or (unit != "days" and seconds >= size):
            value = seconds / size
            return f"{value:.2g} {unit}" if value < 10 else f"{value:,.0f} {unit}"
    return f"{seconds:.0f} s"


def seconds_a_game(setup: Setup, runs: Iterable[dict[str, Any]] = (),
                   timed: Mapping[str, float] | None = None) -> tuple[float, str]:
    """One core's seconds a game of ``setup``, and where that comes from: the newest
    of ``runs`` (run data, newest first) with the same game and options, else
    ``timed`` (``calibrate``'s answers by ``calibrate.key``), else the rough cost."""
    for data in runs:
        if data.get("game") != setup.game or data.get("options") != setup.options:
            continue
        rate, workers = data.get("games_per_second"), data.get("workers")
        if isinstance(rate, (int, float)) and rate > 0 and isinstance(workers, int) and workers:
            return workers / rate, MEASURED
    seconds = (timed or {}).get(key(setup))
    return (setup.cost, ROUGH) if seconds is None else (seconds, TIMED)


def estimate(setup: Setup, games: int, workers: int, runs: Iterable[dict[str, Any]] = (),
             timed: Mapping[str, float] | None = None) -> Estimate:
    cost, source = seconds_a_game(setup, runs, timed)
    return Estimate(games * cost / max(workers, 1), source)


def default_games(setup: Setup, workers: int, runs: Iterable[dict[str, Any]] = (),
                  timed: Mapping[str, float] | None = None,
                  seconds: float | None = None) -> int:
    """As many games as take about ``seconds`` (``DEFAULT_SECONDS``) on ``workers``,
    rounded down to 1, 2 or 5 times a power of ten, between ``FEWEST`` and
    ``DEFAULT_GAMES``."""
    cost, _ = seconds_a_game(setup, runs, timed)
    seconds = DEFAULT_SECONDS if seconds is None else seconds
    fits = seconds * max(workers, 1) / cost if cost > 0 else DEFAULT_GAMES
    if fits >= DEFAULT_GAMES:
        return DEFAULT_GAMES
    power: int = 10 ** math.floor(math.log10(max(fits, 1)))
    nice = max(step * power for step in (1, 2, 5) if step * power <= fits)
    return max(FEWEST, nice)
