"""``bench --engine players``: players of one's own and the game review, timed.

A plain-Python player runs in worker processes (``own.running``); its games a second
on one worker and on two, for the example players each game lists
(``Game.OWN_EXAMPLES``, in ``examples/players/``), each run also held to the same
games played in this process. And a whole game's review, where a game has one
(``Game.REVIEW_BENCH``: the timings its home makes), against the issue's 10 s.
"""

from __future__ import annotations

import importlib
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from rich.table import Table

from solitaire_tui.own import files, playing, running

if TYPE_CHECKING:
    from solitaire_tui.games.game import Game

EXAMPLES = Path(__file__).parents[2] / "examples" / "players"
GAMES_A_SECOND = 2_000  # a greedy-class player's games a second on two workers (issue 39)
GREEDY_CLASS = "first_fit.py"  # the example held to that
REVIEW_SECONDS = 10.0  # a whole game's review, at most (issue 39)
SEED = 39_000


@dataclass(frozen=True)
class PlayerTiming:
    name: str
    deals: int
    seconds: tuple[float, float]  # on one worker, on two
    same: bool  # both runs' rows are the games played in this process

    @property
    def rates(self) -> tuple[float, float]:
        return self.deals / self.seconds[0], self.deals / self.seconds[1]

    @property
    def met(self) -> bool | None:
        """Whether a greedy-class player (first_fit) keeps the target; None otherwise."""
        return self.same and self.rates[1] >= GAMES_A_SECOND if self.name == GREEDY_CLASS \
            else None


@dataclass(frozen=True)
class ReviewTiming:
    player: str
    deals: int
    seconds: tuple[float, ...]  # a game each
    decisions: int

    @property
    def met(self) -> bool:
        return max(self.seconds) <= REVIEW_SECONDS


def player_timings(games: Sequence[Game], tell: Callable[[str], None],
                   scale: float = 1.0) -> list[PlayerTiming]:
    """Each game's example players on one worker and then two, on the same deals
    (``scale``: a share of the deals, for a test)."""
    import numba

    timings = []
    for game, (name, deals) in ((one, example) for one in games
                                for example in one.OWN_EXAMPLES):
        count = max(20, int(deals * scale))
        tell(f"{name}: {count:,} deals on one worker, then two …")
        assert game.OWN_RULES is not None, "a game with example players shows them a view"
        player = files.load(str(EXAMPLES / name), game.key, game.OWN_RULES)
        played = playing.of(player)
        plain = np.array([playing.play_deal(played, deal, False)
                          for deal in range(SEED, SEED + min(count, 300))])
        seconds, same = [], True
        for workers in (1, 2):
            numba.set_num_threads(workers)
            running.results(player, playing.MOVE_SECONDS, {}, SEED, 2 * workers)  # pool up
            began = time.perf_counter()
            rows = running.results(player, playing.MOVE_SECONDS, {}, SEED, count)
            seconds.append(time.perf_counter() - began)
            same &= bool(np.array_equal(rows[:len(plain)], plain)) and len(rows) == count
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
        timings.append(PlayerTiming(name, count, (seconds[0], seconds[1]), same))
    return timings


def review_timings(games: Sequence[Game], tell: Callable[[str], None]) -> list[ReviewTiming]:
    """Each game's reviews, timed as its home times them (``Game.REVIEW_BENCH``)."""
    timings: list[ReviewTiming] = []
    for game in games:
        if game.REVIEW_BENCH is not None:
            module, _, function = game.REVIEW_BENCH.partition(":")
            timings += getattr(importlib.import_module(module), function)(tell, SEED)
    return timings


def players_table(timings: list[PlayerTiming]) -> Table:
    table = Table(title="Players of one's own (examples/players), in worker processes")
    for column in ("player", "deals", "1 worker", "2 workers", "scaling", "games",
                   "target"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for timing in timings:
        one, two = timing.rates
        target = {None: "", True: "✓ ", False: "✗ "}[timing.met]
        table.add_row(timing.name, f"{timing.deals:,}", f"{one:,.0f}/s", f"{two:,.0f}/s",
                      f"{two / one:.2f}×", "as played here" if timing.same else "DIFFERENT",
                      f"{target}≥ {GAMES_A_SECOND:,}/s" if timing.met is not None else "")
    return table


def reviews_table(timings: list[ReviewTiming]) -> Table:
    table = Table(title="A whole game's review (v, play --review)")
    for column in ("games of", "games", "decisions", "median", "slowest", "target"):
        table.add_column(column, justify="left" if column == "games of" else "right")
    for timing in timings:
        table.add_row(timing.player, str(timing.deals), f"{timing.decisions:,}",
                      f"{statistics.median(timing.seconds):.2f} s",
                      f"{max(timing.seconds):.2f} s",
                      ("✓ " if timing.met else "✗ ") + f"≤ {REVIEW_SECONDS:g} s")
    return table
