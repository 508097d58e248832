"""Deal numbers and the splitmix64 generator, compiled.

The same arithmetic as ``rules.cards``, in unsigned 64-bit numbers that wrap as the
generator wants. Every constant is a ``uint64``: numba turns a mix of signed and
unsigned integers into floats, which would silently break the deals.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from rules.fast.jit import compiled

GOLDEN = uint64(0x9E3779B97F4A7C15)
MIX1 = uint64(0xBF58476D1CE4E5B9)
MIX2 = uint64(0x94D049BB133111EB)
S27, S30, S31, S32 = uint64(27), uint64(30), uint64(31), uint64(32)
# RANK_OF[i], SUIT_OF[i]: the rank and suit of card index i, as rules.cards numbers them.
RANK_OF = np.array([i % 13 + 1 for i in range(52)], dtype=np.int8)
SUIT_OF = np.array([i // 13 for i in range(52)], dtype=np.int8)


@compiled
def splitmix64(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    state = state + GOLDEN
    z = state
    z = (z ^ (z >> S30)) * MIX1
    z = (z ^ (z >> S27)) * MIX2
    return state, z ^ (z >> S31)


@compiled
def below(state: np.uint64, bound: int) -> tuple[np.uint64, int]:
    state, value = splitmix64(state)
    return state, int(((value >> S32) * uint64(bound)) >> S32)


@compiled
def shuffle(items: np.ndarray, size: int, state: np.uint64) -> np.uint64:
    """Fisher-Yates from the end over items[:size], as ``rules.cards.shuffle``."""
    for i in range(size - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


@compiled
def deal_into(deal: np.uint64, out: np.ndarray) -> None:
    """Card indices 0..51 of deal ``deal`` into ``out``, top card first."""
    for i in range(52):
        out[i] = i
    shuffle(out, np.int64(52), deal)
