"""An autoplay run as the command line and the statistics panel both describe it: a
game with its options, checked, ready to become a compiled kernel (``Setup``, which
each game's home makes); and a run's figures as one JSON object.

Both front ends build their runs from the same options through the game's
``setup`` and report them with the same ``run_data``, so the panel shows exactly
what ``stats --json`` prints. The kernels themselves (numba) load only when
``make_kernel`` is called.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rules.errors import OptionsError
from rules.roster import check_name
from rules.stats import Histogram, Tally, wilson_interval
from solitaire_tui.decks import RANDOM_DEALS

if TYPE_CHECKING:
    from rules.fast.batch import Kernel, Run

DEFAULT_GAMES = 1_000_000


def random_seed() -> int:
    """A fresh seed, as short as a random deal's number so that winning deals are easy
    to read and retype (any number of games still fits below the last deal)."""
    return secrets.randbelow(RANDOM_DEALS)


def percent(value: float | None) -> str:
    """A rate as a percentage to 4 significant figures ("—" for none yet)."""
    return "—" if value is None or math.isnan(value) else f"{100 * value:.4g}%"


@dataclass(frozen=True)
class Setup:
    """A game and its options, checked and ready to autoplay."""

    game: str
    options: dict[str, Any]  # as the JSON shows them, and as ``setup`` takes them back
    heading: str
    make_kernel: Callable[[], Kernel]
    rules: Any = None  # the rules' own Options, for replaying a game of the run
    parts: tuple[str, str] = ("parts", "part")  # how the JSON names a run's several tallies
    engine: tuple[str, ...] = ()  # the names of the engine parts (``engine.Part``) it calls
    # A game's rough cost in seconds on one core, for the time a run will take before
    # one has measured it (``stats.estimate``); each game's setup gives its own.
    cost: float = 1e-6
    # A comparison's part as the version's own run and part (``stats.compare``), for a
    # replay of one of its games; None: the parts are this run's own.
    split: Callable[[int], tuple[Setup, int]] | None = None
    # The players of one's own it plays (``own.files``), by name: a cluster's
    # workers are sent their files.
    own: tuple[str, ...] = ()

    def own_part(self, part: int) -> tuple[Setup, int]:
        """The run and part a game of tally ``part`` was played in, to replay it."""
        return (self, part) if self.split is None else self.split(part)


def strategies(value: Any, names: Sequence[str], game: str) -> list[str]:
    """A list of computer players' names, each checked against ``names``."""
    if not isinstance(value, list) or not value:
        raise OptionsError(f"{game} needs at least one computer player:"
                           f" {', '.join(names)}")
    return [check_name(str(name), names, game) for name in value]


def whole(options: Mapping[str, Any], name: str, default: int) -> int:
    """A whole-number option of a run, ``default`` when it is not given."""
    value = options.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionsError(f"{name} must be a whole number, not {value!r}")
    return value


class Runs(Protocol):
    """A game as the comparisons and findings use it: a name and its runs
    (``games.game.Game`` is one; named here so that they need not import it)."""

    @property
    def key(self) -> str: ...

    @property
    def title(self) -> str: ...

    def setup(self, options: Mapping[str, Any]) -> Setup: ...


# --- a run's figures as JSON ---------------------------------------------------------


def _share(count: int, games: int, name: str) -> dict[str, Any]:
    low, high = wilson_interval(count, games)
    rate = count / games if games else None
    prefix = "" if name == "win" else f"{name}_"
    return {f"{name}_rate": rate, f"{prefix}ci_low": low, f"{prefix}ci_high": high}


# A comparison's paired outcomes (``stats.compare``): in a version after the first, the
# deals it won that the first lost, and the other way round.
ONLY_HERE, ONLY_FIRST = "won_only_here", "won_only_first"
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def paired_difference(histograms: Mapping[str, Histogram], games: int
                      ) -> tuple[float, float, float] | None:
    """A version's win rate minus the first's on the same deals, with its 95% interval:
    the paired difference, in which only the deals one of the two won count (Wald's
    interval, fine at the thousands of games a comparison plays); None for a tally
    that is not a later version of a comparison."""
    if ONLY_HERE not in histograms or not games:
        return None
    here, there = histograms[ONLY_HERE].counts[1], histograms[ONLY_FIRST].counts[1]
    change = (here - there) / games
    spread = math.sqrt(max(0.0, here + there - (here - there) ** 2 / games)) / games
    return change, change - Z95 * spread, change + Z95 * spread


def tally_data(tally: Tally, ties: bool) -> dict[str, Any]:
    """A tally's figures; ``ties``: the game can share a win, so ties and losses are
    counted apart."""
    data: dict[str, Any] = {"wins": tally.wins} | _share(tally.wins, tally.games, "win")
    if ties:
        data |= {"ties": tally.ties} | _share(tally.ties, tally.games, "tie")
        data |= {"losses": tally.losses} | _share(tally.losses, tally.games, "loss")
    paired = paired_difference(tally.histograms, tally.games)
    if paired is not None:
        data["difference"] = dict(zip(("points", "ci_low", "ci_high"),
                                      (100 * value for value in paired), strict=True))
    return data | {
        "first_wins": tally.first_wins,
        "histograms": {name: dict(h.items()) for name, h in tally.histograms.items()},
    }


def run_data(setup: Setup, state: Run, kernel: Kernel) -> dict[str, Any]:
    """The JSON object of a run: its first tally at the top, and when it has several
    (seats, strategies) every one under ``setup.parts``."""
    data: dict[str, Any] = {
        "game": setup.game,
        "options": setup.options,
        "seed": state.seed,
        "games": state.done,
        "requested": state.games,
        "cancelled": state.cancelled,
        "workers": state.workers,
        "seconds": state.seconds,
        "compile_seconds": state.compile_seconds,
        "games_per_second": state.games_per_second,
    } | tally_data(state.tallies[0], kernel.shares_wins)
    if len(state.tallies) > 1:
        many, one = setup.parts
        data[many] = [{one: label} | tally_data(tally, kernel.shares_wins)
                      for label, tally in zip(kernel.labels, state.tallies, strict=True)]
    return data


def tallies_of(data: Mapping[str, Any], setup: Setup) -> list[Tally]:
    """The tallies a saved ``run_data`` object holds, to show a past run again."""
    games = int(data["games"])
    many, _ = setup.parts
    parts = data.get(many) or [data]
    tallies = []
    for part in parts:
        tally = Tally(games, int(part["wins"]), int(part.get("ties", 0)),
                      first_wins=[int(deal) for deal in part["first_wins"]])
        for name, counts in part["histograms"].items():
            tally.histograms[name] = Histogram()
            for value, count in counts.items():
                tally.histograms[name].add(int(value), int(count))
        if not 0 <= tally.wins + tally.ties <= games:
            raise ValueError(f"impossible figures: {tally.wins} wins in {games} games")
        tallies.append(tally)
    return tallies


def labels_of(data: Mapping[str, Any], setup: Setup) -> list[str]:
    many, one = setup.parts
    return [str(part[one]) for part in data[many]] if many in data else [""]
