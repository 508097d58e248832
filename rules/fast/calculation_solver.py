"""Any game of the Calculation family solved with the order of its cards known: can a
position still be won?

A limited discrepancy search (``search``) over the family kernel's own moves
(``rules.fast.calculation``: ``_choices`` lists them, ``_apply`` makes them), so it
plays by the same rules as every other player of any description, compiled once for
the whole family. Its
answers are one-sided by construction:

- "won" comes with the line that wins, which the tests replay through the rules;
- "lost" only when every line was searched: the search has no cuts but sound ones,
  and stops as a whole when the node budget runs out (or a clock or cancel stops it),
  answering "unknown".

There are no cycles: every move puts a card on a foundation, moves the turned card
to a storage pile, or turns the stock, and passes are few. A position all of whose
moves lose is lost, and goes into a transposition table of 64-bit keys (open
addressing in a numpy array, emptied after each search through a log of the slots
it used). A key is the foundations' counts, the storage piles as a set (piles can
swap places without changing what can be won, so the hand card goes to one pile of
each content: one empty pile, say), the waste, the stock and the pass. Two positions
share a key with odds near 2^-64 a pair; that is the only way the table could call a
position lost wrongly.

A card no other foundation wants again goes to its foundation at once, as the only
move searched (``_forced``, proved there). Otherwise moves to foundations come first,
in the rules' order; then the turned card to the storage piles, best first by
Sequence's rule of thumb (``calculation_thumb``); a turn last. The rule of thumb only
orders: every move is searched before a position is called lost.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
from numba import uint64

from rules.calculation.description import Description
from rules.calculation.game import TURN, Move, State, ToFinal, ToStorage
from rules.cards import DECK_SIZE
from rules.fast import lanes
from rules.fast.arrays import copied
from rules.fast.calculation import (
    HAND,
    NEXT,
    PASS,
    SIZE,
    TO_STORAGE,
    TURNED,
    _apply,
    _choices,
    dealt_position,
    position,
    tables,
)
from rules.fast.calculation import TURN as TURN_SOURCE
from rules.fast.calculation_thumb import _places, _storage_order
from rules.fast.deals import splitmix64
from rules.fast.jit import compiled
from rules.fast.lanes import LANES
from rules.fast.watch import watched
from rules.roster import LOST, SOLVER_FIELDS, UNKNOWN, VERDICTS, WON, Solution

FIELDS = SOLVER_FIELDS  # a run's row (``deal_results``)

# control[PROGRESS]: nodes searched so far, written every CHECK_NODES; control[STOP]:
# set by a watcher (``rules.fast.watch``) to end the search, undecided.
STOP, PROGRESS, CONTROLS = 0, 1, 2
CHECK_NODES = 1 << 10
SMALLEST_TABLE, LARGEST_TABLE = 1 << 12, 1 << 22
PILE_SALT = uint64(0xCA1C0A7E)  # keeps a storage pile's hash apart from the rest's
# Most legal moves a position has: each storage top and the hand card to each
# foundation, the hand card to each storage pile, a turn.
MOST_MOVES = 9 * 9 + 8 + 8 + 1


def table_size(max_nodes: int) -> int:
    """A power of two with room for the positions a search of ``max_nodes`` marks lost
    at a low load (past it the table stops taking more, which only costs time)."""
    size = SMALLEST_TABLE
    while size < max_nodes and size < LARGEST_TABLE:
        size *= 2
    return size


@compiled
def _key(wanted: np.ndarray, placed: np.ndarray, storage: np.ndarray, heights: np.ndarray,
         waste: np.ndarray, stock: np.ndarray, counters: np.ndarray) -> np.uint64:
    """The position's key: every pile but the storage piles in order, those as a set
    (a sum of their hashes). Never 0, which marks an empty slot."""
    key = uint64(counters[PASS])
    for pile in range(len(placed)):
        key = splitmix64(key * uint64(wanted.shape[1] + 1) + uint64(placed[pile]))[1]
    for at in range(counters[TURNED]):
        key = splitmix64(key ^ uint64(waste[at]))[1]
    key = splitmix64(key ^ uint64(0xFF))[1]
    for at in range(counters[NEXT], counters[SIZE]):
        key = splitmix64(key ^ uint64(stock[at]))[1]
    for pile in range(len(heights)):
        hashed = PILE_SALT
        for at in range(heights[pile]):
            hashed = splitmix64(hashed ^ uint64(storage[pile, at]))[1]
        key += hashed
    marked: np.uint64 = key | uint64(1)
    return marked


@compiled
def _slot(table: np.ndarray, key: np.uint64) -> int:
    """Where ``key`` is in the table, or the empty slot where it would go (linear
    probing from the key's own slot)."""
    mask = len(table) - 1
    slot = np.int64(key & uint64(mask))
    while table[slot] != 0 and table[slot] != key:
        slot = (slot + 1) & mask
    return int(slot)


@compiled
def _seen(table: np.ndarray, key: np.uint64) -> bool:
    return bool(table[_slot(table, key)] == key)


@compiled
def _mark(table: np.ndarray, log: np.ndarray, filled: int, key: np.uint64) -> int:
    """Mark ``key`` lost, logging its slot; the table stops taking keys at half full.
    Returns how many slots are filled."""
    if 2 * filled >= len(table):
        return filled
    slot = _slot(table, key)
    if table[slot] == key:
        return filled
    table[slot] = key
    log[filled] = slot
    return filled + 1


@compiled
def _forced(place: np.ndarray, placed: np.ndarray, rank: int, target: int) -> bool:
    """Whether a card of ``rank`` going to foundation ``target`` is a move to make at
    once: no other foundation wants the rank again, so in any winning line the card
    goes there, and going now changes nothing else (a storage pile or the waste it
    leaves only has its next card free the sooner). One card a turn: with more, a
    card gone from the waste would regroup the next pass's turns."""
    for pile in range(len(placed)):
        if pile != target and place[pile, rank] >= placed[pile]:
            return False
    return True


@compiled
def _ordered(wanted: np.ndarray, settings: np.ndarray, placed: np.ndarray,
             storage: np.ndarray, heights: np.ndarray, waste: np.ndarray,
             counters: np.ndarray, place: np.ndarray, ends: np.ndarray,
             order: np.ndarray) -> int:
    """The moves to search, as picks of ``_choices``, into ``order``: a forced build
    alone (``_forced``); else the builds in the rules' order, then the storage moves
    (``_storage_order``), a turn last."""
    count, _, _ = _choices(wanted, settings, placed, storage, heights, waste, counters,
                           np.int64(-1))
    kept = np.int64(0)  # numpy's: a Python constant handed on compiles again
    stored_from = np.int64(-1)
    for pick in range(count):
        _, source, target = _choices(wanted, settings, placed, storage, heights, waste,
                                     counters, np.int64(pick))
        if target >= TO_STORAGE:
            if stored_from < 0:
                stored_from = pick
            continue
        if source == TURN_SOURCE:
            continue
        rank = waste[counters[TURNED] - 1] if source == HAND else storage[
            source, heights[source] - 1]
        if settings[2] == 1 and _forced(place, placed, rank, target):
            order[0] = pick
            return 1
        order[kept] = pick
        kept += 1
    if stored_from >= 0:
        kept = _storage_order(waste[counters[TURNED] - 1], place, ends, placed, storage,
                              heights, stored_from, order, kept)
    _, source, _ = _choices(wanted, settings, placed, storage, heights, waste, counters,
                            count - 1)
    if count and source == TURN_SOURCE:
        order[kept] = count - 1
        kept += 1
    return int(kept)


@compiled
def search(wanted: np.ndarray, settings: np.ndarray, placed: np.ndarray, storage: np.ndarray,
           heights: np.ndarray, waste: np.ndarray, stock: np.ndarray, counters: np.ndarray,
           table: np.ndarray, log: np.ndarray, path: np.ndarray, max_nodes: int,
           control: np.ndarray) -> tuple[int, int, int, int, int]:
    """Search the position (the kernel's arrays, left as they are): the verdict (a
    place in VERDICTS), the nodes searched, the most foundation cards of any position
    entered, the winning line's length in ``path`` (source, target a move) and the
    table's filled slots (their places in ``log``).

    A limited discrepancy search: the line of first moves, then the lines that leave
    it for a later move once, twice, … (a move's discrepancies are its place in its
    list), so that one bad early choice does not hold the budget. A position is marked
    lost only when none of its lines was left out by the limit; the search says "lost"
    once a round leaves nothing out. (Searching every line once few cards are left to
    turn, as Sequence's solver does, lost more deals than it won here: without its
    cuts a bad line's endgame takes a million positions.)"""
    piles = len(placed)
    depth = 2 * DECK_SIZE + settings[1] * (DECK_SIZE + 1) + 2
    p = np.empty((depth, piles), np.int64)
    s = np.empty((depth, storage.shape[0], DECK_SIZE), np.int64)
    h = np.empty((depth, len(heights)), np.int64)
    w = np.empty((depth, DECK_SIZE), np.int64)
    k = np.empty((depth, DECK_SIZE), np.int64)
    c = np.empty((depth, len(counters)), np.int64)
    keys = np.empty(depth, np.uint64)
    order = np.empty((depth, MOST_MOVES), np.int64)
    moves = np.zeros(depth, np.int64)
    tried = np.zeros(depth, np.int64)
    left = np.zeros(depth, np.int64)  # discrepancies the lines below may still take
    cut = np.zeros(depth, np.bool_)  # a line below was left out by the limit
    place, ends = _places(wanted)
    for pile in range(len(storage)):
        copied(storage[pile], s[0, pile])
    copied(placed, p[0])
    copied(heights, h[0])
    copied(counters, c[0])
    copied(waste, w[0])
    copied(stock, k[0])
    nodes, best, filled = 0, np.int64(0), np.int64(0)
    limit = 0
    while True:
        here = 0
        left[0], cut[0] = limit, False
        entering = True
        while True:
            if entering:
                entering = False
                nodes += 1
                held = p[here].sum()
                best = max(best, held)
                if held == DECK_SIZE:
                    return WON, nodes, best, here, filled
                if nodes % CHECK_NODES == 0:
                    control[PROGRESS] = nodes
                    if control[STOP]:
                        return UNKNOWN, nodes, best, 0, filled
                if nodes >= max_nodes:
                    return UNKNOWN, nodes, best, 0, filled
                keys[here] = _key(wanted, p[here], s[here], h[here], w[here], k[here],
                                  c[here])
                tried[here] = 0
                if _seen(table, keys[here]):
                    moves[here] = 0
                else:
                    moves[here] = _ordered(wanted, settings, p[here], s[here], h[here],
                                           w[here], c[here], place, ends, order[here])
            if tried[here] < moves[here]:
                if tried[here] > left[here]:  # every later move costs more
                    cut[here] = True
                    tried[here] = moves[here]
                    continue
                pick = order[here, tried[here]]
                below = here + 1
                left[below], cut[below] = left[here] - tried[here], False
                tried[here] += 1
                copied(p[here], p[below])  # not slice assignments: ``arrays.copied``
                copied(h[here], h[below])
                copied(c[here], c[below])
                for pile in range(len(heights)):
                    copied(s[here, pile, :h[here, pile]], s[below, pile])
                copied(w[here, :c[here, TURNED]], w[below])
                first, end = c[here, NEXT], c[here, SIZE]
                copied(k[here, first:end], k[below, first:])
                _, source, target = _choices(wanted, settings, p[below], s[below], h[below],
                                             w[below], c[below], pick)
                path[here, 0], path[here, 1] = source, target
                _apply(source, target, settings, p[below], s[below], h[below], w[below],
                       k[below], c[below])
                here = below
                entering = True
                continue
            if not cut[here]:  # every line searched: lost
                filled = _mark(table, log, filled, keys[here])
            if here == 0:
                break
            cut[here - 1] |= cut[here]
            here -= 1
        if not cut[0]:
            return LOST, nodes, best, 0, filled
        limit += 1


def lane(start: np.uint64, wanted: np.ndarray, dealt: np.ndarray, settings: np.ndarray,
         max_nodes: int, size: int, out: np.ndarray, claims: np.ndarray, index: int) -> None:
    """Deals start.. into out[deal, field] (fields as FIELDS), lane ``index`` claiming
    the next deal when free (``lanes.each_game``)."""
    placed = np.zeros(len(dealt), np.int64)
    storage = np.zeros((max(settings[0], 1), DECK_SIZE), np.int64)
    heights = np.zeros(settings[0], np.int64)
    waste = np.zeros(DECK_SIZE, np.int64)
    stock = np.zeros(DECK_SIZE, np.int64)
    counters = np.zeros(5, np.int64)
    table = np.zeros(size, np.uint64)
    log = np.empty(size // 2, np.int64)
    path = np.empty((2 * DECK_SIZE + settings[1] * (DECK_SIZE + 1) + 2, 2), np.int64)
    control = np.zeros(CONTROLS, np.int64)  # never stopped: a run stops between deals

    def play(game: int) -> None:
        dealt_position(start + np.uint64(game), dealt, settings, placed, heights, waste,
                       stock, counters)
        verdict, nodes, best, steps, filled = search(
            wanted, settings, placed, storage, heights, waste, stock, counters, table,
            log, path, np.int64(max_nodes), control)
        table[log[:filled]] = 0
        out[game] = (verdict == WON, best, steps, verdict == UNKNOWN, nodes, verdict == LOST)

    lanes.each_game(claims, int(index), play)


def deal_results(description: Description, start: int, count: int,
                 max_nodes: int) -> np.ndarray:
    """The solver's results for deals start.. of ``description``, a row of FIELDS each,
    played as ``lanes`` says (in a run, more rows or, stopped, fewer). won, unknown
    and lost are 0 or 1; final_cards is the most foundation cards of any position the
    search entered (all of them for a won deal); moves is the winning line's length."""
    wanted, dealt, settings = tables(description)
    claims = lanes.begin(count)
    out = np.empty((lanes.limit(), len(FIELDS)), np.int64)
    lanes.fan_out(lane, int(claims[LANES]), np.uint64(start), wanted, dealt, settings,
                  max_nodes, table_size(max_nodes), out, claims)
    return out[:lanes.played()]


def _move(source: int, target: int) -> Move:
    if source == TURN_SOURCE:
        return TURN
    if target >= TO_STORAGE:
        return ToStorage(target - TO_STORAGE)
    return ToFinal(None if source == HAND else source, target)


def solve(state: State, *, max_nodes: int, max_seconds: float | None = None,
          stop: Callable[[], bool] | None = None,
          progress: Callable[[int], None] | None = None) -> Solution[Move]:
    """Whether ``state`` can still be won, knowing its stock, with a winning line when
    it can. The verdict depends on the position and ``max_nodes`` alone (the same on
    any machine); ``max_seconds`` (counted once the search is compiled) and ``stop()``
    may end it sooner, undecided, and the solution says it was stopped;
    ``progress(nodes)`` hears how far it got."""
    wanted, _, settings = tables(state.options)
    at = position(state)
    size = table_size(max_nodes)  # fresh: its pages are touched only as positions are lost
    table, log = np.zeros(size, np.uint64), np.empty(size // 2, np.int64)
    path = np.empty((2 * DECK_SIZE + state.options.passes * (DECK_SIZE + 1) + 2, 2), np.int64)
    control = np.zeros(CONTROLS, np.int64)
    if not search.signatures:  # compiled (or loaded) before any clock starts
        search(wanted, settings, *at, table, log, path, 1, control.copy())
    with watched(control, STOP, PROGRESS, max_seconds, stop, progress) as began:
        verdict, nodes, _, steps, _ = search(wanted, settings, *at, table, log,
                                             path, max_nodes, control)
    line = tuple(_move(source, target) for source, target in path[:steps].tolist())
    return Solution(VERDICTS[verdict], line, int(nodes), time.perf_counter() - began,
                    stopped=verdict == UNKNOWN and nodes < max_nodes and bool(control[STOP]))
