"""How long a run will take, before it starts, and how many games a default run plays.

A run's speed differs by six orders of magnitude between games and players (a Hit or
Miss game in a microsecond, a Sequence game by the fair player in a tenth of a
second), so one default number of games cannot suit them all: the default is as many
games as take about ``DEFAULT_SECONDS``, at most ``runs.DEFAULT_GAMES``. The speed
comes from the last run of the same game and options on this machine when there is
one (the history keeps its games per second), otherwise from the game's own rough
cost a game (``Setup.cost``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules.words import counted
from solitaire_tui.stats.runs import DEFAULT_GAMES, Setup

DEFAULT_SECONDS = 20.0  # what a default run is sized to take
ASK_SECONDS = 180.0  # a run expected to take longer is confirmed first
FEWEST = 100  # a default run plays at least this many games


@dataclass(frozen=True)
class Estimate:
    seconds: float
    measured: bool  # from a run of the same options on this machine, not the rough cost

    def words(self, workers: int) -> str:
        """"about 25 s on 2 workers (measured)": measured by a run of the same
        options here, or a rough guess until one has been."""
        on = counted(workers, "worker")
        source = "measured" if self.measured else "rough guess"
        time = duration(self.seconds)
        return f"{time if time.startswith('under') else 'about ' + time} on {on} ({source})"


def duration(seconds: float) -> str:
    """A time as a person says it: "40 s", "12 min", "3.5 h", "6 days"."""
    if seconds < 1:
        return "under a second"
    for size, unit in ((86_400, "days"), (3_600, "h"), (60, "min")):
        if seconds >= size * 1.5 or (unit != "days" and seconds >= size):
            value = seconds / size
            return f"{value:.2g} {unit}" if value < 10 else f"{value:,.0f} {unit}"
    return f"{seconds:.0f} s"


def seconds_a_game(setup: Setup, runs: Iterable[dict[str, Any]]) -> tuple[float, bool]:
    """One core's seconds a game of ``setup``, and whether it was measured: from the
    newest of ``runs`` (run data, newest first) with the same game and options."""
    for data in runs:
        if data.get("game") != setup.game or data.get("options") != setup.options:
            continue
        rate, workers = data.get("games_per_second"), data.get("workers")
        if isinstance(rate, (int, float)) and rate > 0 and isinstance(workers, int) and workers:
            return workers / rate, True
    return setup.cost, False


def estimate(setup: Setup, games: int, workers: int,
             runs: Iterable[dict[str, Any]] = ()) -> Estimate:
    cost, measured = seconds_a_game(setup, runs)
    return Estimate(games * cost / max(workers, 1), measured)


def default_games(setup: Setup, workers: int, runs: Iterable[dict[str, Any]] = ()) -> int:
    """As many games as take about ``DEFAULT_SECONDS`` on ``workers``, rounded down to
    1, 2 or 5 times a power of ten, between ``FEWEST`` and ``DEFAULT_GAMES``."""
    cost, _ = seconds_a_game(setup, runs)
    fits = DEFAULT_SECONDS * max(workers, 1) / cost if cost > 0 else DEFAULT_GAMES
    if fits >= DEFAULT_GAMES:
        return DEFAULT_GAMES
    power: int = 10 ** math.floor(math.log10(max(fits, 1)))
    nice = max(step * power for step in (1, 2, 5) if step * power <= fits)
    return max(FEWEST, nice)
