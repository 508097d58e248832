"""Sequence Solitaire's last cards played perfectly by a player who sees what a person
sees: the final and storage piles, the hand card and the ranks still to come.

With few cards left to turn, every order of them is weighed: ``_evaluate`` gives the
chance of winning with best play from a position, the best move's value where the
player moves and the mean over the next card's rank (each as likely as its count of
unseen cards) where a card is turned, to the end of the deck (expectimax). Moves that
lose nothing are the only ones tried and positions lost whatever comes are not
searched (``sequence_proofs``). Positions recur along many lines, so values are kept
in a table of 64-bit keys; two positions share a key with odds near 2^-64 a pair,
the only way a value could be wrong.

This is where the rule of thumb and sampled orders lose most: the fair player won 55
of deals 0..99 and, with its last moves from here once at most five cards are unseen,
69 (634 of 0..999, 63.4%); from six, 200 of 0..299 (66.7%, against 63.7% from five),
but at 0.9 s a deal rather than 0.19 s: some positions take millions of positions
(most of them lost whatever comes, which is proved only by searching every line),
and the table thrashes past its size. So a search may be given a budget of
positions, past which it gives up: with six unseen the fair player searched up to
400,000 and otherwise sampled (644 of 0..999 won, 64.4%). The relaxed game
(``tangled``) proves most of those positions lost at once: a whole game took 0.18 s
instead of 0.32 (deals 0..99), and the fair player now tries six and seven unseen
within 100,000 (666 of 0..999 won, 66.6%; ``sequence_fair.EXACT_TRY``).
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from rules import cards, sequence
from rules.fast.deals import splitmix64
from rules.fast.jit import compiled, inlined, plain
from rules.fast.sequence import DONE, HAND, NEXT_RANK, NOTHING, PILES, _to_final, wants_of
from rules.fast.sequence_proofs import RANKS as INDICES
from rules.fast.sequence_proofs import RELAXED_NODES, RELAXED_TABLE, forced, stuck, tangled

RANKS = sequence.PILE_SIZE
TALLEST = PILES * sequence.PILE_SIZE + 1  # a storage pile's height, at most, and one
# ZOBRIST[height, rank]: a storage card's part of its pile's hash (by the plain
# generator: the compiled one would compile at this module's import).
ZOBRIST = np.array([[cards.splitmix64(h * (DONE + 1) + r + 0x5EC0E7CE)[1]
                     for r in range(DONE + 1)] for h in range(TALLEST + 1)], np.uint64)
TABLE = 1 << 20  # slots of a table (16 MB)
PROBES = 4  # slots a key may take
DECIDE, DRAW = 0, 1  # a node where the player moves, and one where a card is turned
MOVES = 2 * PILES * (PILES + 1)  # move codes: source * 2 * PILES + target
LOST = -2  # ``_only``'s word for a position lost whatever comes
OVER = -1.0  # the value of a search that gave up (``_evaluate``'s budget)
NO_BUDGET = np.int64(0)  # ``best_move``'s budget of none (numpy's: test_compile_once.py)
DEPTH = 4 * PILES * sequence.PILE_SIZE  # nodes on a line, at most (each card: 3)
# Unseen cards, at least, from which positions are also tested with the relaxed game
# (``sequence_proofs.tangled``): below, searches are small and its scratch tables cost
# more than it saves.
RELAXED_FROM = 3


@inlined
def _key(placed: np.ndarray, hand: int, unseen: np.ndarray,
         pile_hash: np.ndarray) -> np.uint64:
    """The position's table key; the storage piles' hashes are summed, so piles that
    swap places share it. Never 0, the empty slot."""
    packed = uint64(hand)
    for pile in range(PILES):
        packed = packed << uint64(4) | uint64(placed[pile])
    for rank in range(1, RANKS + 1):
        packed = packed << uint64(3) | uint64(unseen[rank])
    key: np.uint64 = splitmix64(packed)[1]  # typed here: numba's functions are not
    for pile in range(PILES):
        key += splitmix64(pile_hash[pile])[1]
    key |= uint64(1)
    return key


@inlined
def _slot(keys: np.ndarray, key: np.uint64) -> int:
    """Where ``key`` is in the table, or where it goes: the first empty slot of its
    PROBES, or else the first of them, whose value it replaces (a value lost is only
    worked out again, so a full table slows the search but never misleads it)."""
    mask = uint64(len(keys) - 1)
    first = key & mask
    for probe in range(PROBES):
        slot = (first + uint64(probe)) & mask
        if keys[slot] == key or keys[slot] == 0:
            return int(slot)
    return int(first)


@inlined
def _push(storage: np.ndarray, heights: np.ndarray, pile_hash: np.ndarray, pile: int,
          rank: int) -> None:
    heights[pile] += 1
    storage[pile, heights[pile]] = rank
    pile_hash[pile] ^= ZOBRIST[heights[pile], rank]


@inlined
def _pop(storage: np.ndarray, heights: np.ndarray, pile_hash: np.ndarray, pile: int) -> int:
    rank = storage[pile, heights[pile]]
    pile_hash[pile] ^= ZOBRIST[heights[pile], rank]
    heights[pile] -= 1
    return int(rank)


@inlined
def _from_final(wants: np.ndarray, placed: np.ndarray, pile: int) -> None:
    """Take back ``_to_final`` onto ``pile``."""
    wants[NEXT_RANK[pile, placed[pile]]] &= ~(1 << pile)
    placed[pile] -= 1
    wants[NEXT_RANK[pile, placed[pile]]] |= 1 << pile


@inlined
def _distinct(heights: np.ndarray, pile_hash: np.ndarray, pile: int) -> bool:
    """Whether no lower storage pile holds the same cards (putting the hand card on
    either is the same move)."""
    for other in range(pile):
        if pile_hash[other] == pile_hash[pile] and heights[other] == heights[pile]:
            return False
    return True


@compiled
def _legal(storage: np.ndarray, heights: np.ndarray, wants: np.ndarray,
           pile_hash: np.ndarray, hand: int, move: int) -> int:
    """The rank of the card that ``move`` moves, or NOTHING when it is no legal move
    (or the same as another's: the hand card onto a pile like a lower one)."""
    source, target = divmod(move, 2 * PILES)
    rank = storage[source, heights[source]] if source < PILES else hand
    if rank == NOTHING:
        return NOTHING
    if target < PILES:
        return int(rank) if wants[rank] >> target & 1 else NOTHING
    if source < PILES or not _distinct(heights, pile_hash, target - PILES):
        return NOTHING
    return int(rank)


@compiled
def _make(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, wants: np.ndarray,
          pile_hash: np.ndarray, move: int, rank: int) -> None:
    source, target = divmod(move, 2 * PILES)
    if source < PILES:
        _pop(storage, heights, pile_hash, source)
    if target < PILES:
        _to_final(wants, placed, rank, target)
    else:
        _push(storage, heights, pile_hash, target - PILES, rank)


@compiled
def _unmake(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
            wants: np.ndarray, pile_hash: np.ndarray, move: int, rank: int) -> None:
    source, target = divmod(move, 2 * PILES)
    if target < PILES:
        _from_final(wants, placed, target)
    else:
        _pop(storage, heights, pile_hash, target - PILES)
    if source < PILES:
        _push(storage, heights, pile_hash, source, rank)


@inlined
def _next(unseen: np.ndarray, hand: int, move: int) -> tuple[int, int]:
    """The node after ``move`` from a decision with ``hand``: (DECIDE, the hand card)
    or (DRAW, NOTHING) when the next card is still to be turned."""
    if move // (2 * PILES) < PILES:
        return DECIDE, hand
    if unseen.sum() == 0:
        return DECIDE, NOTHING
    return DRAW, NOTHING


@compiled
def _only(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, wants: np.ndarray,
          hand: int, unseen: np.ndarray, left: np.ndarray, keep: np.ndarray,
          coming: np.ndarray, held: np.ndarray, free: np.ndarray, seen: np.ndarray,
          trail: np.ndarray) -> int:
    """The one move worth trying at a decision (``sequence_proofs.forced``: it loses
    nothing), LOST when the position is lost whatever comes (``stuck``, or
    ``tangled`` unless its ``trail`` is empty), else -1. ``left`` and the rest are
    scratch arrays for them."""
    for rank in range(INDICES):  # not a slice's assignment: ``arrays.copied``
        left[rank] = unseen[rank]
    left[hand] += 1
    for pile in range(PILES):
        for height in range(1, heights[pile] + 1):
            left[storage[pile, height]] += 1
    left[NOTHING] = 0
    if stuck(storage, heights, placed, left, keep, coming, held, free) \
            or (len(trail) > 0 and tangled(storage, heights, placed, left, seen, trail)):
        return LOST
    for source in range(PILES + 1):
        rank = storage[source, heights[source]] if source < PILES else hand
        target = forced(rank, wants, left, placed)
        if target >= 0:
            return source * 2 * PILES + target
    return -1


@compiled
def _take_back(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
               wants: np.ndarray, pile_hash: np.ndarray, unseen: np.ndarray, kind: int,
               move: int, rank: int) -> None:
    """Undo a step of ``_evaluate``'s line: a DECIDE's ``move`` of a card of ``rank``,
    or a DRAW's turning of a card of ``rank``."""
    if kind == DECIDE:
        _unmake(storage, heights, placed, wants, pile_hash, move, rank)
    else:
        unseen[rank] += 1


@compiled
def _evaluate(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
              wants: np.ndarray, pile_hash: np.ndarray, unseen: np.ndarray,
              keys: np.ndarray, values: np.ndarray, kind: int, hand: int,
              alpha: float, budget: int, seen: np.ndarray,
              trail: np.ndarray) -> tuple[float, int]:
    """The chance of winning from here with best play, at a DECIDE node (the hand
    card is ``hand``) or a DRAW node (the next card is turned). The arrays are worked
    in place and left as they came; ``keys`` and ``values`` are the table (``table``),
    ``seen`` and ``trail`` scratch arrays for ``tangled`` (an empty ``trail``: not
    used).

    Depth first, on a stack of its own (numba cannot cache a recursive function): a
    DECIDE node takes the best of its moves, a DRAW node the mean over the next
    card's rank, each weighed by its copies still unseen.

    A DRAW stops early once it cannot beat its DECIDE's best move so far (``alpha``
    for the node evaluated, which has none above it), counting every draw left as a
    win: it then returns that bound, no more than the best, which is all its DECIDE
    needs (Ballard's Star1). Only whole values go into the table.

    Returns the value and the positions entered (DECIDE nodes); at ``budget`` of
    them (0: no limit) it gives up, with the value OVER."""
    kinds = np.empty(DEPTH, np.int64)
    hands = np.empty(DEPTH, np.int64)
    nexts = np.empty(DEPTH, np.int64)  # the next move or rank to try; -1: just entered
    moves = np.empty(DEPTH, np.int64)
    ranks = np.empty(DEPTH, np.int64)  # the card moved, or the rank turned
    keyed = np.empty(DEPTH, np.uint64)
    bests = np.empty(DEPTH, np.float64)  # a DECIDE's best, a DRAW's weighed sum
    only = np.empty(DEPTH, np.int64)  # a DECIDE's one move worth trying, or -1, or LOST
    whole = np.empty(DEPTH, np.int64)  # a DRAW's unseen cards
    untried = np.empty(DEPTH, np.int64)  # ... of ranks not yet drawn
    left = np.zeros(INDICES, np.int64)
    keep = np.zeros(PILES, np.int64)
    coming = np.zeros(INDICES, np.int64)
    held = np.zeros(INDICES, np.int64)
    free = np.zeros(INDICES, np.int64)
    depth = entered = 0
    kinds[0], hands[0], nexts[0] = kind, hand, -1
    result, have = 0.0, False  # ``result``: the value of the node just left
    while True:
        if have:
            if depth == 0:
                return result, entered
            depth -= 1
            _take_back(storage, heights, placed, wants, pile_hash, unseen, kinds[depth],
                       moves[depth], ranks[depth])
            if kinds[depth] == DECIDE:
                bests[depth] = max(bests[depth], result)
            else:
                bests[depth] += unseen[ranks[depth]] * result
            have = False
        if kinds[depth] == DECIDE:
            if nexts[depth] == -1:
                nexts[depth], bests[depth] = 0, 0.0
                entered += 1
                if entered == budget:
                    while depth > 0:  # leave the arrays as they came
                        depth -= 1
                        _take_back(storage, heights, placed, wants, pile_hash, unseen,
                                   kinds[depth], moves[depth], ranks[depth])
                    return OVER, entered
                if placed.sum() == PILES * sequence.PILE_SIZE:
                    result, have = 1.0, True
                    continue
                keyed[depth] = _key(placed, hands[depth], unseen, pile_hash)
                slot = _slot(keys, keyed[depth])
                if keys[slot] == keyed[depth]:
                    result, have = values[slot], True
                    continue
                only[depth] = _only(storage, heights, placed, wants, hands[depth], unseen,
                                    left, keep, coming, held, free, seen, trail)
                if only[depth] == LOST:
                    nexts[depth] = MOVES  # no move is tried: the value is 0
            rank = NOTHING
            while rank == NOTHING and nexts[depth] < MOVES and bests[depth] < 1.0:
                if only[depth] in (-1, nexts[depth]):
                    rank = _legal(storage, heights, wants, pile_hash, hands[depth],
                                  nexts[depth])
                nexts[depth] += 1
            if rank == NOTHING:
                result, have = bests[depth], True
                slot = _slot(keys, keyed[depth])
                keys[slot], values[slot] = keyed[depth], result
                continue
            moves[depth], ranks[depth] = nexts[depth] - 1, rank
            _make(storage, heights, placed, wants, pile_hash, moves[depth], rank)
            kinds[depth + 1], hands[depth + 1] = _next(unseen, hands[depth], moves[depth])
        else:
            if nexts[depth] == -1:
                nexts[depth], bests[depth] = 1, 0.0
                whole[depth] = untried[depth] = unseen.sum()
            while nexts[depth] <= RANKS and unseen[nexts[depth]] == 0:
                nexts[depth] += 1
            rival = bests[depth - 1] if depth else alpha
            if nexts[depth] > RANKS or bests[depth] + untried[depth] <= rival * whole[depth]:
                # Done, or cut: even winning every draw left cannot beat the rival.
                result, have = (bests[depth] + untried[depth]) / whole[depth], True
                continue
            ranks[depth] = nexts[depth]
            nexts[depth] += 1
            untried[depth] -= unseen[ranks[depth]]
            unseen[ranks[depth]] -= 1
            kinds[depth + 1], hands[depth + 1] = DECIDE, ranks[depth]
        depth += 1
        nexts[depth] = -1


@inlined
def best_move(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, hand: int,
              unseen: np.ndarray, keys: np.ndarray, values: np.ndarray,
              budget: int = NO_BUDGET) -> tuple[int, int, float]:
    """The move of best value as (source, target, value): source HAND or a storage
    pile, target a final pile or PILES + p for storage pile p, as ``sequence_fair``'s
    moves; source -2 when there is none. The first of equal moves is taken: storage
    tops first, final piles before storage. The arrays are left as they came;
    ``keys`` and ``values`` are the table (``table``), empty or from earlier moves.
    At ``budget`` positions entered (0: no limit) it gives up: source -2, value OVER.

    A loop of calls to the compiled search, so ``inlined``: into the runs' game (by
    ``sequence_fair.exact``), and run by Python for a hint or a review
    (``plain_best_move``)."""
    wants, pile_hash, seen, trail = _searching(storage, heights, placed, unseen)
    best_source, best_target, best = -2, 0, -1.0
    for move in range(MOVES):
        rank = _legal(storage, heights, wants, pile_hash, hand, move)
        if rank == NOTHING:
            continue
        _make(storage, heights, placed, wants, pile_hash, move, rank)
        kind, after = _next(unseen, hand, move)
        value, entered = _evaluate(storage, heights, placed, wants, pile_hash, unseen, keys,
                                   values, kind, after, best, budget, seen, trail)
        _unmake(storage, heights, placed, wants, pile_hash, move, rank)
        if value == OVER:
            return -2, 0, OVER
        if budget:
            budget = max(budget - entered, 1)
        if value > best:
            (best_source, best_target), best = divmod(move, 2 * PILES), value
    return (HAND if best_source == PILES else best_source), best_target, best


@compiled
def _searching(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
               unseen: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What a search from this position works with: what each final pile wants, each
    storage pile's hash, and ``tangled``'s scratch arrays (used from RELAXED_FROM
    unseen cards)."""
    wants = np.zeros(DONE + 1, np.int64)
    wants_of(placed, wants)
    pile_hash = np.zeros(PILES, np.uint64)
    for pile in range(PILES):
        for height in range(1, heights[pile] + 1):
            pile_hash[pile] ^= ZOBRIST[height, storage[pile, height]]
    relaxed = unseen.sum() >= RELAXED_FROM
    seen = np.zeros(RELAXED_TABLE if relaxed else 1, np.int64)
    trail = np.zeros(RELAXED_NODES if relaxed else 0, np.int64)
    return wants, pile_hash, seen, trail


@inlined
def move_values(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, hand: int,
                unseen: np.ndarray, sources: np.ndarray, targets: np.ndarray,
                keys: np.ndarray, values: np.ndarray, budget: int = NO_BUDGET) -> np.ndarray:
    """Each option (sources[k], targets[k], as ``best_move`` names moves)'s chance of a
    win with best play after it, over every order of the unseen cards: ``best_move``'s
    values, each worked out whole (none cut short by a better move's), so a review
    weighs every move as the fair player weighs its best. The hand card onto a pile
    like a lower one is the move onto that one. The arrays are left as they came. At
    ``budget`` positions entered for a move (0: no limit) its value is OVER. Only a
    review calls it, in Python (``plain_move_values``)."""
    wants, pile_hash, seen, trail = _searching(storage, heights, placed, unseen)
    found = np.empty(len(sources))
    for option in range(len(sources)):
        target = targets[option]
        if target >= PILES:
            for other in range(target - PILES):
                if (pile_hash[other] == pile_hash[target - PILES]
                        and heights[other] == heights[target - PILES]):
                    target = PILES + other
                    break
        move = (PILES if sources[option] == HAND else sources[option]) * 2 * PILES + target
        rank = _legal(storage, heights, wants, pile_hash, hand, move)
        if rank == NOTHING:
            raise ValueError("not a legal move here")
        _make(storage, heights, placed, wants, pile_hash, move, rank)
        kind, after = _next(unseen, hand, move)
        found[option], _ = _evaluate(storage, heights, placed, wants, pile_hash, unseen,
                                     keys, values, kind, after, -1.0, budget, seen, trail)
        _unmake(storage, heights, placed, wants, pile_hash, move, rank)
    return found


@compiled
def table() -> tuple[np.ndarray, np.ndarray]:
    """An empty table of values for ``best_move``: its keys and values, two views of
    one array, so that a key and its value share a cache line (a search spends most
    of its time waiting for the table's memory). Its values hold for any position of
    any game, so one table serves a player's every move."""
    entries = np.zeros(2 * TABLE, np.uint64)
    return entries[0::2], entries.view(np.float64)[1::2]


# The search's loops as Python calls them (the hints, the review): their few lines in
# Python around the compiled ``_evaluate``, where all their time goes. Compiled, each
# linked the whole search into one more function, 2 s of the hints' wait each
# (docs/TUNING.md).
plain_best_move = plain(best_move)
plain_move_values = plain(move_values)
