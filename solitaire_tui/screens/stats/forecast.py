"""How long the run the statistics panel's form describes would take, and how many
games its Games field offers: the panel's forecast, apart from its widgets.

The figure comes from the best there is (``stats.estimate``): the last run of the
same options, else the timing of a few of the run's own deals (``Timings``, which the
panel composes and passes here), else the rough guess while that timing runs. The
Games field, left as the panel sized it, is sized again as a better figure comes in.
A plain object: the panel reads its fields and shows the words; the forecast is
tested without Textual.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol

from solitaire_tui.own_players import files
from solitaire_tui.stats.cluster import Scheduler
from solitaire_tui.stats.estimate import ROUGH, TIMING, Estimate, default_games, estimate
from solitaire_tui.stats.limits import Limits
from solitaire_tui.stats.runs import Setup

# The run the form describes: its set-up, games, seed, workers (None: every core)
# and the cluster it would play on (None: this machine).
Asked = tuple[Setup, int, int, int | None, Scheduler | None]


class Timing(Protocol):
    """What the forecast asks of the panel's timings (``timing.Timings``)."""

    @property
    def seconds(self) -> Mapping[str, float]: ...

    def why_stopped(self, setup: Setup) -> str | None: ...

    def waiting(self, setup: Setup) -> str: ...

    def timing(self, setup: Setup, seed: int, workers: int) -> bool: ...


class Forecast:
    def __init__(self, runs: list[dict[str, Any]], cores: int, limits: Limits,
                 timings: Timing, games: int, sized: bool) -> None:
        """``runs``: the kept runs' data, newest first, that estimates are made from;
        ``games``: the Games field's first value, ``sized`` if the panel chose it."""
        self.runs = runs
        self.cores = cores
        self.limits = limits
        self.timings = timings
        self.default = f"{games:_}" if sized else ""  # the Games field as the panel sized it
        self.said = False  # whether the meter's line says what the next run would take

    def estimate(self, asked: Asked, running: bool) -> tuple[Estimate, int] | str:
        """How long the ``asked`` run would take, and on how many workers; why it
        would stop, where a player of one's own stopped its timing. Options not yet
        measured or timed are timed in the background, unless a run plays."""
        setup, games, seed, workers, where = asked
        # A cluster's speed is its workers': the estimate is this machine's at best.
        workers = (where.local if where is not None else workers) or self.cores
        why = self.timings.why_stopped(setup)
        if why is not None:
            return f"Your player {why}: a run would stop there."
        found = estimate(setup, games, workers, self.runs, self.timings.seconds)
        if (found.source == ROUGH and not running and where is None
                and self.timings.timing(setup, seed, workers)):
            compiled = tuple(player.name for name in setup.own
                             if (player := files.find(name, setup.game)) is not None
                             and player.compiled)
            found = dataclasses.replace(found, source=TIMING, compiling=compiled,
                                        waiting=self.timings.waiting(setup))
        return found, workers

    def sized(self, setup: Setup, field: str) -> str | None:
        """The Games field's new value for ``setup``, by the best guess there is of its
        speed, where the field (now ``field``) is still as the panel sized it."""
        if field != self.default:
            return None
        games = min(self.limits.games, default_games(setup, self.cores, self.runs,
                                                     self.timings.seconds))
        self.default = f"{games:_}"
        return self.default

    def ran(self, data: dict[str, Any]) -> None:
        """A run ended: the next estimate of its options is made from it."""
        self.runs = [data, *self.runs]
