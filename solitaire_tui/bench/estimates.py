"""``bench --engine estimates``: a run's first guess of its time against the time it
takes, for every game's default run, the comparisons its panel offers and the
players that think (``Measures.timed_runs``).

Each run is timed on its first deals as the panel and ``stats`` time it
(``stats.calibrate``), sized by that timing as a default run is, but to
``SECONDS`` rather than ``estimate.DEFAULT_SECONDS`` to keep the bench short, and
then played on two workers: the ratio of the time taken to the time guessed should
lie between 1/2 and 2. The rough guess a game's table gives (``Setup.cost``) is shown
beside it.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.table import Table

from rules.errors import RulesError
from solitaire_tui import measures
from solitaire_tui.stats import compare
from solitaire_tui.stats.calibrate import calibrate, key
from solitaire_tui.stats.estimate import default_games, estimate
from solitaire_tui.stats.runs import Setup

if TYPE_CHECKING:
    from solitaire_tui.games.game import Game

SECONDS = 5.0  # what each run is sized to take
WORKERS = 2
SEED = 20_261_127
WITHIN = 2.0  # the aim: the time taken within this factor of the guess


@dataclass(frozen=True)
class EstimateTiming:
    heading: str
    games: int
    rough: float  # seconds the game's table guessed for these games
    timing: float  # seconds the timing itself took
    guessed: float  # seconds the timing guessed
    took: float  # seconds the run took (its playing, the kernel already loaded)

    @property
    def ratio(self) -> float:
        return self.took / self.guessed if self.guessed > 0 else float("inf")

    @property
    def met(self) -> bool:
        return 1 / WITHIN <= self.ratio <= WITHIN


def setups(games: Sequence[Game]) -> list[Setup]:
    """Every game's default run, the comparisons offered on it (those its options
    allow), and its timed runs."""
    found = []
    for game in games:
        default = game.setup({})
        found.append(default)
        for offered in game.comparisons(default.options):
            with contextlib.suppress(RulesError):
                found.append(compare.run_setup(
                    game, compare.with_spec(default.options, offered.spec)))
        found += [game.setup(options) for options in measures.of(game).timed_runs]
    return found


def estimates(games: Sequence[Game], tell: Callable[[str], None],
              seconds: float = SECONDS) -> list[EstimateTiming]:
    from rules.fast.batch import run

    timings = []
    for setup in setups(games):
        began = time.perf_counter()
        per_game = calibrate(setup, SEED, WORKERS)
        timing = time.perf_counter() - began
        assert per_game is not None  # nothing stops it
        timed = {key(setup): per_game}
        count = default_games(setup, WORKERS, (), timed, seconds)
        guessed = estimate(setup, count, WORKERS, (), timed).seconds
        played = run(setup.make_kernel(), SEED + 1_000_000, count, WORKERS)
        rough = estimate(setup, count, WORKERS).seconds
        timings.append(EstimateTiming(setup.heading, count, rough, timing, guessed,
                                      played.seconds))
        tell(f"  {setup.heading}: {count:,} games, guessed {guessed:.1f} s, took"
             f" {played.seconds:.1f} s")
    return timings


def table(timings: list[EstimateTiming]) -> Table:
    found = Table(title=f"First guess against the time taken, on {WORKERS} workers"
                        f" (runs sized to about {SECONDS:g} s by the timing)")
    for column in ("run", "games", "rough guess", "timing took", "timed guess", "took",
                   "took / guess"):
        found.add_column(column, justify="left" if column == "run" else "right")
    for one in timings:
        found.add_row(one.heading, f"{one.games:,}", f"{one.rough:.1f} s", f"{one.timing:.1f} s",
                      f"{one.guessed:.1f} s", f"{one.took:.1f} s",
                      ("✓ " if one.met else "✗ ") + f"{one.ratio:.2f}")
    return found
