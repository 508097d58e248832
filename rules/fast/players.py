"""The computer players the kernels play, by the names the command line gives them.

Kernels take small integers, not names: one table for every kernel keeps a name
meaning the same player in each.
"""

from __future__ import annotations

from rules.strategies import NAMES, check_name

CODES = {name: code for code, name in enumerate(NAMES)}
GREEDY, RANDOM = CODES["greedy"], CODES["random"]


def code(name: str, game: str) -> int:
    """The kernels' code for the player called ``name`` in ``game`` (for the message)."""
    return CODES[check_name(name, game)]
