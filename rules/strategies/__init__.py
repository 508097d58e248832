"""Players for the games with choices (Sequence Solitaire, Add/Residue).

A player is an object with ``choose(state) -> move``. Seeded players draw from the
project's splitmix64 generator, so a seed and a deal replay the same game here and
in the compiled kernels.
"""

from rules.errors import OptionsError
from rules.strategies.base import Player, RandomPlayer

NAMES = ("greedy", "random")  # the players every game with choices offers, by name


def check_name(name: str, game: str) -> str:
    """``name`` if it names a player; ``game`` is for the message."""
    if name not in NAMES:
        raise OptionsError(f"{game}'s computer players are {' and '.join(NAMES)}, not {name!r}")
    return name


__all__ = ["NAMES", "Player", "RandomPlayer", "check_name"]
