"""Players for the games with choices (Sequence Solitaire, Add/Residue).

A player is an object with ``choose(state) -> move``. Seeded players draw from the
project's splitmix64 generator, so a seed and a deal replay the same game here and
in the compiled kernels.

Each game lists its own players by name (``NAMES`` in its module), the two basic
ones first: the kernels' codes are positions in that list, so greedy is 0 and
random is 1 in every game.
"""

from collections.abc import Sequence

from rules.errors import OptionsError
from rules.strategies.base import Player, RandomPlayer

BASIC = ("greedy", "random")  # the players every game with choices offers, by name


def check_name(name: str, names: Sequence[str], game: str) -> str:
    """``name`` if it is one of ``names``; ``game`` is for the message."""
    if name not in names:
        raise OptionsError(f"{game}'s computer players are {', '.join(names)}, not {name!r}")
    return name


__all__ = ["BASIC", "Player", "RandomPlayer", "check_name"]
