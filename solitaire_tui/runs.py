"""An autoplay run as the command line and the statistics panel both describe it: a
game with its options, checked, ready to become a compiled kernel; and a run's
figures as one JSON object.

Both front ends build their runs here from the same options and report them with
the same ``run_data``, so the panel shows exactly what ``stats --json`` prints. The
kernels themselves (numba) load only when ``make_kernel`` is called.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules import add_residue, hit_or_miss, relay
from rules.errors import OptionsError
from rules.stats import Histogram, Tally, wilson_interval
from rules.strategies import add_residue as add_residue_players
from rules.strategies import check_name
from rules.strategies import sequence as sequence_players
from rules.strategies.add_residue_search import check_solvable
from solitaire_tui import headless
from solitaire_tui.decks import RANDOM_DEALS
from solitaire_tui.games import GAMES_BY_KEY

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
    parts: tuple[str, str] = ("seats", "seat")  # how the JSON names a run's several tallies


def kernels() -> Any:
    """The kernel registry, imported on first use (it loads numba)."""
    from rules.fast import kernels

    return kernels


def _strategies(value: Any, names: Sequence[str], game: str) -> list[str]:
    if not isinstance(value, list) or not value:
        raise OptionsError(f"{game} needs at least one computer player:"
                           f" {', '.join(names)}")
    return [check_name(str(name), names, game) for name in value]


def _whole(options: Mapping[str, Any], name: str, default: int) -> int:
    value = options.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionsError(f"{name} must be a whole number, not {value!r}")
    return value


def setup(game: str, options: Mapping[str, Any]) -> Setup:
    """The run a game's options describe; options the rules refuse raise their
    error, in the rules' own words."""
    if game == "hit-or-miss":
        try:
            order = hit_or_miss.PassOrder(options.get("order", "same"))
        except ValueError:
            orders = ", ".join(o.value for o in hit_or_miss.PassOrder)
            raise OptionsError(f"the pass order is one of {orders},"
                               f" not {options.get('order')!r}") from None
        rules = hit_or_miss.Options(hit_or_miss.parse_variant(
            str(options.get("variant", "unlimited"))), order)
        return Setup(game, {"variant": rules.variant, "order": order.value},
                     headless.hit_or_miss_title(rules),
                     lambda: kernels().hit_or_miss_kernel(rules), rules)
    if game == "relay":
        players = relay.Options(_whole(options, "players", relay.Options.players))
        return Setup(game, {"players": players.players}, headless.relay_title(players),
                     lambda: kernels().relay_kernel(players), players)
    if game == "one-handed":
        return Setup(game, {}, GAMES_BY_KEY[game].title,
                     lambda: kernels().one_handed_kernel())
    if game == "sequence":
        strategies = _strategies(options.get("strategies", ["greedy"]),
                                 sequence_players.NAMES, "Sequence Solitaire")
        if len(set(strategies)) < len(strategies):
            raise OptionsError("name each Sequence Solitaire player once")
        return Setup(game, {"strategies": strategies}, headless.sequence_title(strategies),
                     lambda: kernels().sequence_strategies_kernel(strategies),
                     parts=("strategies", "strategy"))
    if game == "add-residue":
        table = add_residue.Options(_whole(options, "players", add_residue.Options.players),
                                    _whole(options, "n", add_residue.Options.n))
        seats = seat_players(_strategies(options.get("strategies", ["greedy"]),
                                         add_residue_players.NAMES, "Add/Residue"),
                             table.players)
        if "perfect" in seats:
            check_solvable(table)
        return Setup(game, {"players": table.players, "n": table.n, "strategies": seats},
                     headless.add_residue_title(table, seats),
                     lambda: kernels().add_residue_kernel(table, seats), table)
    raise OptionsError(f"there is no game called {game!r}")


def seat_players(names: list[str], players: int) -> list[str]:
    """A computer player for each seat: one name serves them all."""
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise OptionsError(f"give the computer player once, or once for each of the"
                           f" {players} seats, not {len(names)} times")
    return names


def parse_games(text: str) -> int:
    """A number of games as typed: 1000000, 1_000_000, 1,000,000 or 1e6 (but not
    2.5 games)."""
    cleaned = text.strip().replace("_", "").replace(",", "")
    try:
        value = float(cleaned) if "e" in cleaned.lower() else int(cleaned)
    except ValueError:
        value = -1
    if value < 1 or value != int(value):
        raise OptionsError(f"a number of games is a whole number such as 1000000, 1_000_000"
                           f" or 1e6, not {text!r}")
    return int(value)


# --- a run's figures as JSON ---------------------------------------------------------


def _share(count: int, games: int, name: str) -> dict[str, Any]:
    low, high = wilson_interval(count, games)
    rate = count / games if games else None
    prefix = "" if name == "win" else f"{name}_"
    return {f"{name}_rate": rate, f"{prefix}ci_low": low, f"{prefix}ci_high": high}


def tally_data(tally: Tally, ties: bool) -> dict[str, Any]:
    """A tally's figures; ``ties``: the game can share a win, so ties and losses are
    counted apart."""
    data: dict[str, Any] = {"wins": tally.wins} | _share(tally.wins, tally.games, "win")
    if ties:
        data |= {"ties": tally.ties} | _share(tally.ties, tally.games, "tie")
        data |= {"losses": tally.losses} | _share(tally.losses, tally.games, "loss")
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
