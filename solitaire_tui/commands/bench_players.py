"""``bench --engine players``: players of one's own and the game review, timed.

A plain-Python player runs in worker processes (``own.running``); its games a second
on one worker and on two, for the example players of ``examples/players/``, each run
also held to the same games played in this process. And a whole Sequence game's
review (``rules.players.sequence_review``), the fair player's game and the greedy
player's, against the issue's 10 s.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from rich.table import Table

from rules import sequence
from rules.own import sequence as own_rules
from solitaire_tui.own import files, playing, running

EXAMPLES = Path(__file__).parents[2] / "examples" / "players"
PLAYERS = (("first_fit.py", 6_000), ("rules_of_thumb.py", 3_000))  # and the deals timed
GAMES_A_SECOND = 2_000  # a greedy-class player's games a second on two workers (issue 39)
REVIEW_SECONDS = 10.0  # a whole game's review, at most (issue 39)
REVIEWED = (("fair", 3), ("greedy", 3))  # whose games are reviewed, and which deals
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
        return self.same and self.rates[1] >= GAMES_A_SECOND if self.name == "first_fit.py" \
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


def player_timings(tell: Callable[[str], None], scale: float = 1.0) -> list[PlayerTiming]:
    """Each example player on one worker and then two, on the same deals (``scale``:
    a share of the deals, for a test)."""
    import numba

    timings = []
    for name, deals in PLAYERS:
        count = max(20, int(deals * scale))
        tell(f"{name}: {count:,} deals on one worker, then two …")
        player = files.load(str(EXAMPLES / name), "sequence", own_rules.__name__)
        game = playing.of(player)
        plain = np.array([playing.play_deal(game, deal, False)
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


def review_timings(tell: Callable[[str], None]) -> list[ReviewTiming]:
    """A whole game's review, for each player's games of ``REVIEWED``."""
    from rules.players.sequence import player
    from rules.players.sequence_review import review

    timings = []
    for name, deals in REVIEWED:
        tell(f"Reviews of {deals} games by the {name} player …")
        seconds, decisions = [], 0
        for deal in range(SEED, SEED + deals):
            first = state = own_rules.start(deal)
            chooser, moves = player(name, deal), []
            while not sequence.is_over(state):
                moves.append(chooser.choose(state))
                state = sequence.apply(state, moves[-1])
            review(first, moves[:2], deal, samples=1)  # compiled, not timed
            began = time.perf_counter()
            decisions += len(review(first, moves, deal))
            seconds.append(time.perf_counter() - began)
        timings.append(ReviewTiming(name, deals, tuple(seconds), decisions))
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
    table = Table(title="A whole Sequence game's review (v, play --review)")
    for column in ("games of", "games", "decisions", "median", "slowest", "target"):
        table.add_column(column, justify="left" if column == "games of" else "right")
    for timing in timings:
        table.add_row(timing.player, str(timing.deals), f"{timing.decisions:,}",
                      f"{statistics.median(timing.seconds):.2f} s",
                      f"{max(timing.seconds):.2f} s",
                      ("✓ " if timing.met else "✗ ") + f"≤ {REVIEW_SECONDS:g} s")
    return table
