"""Sequence Solitaire solved with the deck order known: can a position still be won?

A depth-first search over ``rules.sequence``'s moves, in the array form of
``rules.fast.sequence`` (``wants`` masks, storage piles on a NOTHING card). Its
answers are one-sided by construction:

- "won" comes with the line that wins, which the tests replay through the rules;
- "lost" only when every move was searched (up to the sound cuts below): the search
  stops as a whole when the node budget runs out, and a position some of whose moves
  were left out by the discrepancy limit is never marked lost, so nothing marked
  lost was cut short; an undecided answer is "unknown".

A position is lost when all its moves lead to lost positions; there are no cycles,
as every move turns a card or fills a final pile. Lost positions go into a
transposition table of 64-bit keys (open addressing in a numpy array). A key is the
deck place, the four final counts and the storage piles, with the piles summed as a
set: any two storage piles can swap places without changing what can be won, so a
position and its pile permutations share one key, and moving the hand card to
storage tries one pile of each distinct content (one empty pile, say). Two positions
share a key with odds near 2^-64 per pair; that is the only way the table could
call a position lost wrongly.

The cuts, each proved where it is made:
- ``forced``: a card no other pile will ever need goes to its pile at once;
- ``stuck``: cards that can provably never reach a final pile make it lost;
- ``tangled``: storage piles that cannot be emptied in any order, even with every
  card to turn at hand, make it lost (tried in the searches with no limit).

Moves to final piles are tried first (onto the pile that moves on soonest,
``_final_choice``), then the hand card to storage, best pile first by the fair
player's rule of thumb (``_storage_order``); positions, moves and keys are in
``sequence_positions``. The search (``deepen``) is a limited discrepancy search:
the line that follows the first moves, then the lines that leave it once, twice, …
(a move's discrepancies are its place in its list, ``_cost``), so a bad early turn
does not hold the budget; it is exhaustive, and can say "lost", once no line is left
out. After PILOT_AFTER discrepancies, searches that only find wins take their turn
(FINDERS): the pilot method (``pilot``) and a beam search (``sequence_beam``), each
level or width dearer than the one before, before the search widens on.

Measured on deals 0..999 at the default budget of 12,000,000 (``python -m
rules.fast.sequence_solver --deals 0:1000``): 998 won, 2 unknown, none proved lost;
median 2,111 nodes (1.6 ms; 2.0 ms before the small helpers were compiled
into it, ``inlined``), p90 49 ms, p99 0.49 s, the slowest 11 s. Deals 0..9999:
9,991 won, 9 unknown; 10000..19999: 9,995 won, 5 unknown (at 3,000,000: 9,968 of
0..9999; the level-3 pilot wins most hard deals in 3 to 10 million nodes, and the
finders' order was measured at that budget too: beams of 1024 and 4096 before the
pilot left 39 of 0..9999 unknown, against 32). Before the beams, the rule of thumb
of the fair player, tests of ``stuck`` after bad covers only and the table used from
its front, with a budget of 1,500,000: 992 of 0..999 won, median 2,658 nodes (2.8
ms). The unknowns are hard wins, not losses this search fails to prove: seven of
the nine of 0..9999 are won by a wider beam.
"""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import numpy as np
from numba import uint64

from rules import sequence
from rules.cards import DECK_SIZE
from rules.fast import lanes
from rules.fast.jit import compiled, inlined
from rules.fast.lanes import LANES
from rules.fast.sequence import NOTHING, PILES, deal_ranks
from rules.fast.sequence_beam import beam
from rules.fast.sequence_positions import (
    CHECK_NODES,
    CONTROLS,
    EARLIER,
    GOAL,
    HAND,
    MOST_MOVES,
    PROGRESS,
    STEPS_PER_MOVE,
    STOP,
    TABOO,
    _counts,
    _covers_badly,
    _generate,
    _key,
    _play,
    _unplay,
)
from rules.fast.sequence_proofs import RANKS, RELAXED_NODES, RELAXED_TABLE, stuck, tangled
from rules.fast.watch import watched
from rules.roster import LOST, SOLVER_FIELDS, UNKNOWN, VERDICTS, WON, Solution
from rules.roster import SOLVER_NODES as DEFAULT_NODES
from rules.sequence import Move, State, ToFinal, ToStorage

