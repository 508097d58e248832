"""Sequence Solitaire positions as the solver searches them, with the deck order
known: its moves listed best first (``_generate``), made and taken back in place
(``_play``, ``_unplay``), and keyed for its table of lost positions (``_key``). The
search (``sequence_solver``) and the beam (``sequence_beam``) share them.

A position is arrays, worked in place: ``deck`` ranks with the hand card at
``dealt`` (past the end: no hand card), storage ranks in storage[pile,
1..heights[pile]] (column 0 is NOTHING), ``placed`` cards on each final pile, and
what follows from them (``_counts``): ``wants`` (the final piles each rank fits
now), ``left`` (the cards of each rank not on a final pile) and the storage piles'
hashes. ``taboo`` holds, by source, the final piles a card may not go to
(``_generate``).
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from rules import sequence
from rules.fast.deals import splitmix64
from rules.fast.jit import compiled, inlined
from rules.fast.sequence import NEXT_RANK, NOTHING, NTH_PILE, PILES, POPCOUNT, _to_final
from rules.fast.sequence_fair import FAR, _storage_cost, _wanted
from rules.fast.sequence_proofs import POS, RANKS, forced

HAND = PILES  # a move's source when it is the hand card (sources 0..3: storage piles)
TABOO = 2 * PILES  # targets TABOO + k forbid final pile k (see _generate)
# Steps of a line per move at most: the move and the taboos before it (each source's
# card, each final pile, once).
STEPS_PER_MOVE = 1 + (PILES + 1) * PILES
GOAL = PILES * sequence.PILE_SIZE
MOST_MOVES = PILES  # the hand card to each storage pile, the most moves _generate lists
# control[PROGRESS]: nodes searched so far, counted every CHECK_NODES (about a
# millisecond); control[STOP]: set by the watcher to end the search; control[EARLIER]:
# the nodes of a deepening's earlier rounds.
STOP, PROGRESS, EARLIER, CONTROLS = 0, 1, 2, 3
CHECK_NODES = 1 << 10
PILE_SALT = uint64(0x5EC0E7CE)  # keeps a storage card's hash apart from the counts'


@inlined
def _card_hash(height: int, rank: int) -> np.uint64:
    """Zobrist value of a card of ``rank`` at ``height`` in a storage pile; height 0
    (no card is there) hashes a pile's top taboos instead."""
    return splitmix64(uint64(height * RANKS + rank) + PILE_SALT)[1]


@inlined
def _rank_of(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
             source: int) -> int:
    """The rank of a move's source card: a storage top, the hand card, or NOTHING
    (which fits no pile) when there is none."""
    if source < PILES:
        return int(storage[source, heights[source]])
    return int(deck[dealt]) if dealt < len(deck) else NOTHING


@inlined
def _key(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
         placed: np.ndarray, wants: np.ndarray, taboo: np.ndarray,
         pile_hash: np.ndarray) -> np.uint64:
    """The position's table key: deck place, final counts, storage piles and the
    taboos that still bite (``_generate``). The piles' hashes are summed, so every
    order of the piles has the same key. Never 0, the empty slot."""
    packed = uint64(dealt)
    for pile in range(PILES):
        packed = packed << uint64(4) | uint64(placed[pile])
    hand = _rank_of(deck, dealt, storage, heights, HAND)
    packed = packed << uint64(4) | uint64(taboo[HAND] & wants[hand])
    key: np.uint64 = splitmix64(packed)[1]  # typed here: numba's functions are not
    for pile in range(PILES):
        bites = taboo[pile] & wants[storage[pile, heights[pile]]]
        key += splitmix64(pile_hash[pile] ^ _card_hash(0, bites))[1]
    key |= uint64(1)
    return key


@inlined
def _distance(placed: np.ndarray, rank: int) -> int:
    """How many cards the nearest final pile that needs ``rank`` still takes before
    it (0: it fits now); FAR for NOTHING (an empty pile) and ranks no pile needs."""
    best = FAR
    for pile in range(PILES):
        ahead = POS[pile, rank] - placed[pile]
        if 0 <= ahead < best:
            best = ahead
    return best


