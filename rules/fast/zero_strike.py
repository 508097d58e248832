"""The zero-strike search's beam, compiled: one pass further back for a whole layer.

The same construction as ``rules.zero_strike`` (``placements``, ``earlier_pass``,
``Stocks.back``), with the same draws in the same order, so a seed builds the same
stocks in both; the pure module stays the reference and drives this a layer at a
time. A layer is four arrays: the stocks' offsets (one row each, ``sizes`` of them
used), their starting offsets, and how many of each offset they hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
from numba import types, uint64
from numba.typed import Dict

from rules import zero_strike
from rules.cards import DECK_SIZE
from rules.fast.arrays import copied
from rules.fast.deals import shuffle, splitmix64
from rules.fast.jit import compiled
from rules.zero_strike import COPIES, DEFAULT_BEAM, UNIT, Beam, Found, Progress, Stock

S11 = uint64(11)
HASH_STEP = uint64(zero_strike.HASH_STEP)


@compiled
def placements(ranks: np.ndarray, size: int, start: int, matches: int,
               ways: np.ndarray) -> None:
    """``rules.zero_strike.placements`` into ways[:size + 1, :matches + 1]."""
    first = (start - size - matches) % 13
    ways[size, matches] = 1
    for i in range(size, -1, -1):
        for j in range(matches, -1, -1):
            if i == size and j == matches:
                continue
            total = 0
            if i < size and ranks[i] != (first + i + j) % 13:
                total += ways[i + 1, j]
            if j < matches:
                total += ways[i, j + 1]
            ways[i, j] = total


@compiled
def earlier_pass(ranks: np.ndarray, size: int, start: int, held: np.ndarray, matches: int,
                 ways: np.ndarray, out: np.ndarray, out_held: np.ndarray,
                 state: np.uint64) -> tuple[bool, np.uint64]:
    """``rules.zero_strike.earlier_pass`` into ``out`` and ``out_held``; False when
    it would hold a fifth card of some offset."""
    first = (start - size - matches) % 13
    copied(held, out_held)
    i = j = 0
    while i < size or j < matches:
        count = (first + i + j) % 13
        stay = ways[i + 1, j] if i < size and ranks[i] != count else 0
        total = stay + (ways[i, j + 1] if j < matches else 0)
        state, value = splitmix64(state)
        if float(value >> S11) * UNIT * float(total) < float(stay):
            out[i + j] = ranks[i]
            i += 1
        else:
            out_held[count] += 1
            if out_held[count] > COPIES:
                return False, state
            out[i + j] = count
            j += 1
    return True, state


@compiled
def _key(ranks: np.ndarray, size: int, start: int) -> np.uint64:
    key = uint64(start + 1)
    for i in range(size):
        key = (key ^ uint64(ranks[i] + 1)) * HASH_STEP
    return key


@compiled
def earlier_layer(ranks: np.ndarray, sizes: np.ndarray, starts: np.ndarray, held: np.ndarray,
                  samples: int, most: int, width: int, state: np.uint64) -> tuple[
        np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, int, np.uint64]:
    """The layer one pass back: for each stock, ``samples`` draws for each number of
    matches up to ``most``; repeats dropped, whole decks set apart, the rest shuffled
    and thinned to ``width`` of each size.

    Returns the new layer, the row in it of its first whole deck (-1 if none; the
    row is past the layer's end, after the ``len(sizes)`` kept), the draws made and
    the generator state. A repeat is judged by a 64-bit hash of the stock, as the
    pure module does.
    """
    room = len(sizes) * most * samples
    new_ranks = np.empty((room + 1, DECK_SIZE), np.int8)
    new_held = np.empty((room + 1, 13), np.int8)
    new_sizes = np.empty(room + 1, np.int64)
    new_starts = np.empty(room + 1, np.int64)
    ways = np.empty((DECK_SIZE + 1, most + 1), np.int64)
    seen = Dict.empty(key_type=types.uint64, value_type=types.int64)
    made = draws = 0
    whole = -1
    for s in range(len(sizes)):
        size = sizes[s]
        for matches in range(1, min(most, DECK_SIZE - size) + 1):
            placements(ranks[s], size, starts[s], matches, ways)
            if ways[0, 0] == 0:
                continue
            for _ in range(samples):
                ok, state = earlier_pass(ranks[s], size, starts[s], held[s], matches, ways,
                                         new_ranks[made], new_held[made], state)
                draws += 1
                if not ok:
                    continue
                new_sizes[made] = size + matches
                new_starts[made] = (starts[s] - size - matches) % 13
                key = _key(new_ranks[made], size + matches, new_starts[made])
                if key in seen:
                    continue
                seen[key] = made
                if size + matches == DECK_SIZE and whole < 0:
                    whole = made
                made += 1
    order = np.empty(made, np.int64)
    kept = np.int64(0)
    for row in range(made):
        if new_sizes[row] < DECK_SIZE:
            order[kept] = row
            kept += 1
    state = shuffle(order, kept, state)
    per_size = np.zeros(DECK_SIZE, np.int64)
    rows = np.empty(kept + 1, np.int64)
    count = 0
    for k in range(kept):
        size = new_sizes[order[k]]
        per_size[size] += 1
        if per_size[size] <= width:
            rows[count] = order[k]
            count += 1
    if whole >= 0:
        rows[count] = whole
    picked = rows[:count + (whole >= 0)]
    return (new_ranks[picked], new_sizes[picked], new_starts[picked], new_held[picked],
            count if whole >= 0 else -1, draws, state)


@dataclass(frozen=True)
class ArrayLayer:
    """A layer as arrays, for ``rules.zero_strike.search``: only a whole deck found
    becomes a ``Stock``."""

    beam: Beam
    ranks: np.ndarray
    sizes: np.ndarray
    starts: np.ndarray
    held: np.ndarray

    @classmethod
    def first(cls, beam: Beam) -> ArrayLayer:
        """The empty stock of the win."""
        return cls(beam, np.zeros((1, DECK_SIZE), np.int8), np.zeros(1, np.int64),
                   np.zeros(1, np.int64), np.zeros((1, 13), np.int8))

    def __len__(self) -> int:
        return len(self.sizes)

    def back(self, state: int) -> tuple[ArrayLayer, Stock | None, int, int]:
        ranks, sizes, starts, held, whole, draws, after = earlier_layer(
            self.ranks, self.sizes, self.starts, self.held, self.beam.samples,
            self.beam.most_matches, self.beam.width, np.uint64(state))
        stock = None
        if whole >= 0:
            stock = Stock(tuple(int(r) for r in ranks[whole]), int(starts[whole]),
                          tuple(int(h) for h in held[whole]))
            ranks, sizes, starts, held = ranks[:whole], sizes[:whole], starts[:whole], held[:whole]
        return ArrayLayer(self.beam, ranks, sizes, starts, held), stock, int(draws), int(after)


def search(seed: int, nodes: int, beam: Beam = DEFAULT_BEAM, *,
           progress: Callable[[Progress], None] | None = None,
           stop: Callable[[], bool] | None = None) -> Iterator[Found]:
    """``rules.zero_strike.search`` on compiled layers: the same games, far faster."""
    return zero_strike.search(seed, nodes, beam, first=ArrayLayer.first, progress=progress,
                              stop=stop)