FIELDS = SOLVER_FIELDS  # a run's row (``deal_results``)

# Discrepancies searched before the searches that only find wins (``FINDERS``): with
# pilots of three levels, 3 left 6 deals of 0..999 unknown, 1 and 2 left 9, 4 left 7.
# Searching with no limit at all after the pilots (a plain depth-first search) left 16
# with two levels.
PILOT_AFTER = 3
# Those searches in turn, each (PILOT, level) or (BEAM, width) (``pilot``,
# ``sequence_beam.beam``), each costing about a hundred (pilots) or four (beams) times
# the one before: the cheap ones settle most deals, the dear ones are reached by few.
# Level 2 wins deals 71, 267, 318, 320, 357 that level 1 does not; level 3 wins 8 of
# the 14 deals of 0..999 that level 2 leaves unknown; level 4 wins no more of them.
PILOT, BEAM = 0, 1
# Cards left to turn, at most, where the search goes on with no limit instead: near
# the end wins are few and near the first line, and a loss is proved only by searching
# every line, which the finders would spend the budget before. 14: the hand card and
# 13 in the deck, as the screen counts them ("deck 13"); why not more: docs/TUNING.md.
SEARCHED_WHOLE = 14
FINDERS = ((PILOT, 1), (PILOT, 2), (BEAM, 64), (BEAM, 256), (PILOT, 3), (BEAM, 1024))
SPARE_KEPT = 2  # tables kept for the next searches (a hint and a peek may overlap)
_SPARE: list[tuple[np.ndarray, np.ndarray]] = []
_SPARE_LOCK = threading.Lock()
SMALLEST_TABLE, LARGEST_TABLE = 1 << 12, 1 << 22


@inlined
def _in_use(table: np.ndarray, filled: int) -> int:
    """How much of the table, from its start, a search with ``filled`` positions
    marked lost keeps them in: at most a quarter full, never below SMALLEST_TABLE. A
    small search then touches a few cache lines, not a table sized for the whole
    budget (a 2^20-slot table cost a tenth of a median deal's time in cache misses)."""
    size = SMALLEST_TABLE
    while size < len(table) and 4 * filled >= size:
        size *= 2
    return min(size, len(table))


@inlined
def _slot(table: np.ndarray, size: int, key: np.uint64) -> int:
    """Where ``key`` is in the table's first ``size`` slots (a power of two), or the
    empty slot where it would go."""
    mask = uint64(size - 1)
    slot = key & mask
    while table[slot] != 0 and table[slot] != key:
        slot = (slot + uint64(1)) & mask
    return int(slot)


@inlined
def _known_lost(table: np.ndarray, filled: int, key: np.uint64) -> bool:
    """Whether the position of ``key`` was marked lost."""
    return bool(table[_slot(table, _in_use(table, filled), key)] != 0)


@compiled
def _mark_lost(table: np.ndarray, log: np.ndarray, filled: int, key: np.uint64) -> int:
    """Record a lost position; returns the new fill. A half-full table takes no
    more: a position left out is only searched again, never misjudged. When the
    part in use (``_in_use``) grows, its positions move to their slots in the larger
    part, so the fill alone says where every position is."""
    if filled >= len(log):
        return filled
    size = _in_use(table, filled)
    slot = _slot(table, size, key)
    if table[slot] != 0:
        return filled
    table[slot] = key
    log[filled] = slot
    filled += 1
    grown = _in_use(table, filled)
    if grown > size:
        keys = table[log[:filled]]
        table[log[:filled]] = 0
        for i in range(filled):
            slot = _slot(table, grown, keys[i])
            table[slot] = keys[i]
            log[i] = slot
    return filled


@inlined
def _cost(moves: np.ndarray, index: int) -> int:
    """The discrepancies of taking a position's move ``index`` (``search``): its
    place in the list, best first, so the third of four storage piles counts as
    much as two second choices; a taboo, the only other choice there is, one."""
    return 1 if index and moves[index, 1] >= TABOO else index


@inlined
def _row_copied(source: np.ndarray, target: np.ndarray) -> None:
    """``target[:] = source`` for a row of taboos, element by element: an array's slice
    assignment compiles numba's shape check and its error message, seconds of the
    solver's compile (``sequence.copied``)."""
    for index in range(PILES + 1):
        target[index] = source[index]


