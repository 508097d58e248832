"""Players for the games with choices (Sequence Solitaire, Add/Residue).

A player is an object with ``choose(state) -> move``. Seeded players draw from the
project's splitmix64 generator, so a seed and a deal replay the same game here and
in the compiled kernels.
"""

from rules.strategies.base import Player, RandomPlayer

__all__ = ["Player", "RandomPlayer"]
