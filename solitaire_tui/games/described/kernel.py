"""The described games in bulk: one compiled kernel for the whole family, which
takes the description as data (``rules.fast.calculation``), so that a game described
anew adds no compile."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources

from rules.calculation.description import Description, parse
from rules.fast import calculation as fast
from rules.fast.batch import Kernel
from rules.fast.kernels import one_reading, side_by_side


def kernel(description: Description, strategies: Sequence[str]) -> Kernel:
    """Each player on the same deals of ``description``'s game, a tally each."""
    return side_by_side([_player_kernel(description, name) for name in strategies],
                        strategies)


def _player_kernel(description: Description, strategy: str) -> Kernel:
    return one_reading(
        lambda start, count: fast.deal_results(description, start, count, strategy),
        fast.FIELDS, ("final_cards",))


def warm() -> None:
    """Compile the family's kernel (an ``engine.Part``): one deal of one game compiles
    it for every description."""
    text = resources.files("rules.calculation").joinpath("games/calculation.toml")
    kernel(parse(text.read_text(encoding="utf-8")), ("greedy",)).results(0, 1)
