"""The computer players the kernels play, by the names the command line gives them.

Kernels take small integers, not names: a player's code is its place in its game's
``NAMES``, which lists the basic players first, so these two codes hold in every
game.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.strategies import BASIC, check_name

GREEDY, RANDOM = BASIC.index("greedy"), BASIC.index("random")


def code(name: str, names: Sequence[str], game: str) -> int:
    """The kernels' code for the player called ``name`` among ``game``'s ``names``."""
    return list(names).index(check_name(name, names, game))