@compiled
def search(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
           placed: np.ndarray, table: np.ndarray, log: np.ndarray, filled: int,
           path: np.ndarray, max_nodes: int, limit: int, control: np.ndarray,
           root_taboo: np.ndarray) -> tuple[int, int, int, int, int, bool]:
    """Search the position within ``limit`` discrepancies: deck ranks with the hand
    card at ``dealt`` (past the end: no hand card), storage ranks in
    storage[pile, 1..heights[pile]] (column 0 is NOTHING) and ``placed`` cards on
    each final pile. The arrays are worked in place and left as they came. ``table``
    (a power of two in size) holds lost positions, none at first or those of an
    earlier search of the same position; ``log`` lists the ``filled`` slots used (it
    is half the table's size: its capacity), for the caller to empty the table.
    ``path`` has a row per step of the longest line (STEPS_PER_MOVE for each card
    left to turn or to place on a final pile). ``control`` is how another thread
    watches and stops a search (``solve``): every CHECK_NODES nodes the search writes
    control[EARLIER] (the nodes of earlier searches) plus its own to
    control[PROGRESS], and it ends, undecided, once control[STOP] is set.
    ``root_taboo`` holds the position's taboos (``_generate``), by source.

    A line's discrepancies are how many of its moves are not the first of their
    position's list (``_generate``, best first); moves past ``limit`` are not tried,
    and a position with such a move left out is "cut": it is not marked lost, nor is
    any position above it, so the table keeps only exhaustive losses, valid for any
    later limit.

    Returns (verdict as a place in VERDICTS, nodes, most final cards seen, steps of
    the winning line written to ``path`` as (source, target) rows, taboos included,
    slots now used in ``log``, whether the search was cut). LOST with a cut means
    only: no win within ``limit``.
    """
    depth_limit = len(path) + 1
    whole = limit >= len(path)  # no line is left out
    moves = np.empty((depth_limit, MOST_MOVES, 2), np.int64)
    counts = np.zeros(depth_limit, np.int64)
    tried = np.zeros(depth_limit, np.int64)
    spent = np.zeros(depth_limit, np.int64)  # discrepancies on the way to a depth
    cut = np.zeros(depth_limit, np.bool_)
    keys = np.zeros(depth_limit, np.uint64)
    taboos = np.zeros((depth_limit, PILES + 1), np.int64)  # taboos[depth]: on entering it
    _row_copied(root_taboo, taboos[0])
    wants, left, pile_hash = _counts(deck, dealt, storage, heights, placed)
    keep = np.zeros(PILES, np.int64)
    coming = np.zeros(RANKS, np.int64)
    held = np.zeros(RANKS, np.int64)
    free = np.zeros(RANKS, np.int64)
    seen = np.zeros(RELAXED_TABLE if whole else 1, np.int64)
    trail = np.zeros(RELAXED_NODES if whole else 1, np.int64)
    nodes = depth = best_depth = 0
    best = placed.sum()
    verdict = UNKNOWN
    while True:
        # Entering the position at ``depth``: decide it or list its moves.
        nodes += 1
        taboo = taboos[depth]
        on_finals = placed.sum()
        if on_finals > best:
            best, best_depth = on_finals, depth
        keys[depth] = _key(deck, dealt, storage, heights, placed, wants, taboo, pile_hash)
        counts[depth] = tried[depth] = 0
        cut[depth] = False
        if on_finals == GOAL:
            verdict = WON
            break
        if not _known_lost(table, filled, keys[depth]):
            # Looked for only where a card was just covered badly, where deadlocks
            # mostly start (skipping a test only cuts less, ``_covers_badly``): at
            # every node it cost 40% of the time for no more deals decided. A search
            # with no limit is after a proof, and there every cut counts: ``stuck``
            # at every node (32 of the endgame probe's 100 positions were proved lost
            # within 3,000,000 nodes, against 29: the peek series of ``bench --engine
            # searches``), and the relaxed game (``tangled``, tens of microseconds)
            # wherever a card was put on storage, the move that ties cards up; tried
            # after moves to final piles too it decided no more of them. With it all
            # 100 are decided, in 1.3 s together, where 48 stayed undecided at
            # 12,000,000 nodes each.
            onto_storage = depth == 0 or PILES <= path[depth - 1, 1] < TABOO
            if ((whole or depth == 0
                    or _covers_badly(storage, heights, placed, path[depth - 1, 1]))
                    and stuck(storage, heights, placed, left, keep, coming, held, free)) \
                    or (whole and onto_storage
                        and tangled(storage, heights, placed, left, seen, trail)):
                filled = _mark_lost(table, log, filled, keys[depth])
            else:
                counts[depth] = _generate(deck, dealt, storage, heights, placed, wants, left,
                                          taboo, moves[depth])
                if counts[depth] == 0:
                    filled = _mark_lost(table, log, filled, keys[depth])
        # Back up past exhausted positions to the next move to try.
        while True:
            if (tried[depth] < counts[depth]
                    and spent[depth] + _cost(moves[depth], tried[depth]) > limit):
                cut[depth] = True
                tried[depth] = counts[depth]
            if tried[depth] < counts[depth]:
                break
            if counts[depth] > 0 and not cut[depth]:
                filled = _mark_lost(table, log, filled, keys[depth])
            if depth == 0:
                verdict = LOST
                break
            depth -= 1
            cut[depth] |= cut[depth + 1]
            dealt = _unplay(dealt, storage, heights, placed, wants, left, pile_hash,
                            path[depth, 0], path[depth, 1])
        if verdict == LOST or nodes >= max_nodes:
            break
        if nodes % CHECK_NODES == 0:
            control[PROGRESS] = control[EARLIER] + nodes
            if control[STOP]:
                break
        source, target = moves[depth, tried[depth], 0], moves[depth, tried[depth], 1]
        spent[depth + 1] = spent[depth] + _cost(moves[depth], tried[depth])
        tried[depth] += 1
        path[depth, 0], path[depth, 1] = source, target
        _row_copied(taboos[depth], taboos[depth + 1])
        dealt = _play(deck, dealt, storage, heights, placed, wants, left, taboos[depth + 1],
                      pile_hash, source, target)
        depth += 1
    # With no discrepancy there is one line: the steps to its best position are kept.
    length = depth if verdict == WON else (best_depth if limit == 0 else 0)
    while depth > 0:  # leave the arrays as they came
        depth -= 1
        dealt = _unplay(dealt, storage, heights, placed, wants, left, pile_hash,
                        path[depth, 0], path[depth, 1])
    return verdict, nodes, best, length, filled, bool(cut[0])