@inlined
def _covers_badly(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
                  target: int) -> bool:
    """Whether the move to ``target`` put a card on a storage card that a final pile
    takes no later than it, the covers worth a ``stuck`` test. A card put on an
    empty pile changes nothing the test sees (it counts there as it did in the
    hand), and one put on a card needed later is on the way out first; testing only
    after bad covers took a fifth off the solver's time for as many deals decided."""
    if not PILES <= target < TABOO:
        return False
    pile = target - PILES
    height = heights[pile]
    return height >= 2 and (_distance(placed, storage[pile, height])
                            >= _distance(placed, storage[pile, height - 1]))


@inlined
def _repeats(storage: np.ndarray, heights: np.ndarray, wants: np.ndarray, taboo: np.ndarray,
             pile: int) -> bool:
    """Whether an earlier storage pile holds the same ranks as ``pile`` under the same
    taboos, so that the hand card is tried on one pile of each content. One function
    with no call per pair, stopping at the first twin: a storage choice with the twin
    test took 280 ns instead of 370 (a micro-benchmark over random positions)."""
    height = heights[pile]
    bites = taboo[pile] & wants[storage[pile, height]]
    for earlier in range(pile):
        if heights[earlier] != height or taboo[earlier] & wants[storage[earlier, height]] != bites:
            continue
        same = True
        for level in range(1, height + 1):
            if storage[earlier, level] != storage[pile, level]:
                same = False
                break
        if same:
            return True
    return False


@inlined
def _storage_order(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
                   wants: np.ndarray, taboo: np.ndarray, rank: int,
                   moves: np.ndarray) -> int:
    """Hand-to-storage moves into ``moves``, one per distinct pile, best first;
    returns how many. The order only steers the search (every pile is tried): the
    fair player's rule of thumb (``sequence_fair._storage_cost``), lower piles first
    in a tie. Its tuned costs put the first choice right more often than a simpler
    rule did (the best-first line won 76 of deals 0..999 against 58), which halved
    the median deal's nodes."""
    wanted = _wanted(storage, heights, placed, rank)
    scores = np.empty(PILES, np.int64)
    count = 0
    for pile in range(PILES):
        if _repeats(storage, heights, wants, taboo, pile):
            continue
        score = _storage_cost(storage, heights, placed, rank, wanted, pile)
        at = count
        while at > 0 and scores[at - 1] > score:
            scores[at], moves[at, 0], moves[at, 1] = scores[at - 1], HAND, moves[at - 1, 1]
            at -= 1
        scores[at], moves[at, 0], moves[at, 1] = score, HAND, PILES + pile
        count += 1
    return count


@inlined
def _final_choice(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
                  placed: np.ndarray, fits: int) -> int:
    """Which of the final piles ``fits`` (a mask) to try a card on first: the one
    whose following rank comes to hand soonest, a storage top first, so the piles
    keep moving. Only steers the search (the taboo split tries the others)."""
    best, soonest = NTH_PILE[fits, 0], 1 << 30
    for k in range(POPCOUNT[fits]):
        pile = NTH_PILE[fits, k]
        following = NEXT_RANK[pile, placed[pile] + 1]
        when = 1 << 20
        for source in range(PILES):
            if storage[source, heights[source]] == following:
                when = 0
        at = dealt
        while when > 0 and at < len(deck) and at - dealt < when:
            if deck[at] == following:
                when = at - dealt + 1
            at += 1
        if when < soonest:
            best, soonest = pile, when
    return int(best)


