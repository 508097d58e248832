"""The computer players the kernels play, by the names the command line gives them.

Kernels take small integers, not names: one table for every kernel keeps a name
meaning the same player in each.
"""

from __future__ import annotations

from rules.errors import OptionsError

GREEDY, RANDOM = 0, 1
CODES = {"greedy": GREEDY, "random": RANDOM}


def code(name: str, game: str) -> int:
    """The kernels' code for the player called ``name`` in ``game`` (for the message)."""
    if name not in CODES:
        raise OptionsError(f"{game}'s computer players are {' and '.join(CODES)}, not {name!r}")
    return CODES[name]