@compiled
def pilot(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
          placed: np.ndarray, table: np.ndarray, log: np.ndarray, filled: int,
          path: np.ndarray, max_nodes: int, control: np.ndarray, level: int,
          root_taboo: np.ndarray) -> tuple[int, int, int, int, int]:
    """The pilot method, nested: from each position of its line every move is played
    out by the pilot of the level below (level 0: the best-first line, ``search``
    with no discrepancy), and the line goes on by the move whose play-out came
    nearest to winning (most final cards), or by the best line found so far when none
    beats it, so it ends no worse than any line it has seen. It finds wins far from
    the best-first line, which a limited discrepancy search reaches only through
    every combination of fewer discrepancies; it never proves a loss. Returns as
    ``search`` without the cut: WON with its line in ``path``, or UNKNOWN with the
    best line found.

    The levels are kept in arrays, level ``level`` at the top, each one's line going
    on from where the level above tries a move (a pilot that called itself crashed
    numba's parallel batch). Each level costs about a hundred times the one below.
    """
    wants, left, pile_hash = _counts(deck, dealt, storage, heights, placed)
    top = max(level, 1)
    start = np.zeros(top + 1, np.int64)  # where in ``path`` each level's line starts
    at = np.zeros(top + 1, np.int64)  # where it has got
    tried = np.zeros(top + 1, np.int64)  # the move its position is trying
    counts = np.zeros(top + 1, np.int64)
    moves = np.empty((top + 1, MOST_MOVES, 2), np.int64)
    taboo = np.zeros((top + 1, PILES + 1), np.int64)  # at each level's position
    kept = np.empty((top + 1, len(path), 2), np.int64)  # each level's best line
    kept_score = np.full(top + 1, -1, np.int64)  # its final cards; GOAL + 1 won
    kept_length = np.zeros(top + 1, np.int64)
    best = np.zeros(top + 1, np.int64)  # the most final cards each level has seen
    earlier = control[EARLIER]
    nodes = 0
    best[top] = placed.sum()
    _row_copied(root_taboo, taboo[top])
    here = top  # the level whose position is the arrays' now
    outcome = reached = steps = 0
    fresh = True  # ``here`` is at a position of its line not looked at yet
    while True:
        if fresh:
            fresh = False
            counts[here] = 0
            if nodes < max_nodes and not control[STOP] and placed.sum() < GOAL:
                counts[here] = _generate(deck, dealt, storage, heights, placed, wants, left,
                                         taboo[here], moves[here])
            tried[here] = 0
        elif tried[here] < counts[here]:
            # A play-out of move tried[here] has just ended (outcome, reached, steps).
            source, target = moves[here, tried[here], 0], moves[here, tried[here], 1]
            dealt = _unplay(dealt, storage, heights, placed, wants, left, pile_hash,
                            source, target)
            best[here] = max(best[here], reached)
            control[PROGRESS] = earlier + nodes
            length = at[here] + 1 + steps - start[here]
            score = GOAL + 1 if outcome == WON else reached
            if score > kept_score[here]:
                kept_score[here], kept_length[here] = score, length
                for step in range(length):  # not a slice's assignment: _row_copied
                    kept[here, step, 0] = path[start[here] + step, 0]
                    kept[here, step, 1] = path[start[here] + step, 1]
            tried[here] += 1
            if outcome == WON or nodes >= max_nodes:
                tried[here] = counts[here]
        if tried[here] < counts[here]:  # play the next move out from the level below
            source, target = moves[here, tried[here], 0], moves[here, tried[here], 1]
            below = here - 1
            _row_copied(taboo[here], taboo[below])
            path[at[here], 0], path[at[here], 1] = source, target
            dealt = _play(deck, dealt, storage, heights, placed, wants, left, taboo[below],
                          pile_hash, source, target)
            control[EARLIER] = earlier + nodes
            if below == 0:
                outcome, spent, reached, steps, filled, _ = search(
                    deck, dealt, storage, heights, placed, table, log, filled,
                    path[at[here] + 1:], max_nodes - nodes, np.int64(0), control, taboo[below])
                nodes += spent
            else:
                here = below
                start[here] = at[here] = at[here + 1] + 1
                kept_score[here], kept_length[here] = -1, 0
                best[here] = placed.sum()
                fresh = True
            continue
        # Every move of the position is played out: go on by the best line, or end.
        goes_on = (counts[here] > 0 and kept_score[here] < GOAL + 1
                   and kept_length[here] > at[here] - start[here])
        if goes_on:
            source, target = kept[here, at[here] - start[here]]
            path[at[here], 0], path[at[here], 1] = source, target
            dealt = _play(deck, dealt, storage, heights, placed, wants, left, taboo[here],
                          pile_hash, source, target)
            at[here] += 1
            fresh = True
            continue
        # The level ends: its line taken back, its best line left in ``path``.
        if placed.sum() == GOAL:
            kept_score[here], kept_length[here] = GOAL + 1, at[here] - start[here]
            for step in range(kept_length[here]):
                kept[here, step, 0] = path[start[here] + step, 0]
                kept[here, step, 1] = path[start[here] + step, 1]
        while at[here] > start[here]:
            at[here] -= 1
            dealt = _unplay(dealt, storage, heights, placed, wants, left, pile_hash,
                            path[at[here], 0], path[at[here], 1])
        length = kept_length[here]
        for step in range(length):
            path[start[here] + step, 0] = kept[here, step, 0]
            path[start[here] + step, 1] = kept[here, step, 1]
        outcome = WON if kept_score[here] == GOAL + 1 else UNKNOWN
        reached, steps = best[here], length
        if here == top:
            return outcome, nodes, reached, length, filled
        here += 1


