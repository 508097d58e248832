"""``bench --engine players``: players of one's own and the game review, timed.

A player of one's own runs in worker processes (``own.running``); its games a second
on one worker and on two, for the example players each game lists
(``Measures.own_examples``, in ``examples/players/``), each run also held to the same
games played in this process. A compiled example (``COMPILED = True``) is timed both
ways, compiled and as Python, with the seconds its workers took to compile it. And a
whole game's review, where a game has one (``Measures.reviews``: the timings its home
makes), on one core, against a target of 5 s a game (``measures.REVIEW_SECONDS``).
"""

from __future__ import annotations

import dataclasses
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from rich.table import Table

from solitaire_tui import measures
from solitaire_tui.measures import ReviewTiming
from solitaire_tui.own_players import files, playing, running

if TYPE_CHECKING:
    from solitaire_tui.games.game import Game

EXAMPLES = Path(__file__).parents[2] / "examples" / "players"
GAMES_A_SECOND = 2_000  # a greedy-class player's games a second on two workers
GREEDY_CLASS = "first_fit.py"  # the example held to that
SEED = 39_000
COMPILED_DEALS = 20  # a compiled player plays this many times the deals, to be timed


@dataclass(frozen=True)
class PlayerTiming:
    name: str
    deals: int
    seconds: tuple[float, float]  # on one worker, on two
    same: bool  # both runs' rows are the games played in this process
    compiled: float | None = None  # the seconds its workers took to compile it, if they did

    @property
    def rates(self) -> tuple[float, float]:
        return self.deals / self.seconds[0], self.deals / self.seconds[1]

    @property
    def met(self) -> bool | None:
        """Whether a greedy-class player (first_fit) in Python keeps the target; None
        otherwise."""
        if self.name != GREEDY_CLASS or self.compiled is not None:
            return None
        return self.same and self.rates[1] >= GAMES_A_SECOND


def player_timings(games: Sequence[Game], tell: Callable[[str], None],
                   scale: float = 1.0) -> list[PlayerTiming]:
    """Each game's example players on one worker and then two, on the same deals
    (``scale``: a share of the deals, for a test)."""
    import numba

    timings = []
    for game, (name, deals) in ((one, example) for one in games
                                for example in measures.of(one).own_examples):
        assert game.OWN_RULES is not None, "a game with example players shows them a view"
        loaded = files.load(str(EXAMPLES / name), game.key, game.OWN_RULES)
        played = playing.of(loaded)
        ways = {compiled: max(20, int(deals * scale * (COMPILED_DEALS if compiled else 1)))
                for compiled in ((True, False) if loaded.compiled else (False,))}
        plain = np.array([playing.play_deal(played, deal, None)  # the deals both play
                          for deal in range(SEED, SEED + min(max(ways.values()), 300))])
        for compiled, count in ways.items():
            player = dataclasses.replace(loaded, compiled=compiled)
            tell(f"{name}{' compiled' * compiled}: {count:,} deals on one worker, then two …")
            seconds, same, starts = [], True, []
            for workers in (1, 2):
                numba.set_num_threads(workers)
                began = time.perf_counter()
                running.results(player, playing.MOVE_SECONDS, {}, SEED, 2 * workers)  # pool up
                starts.append(time.perf_counter() - began)
                began = time.perf_counter()
                rows = running.results(player, playing.MOVE_SECONDS, {}, SEED, count)
                seconds.append(time.perf_counter() - began)
                shared = min(len(plain), count)  # the deals played here too
                same &= bool(np.array_equal(rows[:shared], plain[:shared])) and len(rows) == count
            timings.append(PlayerTiming(name, count, (seconds[0], seconds[1]), same,
                                        max(starts) if compiled else None))
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    return timings


def review_timings(games: Sequence[Game], tell: Callable[[str], None]) -> list[ReviewTiming]:
    """Each game's reviews, timed as its home times them (``Measures.reviews``), on
    one core: the target holds for a player whose other core is busy."""
    import numba

    timings: list[ReviewTiming] = []
    numba.set_num_threads(1)
    try:
        for game in games:
            reviews = measures.of(game).reviews
            if reviews is not None:
                timings += reviews(tell, SEED)
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    return timings


def players_table(timings: list[PlayerTiming]) -> Table:
    table = Table(title="Players of one's own (examples/players), in worker processes")
    for column in ("player", "as", "deals", "1 worker", "2 workers", "scaling", "games",
                   "target"):
        table.add_column(column, justify="left" if column in ("player", "as") else "right")
    for timing in timings:
        one, two = timing.rates
        target = {None: "", True: "✓ ", False: "✗ "}[timing.met]
        how = "Python" if timing.compiled is None else f"compiled ({timing.compiled:.1f} s)"
        table.add_row(timing.name, how, f"{timing.deals:,}", f"{one:,.0f}/s", f"{two:,.0f}/s",
                      f"{two / one:.2f}×", "as played here" if timing.same else "DIFFERENT",
                      f"{target}≥ {GAMES_A_SECOND:,}/s" if timing.met is not None else "")
    return table


def reviews_table(timings: list[ReviewTiming]) -> Table:
    table = Table(title="A whole game's review (v, play --review), on one core")
    for column in ("games of", "games", "decisions", "median", "slowest", "target"):
        table.add_column(column, justify="left" if column == "games of" else "right")
    for timing in timings:
        table.add_row(timing.player, str(timing.deals), f"{timing.decisions:,}",
                      f"{statistics.median(timing.seconds):.2f} s",
                      f"{max(timing.seconds):.2f} s",
                      ("✓ " if timing.met else "✗ ") + f"≤ {measures.REVIEW_SECONDS:g} s")
    return table
