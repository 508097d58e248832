"""What ``bench`` (``solitaire_tui.bench``) measures of a game: the calls a player
waits for (``Probe``), the calls made deal after deal (``Series``), its kernels
(``BenchCase``), its runs whose estimates are checked, its example players of one's
own and its reviews (with the review's target).

A game declares them in an optional ``bench`` module in its home, holding a
``MEASURES``; a game without one is measured only where every game is (its runs, its
keys). Declarations only, read here and not in the ``Game`` interface: a game's
``bench`` module imports them without the measuring (which imports the app), and
playing never imports either.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.fast.batch import Kernel


@dataclass(frozen=True)
class Probe:
    """A call a player waits for, timed by ``bench --engine`` in a fresh process as
    the player first meets it (numba's import and the cache's load included).
    ``prepare`` (``"module:function"``, called with ``args``) sets the call up
    without the engine and returns it: a function of no arguments that answers with
    what it found, as plain data (a move, a verdict, a node count). ``part`` is the
    engine part it uses. ``same_answer`` marks a call whose answer must not depend
    on the machine: the bench checks that it is the same with a cold cache and with
    every core busy. ``target``: the seconds its first call should take at most."""

    name: str
    title: str
    prepare: str
    args: tuple[int, ...] = ()
    part: str = ""
    same_answer: bool = False
    target: float | None = None


@dataclass(frozen=True)
class Series:
    """A call a game makes deal after deal (a solve, a whole game of a player that
    thinks), timed by ``bench --engine searches`` on the deals ``first..last - 1``
    in one process once the engine is warm: the seconds a deal (median, 95th
    percentile, mean) and how its answers came out. ``prepare`` (``"module:function"``,
    called with a deal number) returns a function of no arguments answering as a
    ``Probe``'s does; ``outcome`` names the answer's field that is counted (a verdict,
    won or lost). ``median_target`` and ``mean_target``: seconds a deal at most."""

    name: str
    title: str
    prepare: str
    deals: tuple[int, int]
    outcome: str
    median_target: float | None = None
    mean_target: float | None = None


@dataclass(frozen=True)
class BenchCase:
    """One kernel as ``solitaire-tui bench`` times it, against the plain rules on the
    same deals."""

    name: str
    kernel: Callable[[], Kernel]  # imports numba
    pure: Callable[[int], object]  # one deal (or game) through the plain rules
    target: int | None = None  # games/s on one worker: the engine's target


REVIEW_SECONDS = 5.0  # a whole game's review, at most, on one core


@dataclass(frozen=True)
class ReviewTiming:
    player: str
    deals: int
    seconds: tuple[float, ...]  # a game each
    decisions: int

    @property
    def met(self) -> bool:
        return max(self.seconds) <= REVIEW_SECONDS


Reviews = Callable[[Callable[[str], None], int], list[ReviewTiming]]
CHANCE_GAP = 0.05  # how far, at most, a review's chances and the wins may part in a row


@dataclass(frozen=True)
class ChanceCheck:
    """A review's chances held to what followed: the positions of ``review`` whose
    chance fell in [low, high), their mean chance, and the share of them won, with
    its 95% interval ``won ± margin``. The positions of one game are won or lost
    together, so the interval counts games, not positions: a row of a thousand
    positions from thirty games is known only to some ten points."""

    review: str
    low: float
    high: float
    positions: int
    predicted: float
    won: float
    margin: float = 0.0

    @property
    def gap(self) -> float:
        return self.won - self.predicted

    @property
    def met(self) -> bool:
        return abs(self.gap) <= CHANCE_GAP

    @property
    def told_apart(self) -> bool:
        """Whether the chance said lies outside the interval of what followed."""
        return abs(self.gap) > self.margin


Calibration = Callable[[Callable[[str], None]], list[ChanceCheck]]


@dataclass(frozen=True)
class Measures:
    """A game's measures. ``kernels``: its kernels as ``solitaire-tui bench`` times
    them (a function, as they import the game's players); ``timed_runs``: the runs
    whose first guess of their time ``bench --engine estimates`` checks beside the
    default and the comparisons offered (the players that think); ``own_examples``:
    its example players in ``examples/players/`` that ``bench --engine players``
    times, with the deals it times them on; ``reviews``: its whole-game reviews,
    timed (``tell``, the first deal); ``calibration``: its review's chances against
    the wins that followed, on deals its chances were not fitted on."""

    probes: tuple[Probe, ...] = ()
    series: tuple[Series, ...] = ()
    kernels: Callable[[], Sequence[BenchCase]] = tuple
    timed_runs: tuple[Mapping[str, Any], ...] = ()
    own_examples: tuple[tuple[str, int], ...] = ()
    reviews: Reviews | None = None
    calibration: Calibration | None = None


NONE = Measures()


def of(game: object) -> Measures:
    """``game``'s measures (a ``games.game.Game``, not named here: games import this
    module): the ``bench.MEASURES`` of its home, the package its class is defined
    in, or none."""
    name = f"{type(game).__module__.rpartition('.')[0]}.bench"
    if importlib.util.find_spec(name) is None:
        return NONE
    measures = importlib.import_module(name).MEASURES
    assert isinstance(measures, Measures), f"{name}.MEASURES is not a Measures"
    return measures