def deepen(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
           placed: np.ndarray, table: np.ndarray, log: np.ndarray, filled: int,
           path: np.ndarray, max_nodes: int,
           control: np.ndarray) -> tuple[int, int, int, int, int]:
    """``search`` with 0, 1, 2, … discrepancies until it wins, loses without a cut
    (exhaustively: then it is lost), spends ``max_nodes`` in all or is stopped
    through ``control``; before PILOT_AFTER, the pilots and beams of FINDERS, which
    only find wins, or, with SEARCHED_WHOLE cards or fewer left to turn, the search
    with no limit (of deals 0..99 played greedily to 13 cards, 29 lost positions were
    proved so within the default budget, against 23 with the finders first; with
    ``tangled`` all 100 are decided: 88 lost, 12 won).

    A plain depth-first search that takes a bad early turn spends its budget under
    it; searching the best-first line and its near neighbours first finds most wins
    in few nodes. Each round keeps the table of the last, which holds exhaustive
    losses only, so later rounds skip what earlier ones settled. Returns as
    ``search`` without the cut.

    Plain Python around the compiled searches: it calls them a dozen times at most
    (a few microseconds each, against 2 ms for the median deal), and compiled it
    linked all three into it again, 5 s of the warm-up (docs/TUNING.md).
    """
    nodes, limit = 0, 0
    best = int(placed.sum())
    no_taboo = np.zeros(PILES + 1, np.int64)
    while True:
        if limit == PILOT_AFTER and len(deck) - dealt <= SEARCHED_WHOLE:
            limit = len(path)  # more discrepancies than a line has moves: no limit
        if limit == PILOT_AFTER:
            for kind, size in FINDERS:
                control[EARLIER] = nodes
                if kind == PILOT:
                    verdict, spent, reached, length, filled = pilot(
                        deck, dealt, storage, heights, placed, table, log, filled, path,
                        max_nodes - nodes, control, size, no_taboo)
                else:
                    won, spent, reached, length = beam(
                        deck, dealt, storage, heights, placed, size, max_nodes - nodes,
                        control, path)
                    verdict = WON if won else UNKNOWN
                nodes += spent
                best = max(best, reached)
                if verdict == WON or nodes >= max_nodes or control[STOP]:
                    return verdict, nodes, best, length if verdict == WON else 0, filled
        control[EARLIER] = nodes
        verdict, spent, reached, length, filled, cut = search(
            deck, dealt, storage, heights, placed, table, log, filled, path,
            max_nodes - nodes, limit, control, no_taboo)
        nodes += spent
        best = max(best, reached)
        if verdict == LOST and cut:
            verdict = UNKNOWN  # no win within the limit: widen it, budget allowing
        if verdict != UNKNOWN or nodes >= max_nodes or control[STOP]:
            return verdict, nodes, best, length if verdict == WON else 0, filled
        limit += 1


