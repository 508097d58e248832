"""Players for the games with choices (Sequence Solitaire, Add/Residue).

A player is an object with ``choose(state) -> move``. Seeded players draw from the
project's splitmix64 generator, so a seed and a deal replay the same game here and
in the compiled kernels. The players by name, and what they think with, are in
``rules.roster``; the strong players call the compiled kernels (``rules.fast``),
loading numba on their first move.
"""

from rules.players.base import Player, RandomPlayer

__all__ = ["Player", "RandomPlayer"]