@compiled
def _generate(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
              placed: np.ndarray, wants: np.ndarray, left: np.ndarray, taboo: np.ndarray,
              moves: np.ndarray) -> int:
    """The moves to search from here into ``moves`` as (source, target) rows;
    returns how many. Sources are storage piles and HAND; targets are final piles,
    PILES + p for storage pile p, and TABOO + k, which changes no card but forbids
    the source card's move to final pile k while k waits for its rank.

    A card X that fits final pile k splits the search in two: play it there now, or
    never there (the taboo). Lines that play it there later lose nothing by playing
    it now (the proof in ``forced``), so both halves together miss no win, and the
    second does not search again, at every later move, the first's wins. A taboo is
    dropped (only loosening) when its card is covered; it stops biting once k takes
    another card of that rank. Only when no card fits anywhere untabooed does the
    hand card go to storage. A forced move (``forced``) is the only move; when it is
    taboo the position is lost (under its taboos).
    """
    for source in range(PILES + 1):
        rank = _rank_of(deck, dealt, storage, heights, source)
        target = forced(rank, wants, left, placed)
        if target >= 0:
            if taboo[source] >> target & 1:
                return 0
            moves[0, 0], moves[0, 1] = source, target
            return 1
    for source in range(PILES + 1):
        fits = wants[_rank_of(deck, dealt, storage, heights, source)] & ~taboo[source]
        if fits:
            target = _final_choice(deck, dealt, storage, heights, placed, fits)
            moves[0, 0], moves[0, 1] = source, target
            moves[1, 0], moves[1, 1] = source, TABOO + target
            return 2
    if dealt < len(deck):
        # The rank as an int64, as the fair player's rule of thumb is compiled for it.
        return _storage_order(storage, heights, placed, wants, taboo, np.int64(deck[dealt]),
                              moves)
    return 0


@inlined
def _play(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
          placed: np.ndarray, wants: np.ndarray, left: np.ndarray, taboo: np.ndarray,
          pile_hash: np.ndarray, source: int, target: int) -> int:
    """Make a move in place; returns the new deck place. The hand card's taboos go
    with it to storage; a storage pile's new top starts with none."""
    if target >= TABOO:
        taboo[source] |= 1 << (target - TABOO)
        return dealt
    carried = taboo[source]
    taboo[source] = 0
    if source == HAND:
        rank = deck[dealt]
        dealt += 1
    else:
        rank = storage[source, heights[source]]
        pile_hash[source] ^= _card_hash(heights[source], rank)
        heights[source] -= 1
    if target < PILES:
        _to_final(wants, placed, rank, target)
        left[rank] -= 1
    else:
        pile = target - PILES
        heights[pile] += 1
        storage[pile, heights[pile]] = rank
        pile_hash[pile] ^= _card_hash(heights[pile], rank)
        taboo[pile] = carried
    return dealt


@inlined
def _unplay(dealt: int, storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
            wants: np.ndarray, left: np.ndarray, pile_hash: np.ndarray,
            source: int, target: int) -> int:
    """Take back ``_play`` but for the taboos, which the search restores; returns
    the deck place before it."""
    if target >= TABOO:
        return dealt
    if target < PILES:
        wants[NEXT_RANK[target, placed[target]]] &= ~(1 << target)
        placed[target] -= 1
        rank = NEXT_RANK[target, placed[target]]
        wants[rank] |= 1 << target
        left[rank] += 1
    else:
        pile = target - PILES
        rank = storage[pile, heights[pile]]
        pile_hash[pile] ^= _card_hash(heights[pile], rank)
        heights[pile] -= 1
    if source == HAND:
        return dealt - 1
    heights[source] += 1
    storage[source, heights[source]] = rank
    pile_hash[source] ^= _card_hash(heights[source], rank)
    return dealt


@compiled
def _counts(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
            placed: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A position's ``wants`` (the final piles each rank fits now), ``left`` (the
    cards of each rank not on a final pile) and its storage piles' hashes."""
    wants = np.zeros(RANKS, np.int64)
    left = np.zeros(RANKS, np.int64)
    pile_hash = np.zeros(PILES, np.uint64)
    for pile in range(PILES):
        wants[NEXT_RANK[pile, placed[pile]]] |= 1 << pile
        for height in range(1, heights[pile] + 1):
            left[storage[pile, height]] += 1
            pile_hash[pile] ^= _card_hash(height, storage[pile, height])
    for i in range(dealt, len(deck)):
        left[deck[i]] += 1
    return wants, left, pile_hash
