"""Sequence Solitaire, compiled: ``rules.sequence`` played by a computer player.

The strategy is the kernel's only option, a name as on the command line: "greedy"
(``rules.players.sequence.GreedyPlayer``) or "random" (``RandomPlayer`` over
``rules.sequence.legal_moves``, seeded with the deal number as ``solitaire-tui play
sequence --deal d --strategy random`` does).

Instead of asking each final pile what it takes, the kernel keeps ``wants[r]``, the
set of final piles (a 4-bit mask) that take rank r next, updated in place when a
card lands on a final pile. Whether a card fits, on which pile first and on how many
is then one lookup, and the random player's k-th legal move is found by walking the
masks in the rules' order without building the list of moves.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from rules import sequence
from rules.cards import DECK_SIZE
from rules.fast import lanes
from rules.fast.deals import below, deal_into
from rules.fast.jit import compiled, inlined
from rules.fast.lanes import shared
from rules.roster import BASIC, GREEDY, code

FIELDS = ("won", "final_cards", "moves")

PILES = sequence.PILES
FULL = PILES * sequence.PILE_SIZE
HAND = -1  # a move's source when it is the hand card
NO_MOVE = -2  # the source that says the game is over
BLOCK = 1024  # games that one thread plays in one workspace
# Ranks are 1..13; two more indices into ``wants`` need no branches: every storage
# pile sits on a NOTHING card (so its top is a card even when it is empty) and a
# complete final pile wants DONE. No final pile ever wants NOTHING, no card is DONE.
NOTHING, DONE = 0, 14
# NEXT_RANK[pile, j]: the rank final pile ``pile`` takes with j cards on it.
NEXT_RANK = np.array(
    [[sequence.rank_needed(pile, j) or DONE for j in range(sequence.PILE_SIZE + 1)]
     for pile in range(PILES)],
    dtype=np.int8,
)
# Over a mask of final piles: how many, and the k-th lowest (-1 past the last).
POPCOUNT = np.array([bin(mask).count("1") for mask in range(1 << PILES)], dtype=np.int8)
NTH_PILE = np.array(
    [[([p for p in range(PILES) if mask >> p & 1] + [-1] * PILES)[k] for k in range(PILES)]
     for mask in range(1 << PILES)],
    dtype=np.int8,
)


@inlined
def _to_final(wants: np.ndarray, placed: np.ndarray, rank: int, pile: int) -> None:
    """Put a card of ``rank`` on final pile ``pile``, which must want it."""
    wants[rank] &= ~(1 << pile)
    placed[pile] += 1
    wants[NEXT_RANK[pile, placed[pile]]] |= 1 << pile


@compiled
def wants_of(placed: np.ndarray, wants: np.ndarray) -> None:
    """wants[r]: the mask of final piles that take rank r next."""
    wants[:] = 0
    for pile in range(PILES):
        wants[NEXT_RANK[pile, placed[pile]]] |= 1 << pile


@compiled
def place(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, wants: np.ndarray,
          rank: int, target: int) -> None:
    """Put a card of ``rank`` where a move sends it: final pile ``target``, or storage
    pile ``target - PILES`` (the players' move codes)."""
    if target >= PILES:
        heights[target - PILES] += 1
        storage[target - PILES, heights[target - PILES]] = rank
    else:
        _to_final(wants, placed, rank, target)


@inlined
def taken(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
          source: int) -> tuple[int, int]:
    """The rank of the card a move takes from ``source`` (the hand card, or a storage
    pile's top, which comes off), and the hand card's place in ``deck`` after it."""
    if source == HAND:
        return int(deck[dealt]), dealt + 1
    heights[source] -= 1
    return int(storage[source, heights[source] + 1]), dealt


@compiled
def _play_greedy(deck: np.ndarray, storage: np.ndarray, heights: np.ndarray,
                 placed: np.ndarray, wants: np.ndarray) -> int:
    """GreedyPlayer's game; returns its moves.

    Played card by card rather than move by move: a storage top that fits nothing
    keeps fitting nothing until a final pile grows, so storage is searched only after
    a card lands on a final pile, and then emptied of fitting tops (the first in the
    rules' order each time) before the next hand card is looked at. The hand card is
    thus only ever considered when no storage top fits, as GreedyPlayer wants.
    """
    moves = len(deck)  # every card leaves the hand once; storage plays are added
    for rank in deck:
        fits = wants[rank]
        if fits == 0:
            lowest = 0
            for pile in range(1, PILES):
                if heights[pile] < heights[lowest]:
                    lowest = pile
            heights[lowest] += 1
            storage[lowest, heights[lowest]] = rank
            continue
        _to_final(wants, placed, rank, NTH_PILE[fits, 0])
        source = 0
        while source < PILES:
            top = storage[source, heights[source]]
            fits = wants[top]
            if fits:
                heights[source] -= 1
                _to_final(wants, placed, top, NTH_PILE[fits, 0])
                moves += 1
                source = 0
            else:
                source += 1
    return moves


@compiled
def _random_move(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
                 wants: np.ndarray, rng: np.uint64) -> tuple[int, int, np.uint64]:
    """RandomPlayer's (source, target, generator state), target PILES + p for storage
    pile p: move k of the rules' list of legal moves for k drawn below its length,
    found by walking the same masks that count them, without building the list."""
    count = np.int64(0)
    for source in range(PILES):
        count += POPCOUNT[wants[storage[source, heights[source]]]]
    if dealt < len(deck):
        count += POPCOUNT[wants[deck[dealt]]] + PILES
    if count == 0:
        return NO_MOVE, 0, rng
    rng, drawn = below(rng, count)
    k = np.int64(drawn)  # below's value is unsigned: mixed with signed it turns float
    for source in range(PILES):
        fits = wants[storage[source, heights[source]]]
        if k < POPCOUNT[fits]:
            return source, NTH_PILE[fits, k], rng
        k -= POPCOUNT[fits]
    fits = wants[deck[dealt]]
    if k < POPCOUNT[fits]:
        return HAND, NTH_PILE[fits, k], rng
    return HAND, PILES + k - POPCOUNT[fits], rng


@compiled
def _play_random(deck: np.ndarray, storage: np.ndarray, heights: np.ndarray,
                 placed: np.ndarray, wants: np.ndarray, seed: np.uint64) -> int:
    """RandomPlayer's game, one draw per move as the player draws; returns its moves."""
    dealt, moves = np.int64(0), 0  # dealt: the hand card's place in the deck
    rng = seed
    while True:
        source, target, rng = _random_move(deck, dealt, storage, heights, wants, rng)
        if source == NO_MOVE:
            return moves
        moves += 1
        rank, dealt = taken(deck, dealt, storage, heights, source)
        place(storage, heights, placed, wants, rank, target)


@compiled
def deal_ranks(deal: np.uint64, deck: np.ndarray) -> None:
    """Deal ``deal`` into ``deck`` as ranks 1..13, the only thing of a card the game
    looks at."""
    deal_into(deal, deck)
    for i in range(len(deck)):
        deck[i] = deck[i] % 13 + 1


@compiled
def _workspace(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Storage (for ``size`` cards on a NOTHING), heights, final pile sizes, wants."""
    storage = np.full((PILES, size + 1), NOTHING, np.int8)
    heights = np.zeros(PILES, np.int64)
    placed = np.zeros(PILES, np.int64)
    wants = np.zeros(DONE + 1, np.int64)
    return storage, heights, placed, wants


@compiled
def _game(deck: np.ndarray, strategy: int, seed: np.uint64, storage: np.ndarray,
          heights: np.ndarray, placed: np.ndarray, wants: np.ndarray) -> tuple[bool, int, int]:
    """``play`` in a workspace from ``_workspace``, which may hold an earlier game.

    Storage column 0 is never written, so only the counts need clearing.
    """
    heights[:] = 0
    placed[:] = 0
    wants[:] = 0  # wants[r]: the mask of final piles that take rank r next
    for pile in range(PILES):
        wants[NEXT_RANK[pile, 0]] |= 1 << pile
    if strategy == GREEDY:
        moves = _play_greedy(deck, storage, heights, placed, wants)
    else:
        moves = _play_random(deck, storage, heights, placed, wants, seed)
    final_cards = placed.sum()
    return final_cards == FULL, final_cards, moves


@compiled
def play(deck: np.ndarray, strategy: int, seed: np.uint64) -> tuple[bool, int, int]:
    """One game on ``deck`` (ranks 1..13, the first hand card first, any length).

    The random player draws from ``seed``. Returns won, final cards, moves.
    """
    storage, heights, placed, wants = _workspace(len(deck))
    return _game(deck, strategy, seed, storage, heights, placed, wants)


@compiled
def share(start: np.uint64, count: int, strategy: int, out: np.ndarray, at_once: int,
          index: int) -> None:
    """Lane ``index``'s share (``lanes.shared``) of deals start..start+count-1 into
    out[game, field] (fields as FIELDS).

    The random player of deal d is seeded with d, as on the command line. Games run
    in blocks that share one workspace: allocating it for every game cost a fifth of
    the time.
    """
    first, end = shared((count + BLOCK - 1) // BLOCK, at_once, index)
    for block in range(first, end):
        deck = np.empty(DECK_SIZE, np.int8)
        storage, heights, placed, wants = _workspace(np.int64(DECK_SIZE))
        for game in range(block * BLOCK, min(count, (block + 1) * BLOCK)):
            deal = start + uint64(game)
            deal_ranks(deal, deck)
            won, final_cards, moves = _game(deck, strategy, deal, storage, heights, placed,
                                            wants)
            out[game, 0] = won
            out[game, 1] = final_cards
            out[game, 2] = moves


def codes(strategy: str) -> int:
    """The kernel's code for a strategy name, "greedy" or "random"."""
    return code(strategy, BASIC, "Sequence Solitaire")


def deal_results(start: int, count: int, strategy: str) -> np.ndarray:
    """Results of deals start.. under ``strategy`` as an array of (count, len(FIELDS))."""
    out = np.empty((count, len(FIELDS)), np.int64)
    lanes.share_out(share, np.uint64(start), count, codes(strategy), out)
    return out