@compiled
def table_size(max_nodes: int) -> int:
    """A power of two with room for every position a search of ``max_nodes`` marks
    lost, at a low load (within bounds: past them the table just stops taking more).

    A search marks at most a tenth of its nodes lost (9% on deals 0..299 with a budget
    of 3,000,000, most under 5%), so a table of half as many slots as nodes stays
    under a quarter full; a larger one only costs memory and page faults. The default
    budget gets the largest, LARGEST_TABLE slots (32 MB, and 16 MB of log): a third
    full at most, where one of the next size would double the memory that each
    search's workspace holds (the app keeps two, ``_workspace``)."""
    size = SMALLEST_TABLE
    while size < max_nodes // 2 and size < LARGEST_TABLE:
        size *= 2
    return size


def lane(start: np.uint64, max_nodes: int, out: np.ndarray, claims: np.ndarray,
         index: int) -> None:
    """Deals start.. into out[deal, field] (fields as FIELDS), lane ``index`` claiming
    the next deal when free (``lanes.each_game``). Its deals share one workspace; the
    table is emptied through its log of used slots, far cheaper than clearing it all."""
    size = table_size(max_nodes)
    deck = np.empty(DECK_SIZE, np.int8)
    storage = np.full((PILES, DECK_SIZE + 1), NOTHING, np.int8)
    heights = np.zeros(PILES, np.int64)
    placed = np.zeros(PILES, np.int64)
    table = np.zeros(size, np.uint64)
    log = np.empty(size // 2, np.int64)
    path = np.empty(((DECK_SIZE + GOAL) * STEPS_PER_MOVE, 2), np.int64)
    control = np.zeros(CONTROLS, np.int64)  # never stopped: a run stops between deals

    def play(game: int) -> None:
        deal_ranks(start + np.uint64(game), deck)
        # The whole deck and an empty table, in numpy's ints as ``solve`` passes them.
        verdict, nodes, best, steps, filled = deepen(deck, np.int64(0), storage, heights,
                                                     placed, table, log, np.int64(0), path,
                                                     np.int64(max_nodes), control)
        table[log[:filled]] = 0
        out[game] = (verdict == WON, GOAL if verdict == WON else best,
                     (path[:steps, 1] < TABOO).sum(), verdict == UNKNOWN, nodes,
                     verdict == LOST)

    lanes.each_game(claims, int(index), play)


def deal_results(start: int, count: int, max_nodes: int = DEFAULT_NODES) -> np.ndarray:
    """The solver's results for deals start.. as an array of (count, len(FIELDS)),
    played as ``lanes`` says: in a run, more rows or (stopped) fewer.

    won, unknown and lost (after a complete search) are 0 or 1; final_cards is 52 for
    a won deal, otherwise the most final cards of any position the search entered (a
    lower bound on the best any line reaches: the cuts skip positions); moves is the
    winning line's length.
    """
    claims = lanes.begin(count)
    out = np.empty((lanes.limit(), len(FIELDS)), np.int64)
    lanes.fan_out(lane, int(claims[LANES]), np.uint64(start), max_nodes, out, claims)
    return out[:lanes.played()]


def _move(source: int, target: int) -> Move:
    if target >= PILES:
        return ToStorage(target - PILES)
    return ToFinal(None if source == HAND else source, target)


# The rules' move for each (source, target) of a line: a winning line's moves are
# read off this rather than built one by one, which took as long as a small search.
MOVES = tuple(tuple(_move(source, target) for target in range(TABOO))
              for source in range(PILES + 1))


def arrays(state: State) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``state`` as the solver's arrays (``sequence_positions``): the deck with the
    hand card first, the storage piles with room for every card left, the final
    counts."""
    cards = (() if state.hand is None else (state.hand,)) + state.deck
    deck = np.array([card.rank for card in cards], np.int8)
    depth = max(len(pile) for pile in state.storage) + len(cards)
    storage = np.full((PILES, depth + 1), NOTHING, np.int8)
    for pile, stack in enumerate(state.storage):
        storage[pile, 1:len(stack) + 1] = [card.rank for card in stack]
    heights = np.array([len(stack) for stack in state.storage], np.int64)
    placed = np.array([len(final) for final in state.finals], np.int64)
    return deck, storage, heights, placed


def solve(state: State, *, max_nodes: int = DEFAULT_NODES, max_seconds: float | None = None,
          stop: Callable[[], bool] | None = None,
          progress: Callable[[int], None] | None = None) -> Solution[Move]:
    """Whether ``state`` can still be won, knowing its deck, with a winning line when
    it can.

    The verdict depends on the position and ``max_nodes`` alone, so it is the same on
    any machine under any load. ``max_seconds`` (counted once the search is compiled:
    a compile never counts) and ``stop()`` may end it sooner, undecided, and the
    solution then says it was stopped. ``progress(nodes)`` hears how far it got about
    every WATCH_SECONDS. A small search costs about a millisecond: the table's pages
    are only touched as positions are marked lost."""
    deck, storage, heights, placed = arrays(state)
    path = np.empty(((len(deck) + GOAL) * STEPS_PER_MOVE, 2), np.int64)
    control = np.zeros(CONTROLS, np.int64)
    with _workspace(table_size(max_nodes)) as (table, log):
        _compiled(deck, storage, heights, placed, table, log, path, control)
        return _search(state, deck, storage, heights, placed, table, log, path, control,
                       max_nodes, max_seconds, stop, progress)


def _search(state: State, deck: np.ndarray, storage: np.ndarray, heights: np.ndarray,
            placed: np.ndarray, table: np.ndarray, log: np.ndarray, path: np.ndarray,
            control: np.ndarray, max_nodes: int, max_seconds: float | None,
            stop: Callable[[], bool] | None,
            progress: Callable[[int], None] | None) -> Solution[Move]:
    """``solve``'s search on its arrays, watched when there is anything to watch for."""
    with watched(control, STOP, PROGRESS, max_seconds, stop, progress) as began:
        verdict, nodes, _, steps, filled = deepen(deck, 0, storage, heights, placed, table,
                                                  log, 0, path, max_nodes, control)
    table[log[:filled]] = 0  # empty again for the next search, through the slots it used
    moves = tuple(MOVES[source][target] for source, target in path[:steps].tolist()
                  if target < TABOO)
    return Solution(VERDICTS[verdict], moves, int(nodes), time.perf_counter() - began,
                    stopped=verdict == UNKNOWN and nodes < max_nodes and bool(control[STOP]))


@contextmanager
def _workspace(size: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """A table of ``size`` slots, empty, and its log, lent for one search.

    Fresh memory costs a page fault on its first touch, and a search touches its
    table all over: a new 32 MB table made a search of a few nodes take 0.1 s. So
    tables are kept and lent again (each search empties what it used), a few at most,
    one to each search at a time."""
    with _SPARE_LOCK:
        fits = [index for index, (table, _) in enumerate(_SPARE) if len(table) == size]
        spare = _SPARE.pop(fits[0]) if fits else None
    table, log = spare or (np.zeros(size, np.uint64), np.empty(size // 2, np.int64))
    yield table, log
    with _SPARE_LOCK:
        _SPARE.insert(0, (table, log))
        del _SPARE[SPARE_KEPT:]


def _compiled(deck: np.ndarray, storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
              table: np.ndarray, log: np.ndarray, path: np.ndarray,
              control: np.ndarray) -> None:
    """Compile ``deepen``'s searches (or load them from the cache) before the clock
    starts, each a search of one node on arrays of the same types; nothing once they
    are compiled."""
    if search.signatures and pilot.signatures and beam.signatures:
        return
    table, log = np.zeros_like(table[:SMALLEST_TABLE]), np.empty_like(log[:SMALLEST_TABLE])
    idle, no_taboo = np.zeros_like(control), np.zeros(PILES + 1, np.int64)
    search(deck, 0, storage, heights, placed, table, log, 0, path, 1, 0, idle, no_taboo)
    pilot(deck, 0, storage, heights, placed, table, log, 0, path, 1, idle, 1, no_taboo)
    beam(deck, 0, storage, heights, placed, 1, 1, idle, path)


def _deal_range(text: str) -> range:
    first, _, last = text.partition(":")
    return range(int(first), int(last))


def _percentile(values: Sequence[float], share: float) -> float:
    return float(np.percentile(np.asarray(values), share))


def main(argv: Sequence[str] | None = None) -> None:
    """Measure the solver deal by deal on one core: ``python -m
    rules.fast.sequence_solver --deals 0:1000 --seconds 2``."""
    from rules.cards import deal_cards

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--deals", type=_deal_range, default=range(1000),
                        help="first:last deal numbers, last excluded (default 0:1000)")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES, help="node budget a deal")
    parser.add_argument("--seconds", type=float, default=None, help="time limit a deal")
    args = parser.parse_args(argv)
    solve(sequence.new_game(sequence.Options(), deal_cards(0)), max_nodes=10)  # compile
    solutions = [solve(sequence.new_game(sequence.Options(), deal_cards(deal)),
                       max_nodes=args.nodes, max_seconds=args.seconds) for deal in args.deals]
    total = len(solutions)
    for verdict in VERDICTS:
        share = sum(s.verdict == verdict for s in solutions) / total
        print(f"{verdict:8} {share:8.2%}")
    print(f"decided  {sum(s.verdict != 'unknown' for s in solutions) / total:8.2%}"
          f"  of {total} deals {args.deals.start}..{args.deals.stop - 1},"
          f" {args.nodes} nodes, {args.seconds} s")
    for name, values in (("ms", [s.seconds * 1000 for s in solutions]),
                         ("nodes", [float(s.nodes) for s in solutions])):
        print(f"{name:6} median {_percentile(values, 50):10.1f}"
              f"  p90 {_percentile(values, 90):10.1f}  p99 {_percentile(values, 99):10.1f}"
              f"  max {max(values):10.1f}")
    slowest = sorted(zip(solutions, args.deals, strict=True), key=lambda pair: -pair[0].seconds)
    print("slowest:", ", ".join(f"{deal} ({s.verdict}, {s.seconds:.2f} s)"
                                for s, deal in slowest[:5]))


if __name__ == "__main__":
    main()
