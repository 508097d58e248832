"""What can be proved about a Sequence Solitaire position, whatever the order of the
cards still to turn: the moves that lose nothing (``forced``) and the positions
already lost (``stuck``). The solver (deck order known) and the endgame player
(only the ranks still to come known) both cut their searches with them.

Every card left has one place waiting for it: each final pile takes each rank once,
so the cards of a rank not yet on final piles are as many as the piles that still
need that rank (``needed_by``).
"""

from __future__ import annotations

import numpy as np

from rules import sequence
from rules.fast.arrays import copied
from rules.fast.jit import compiled, inlined
from rules.fast.sequence import DONE, NEXT_RANK, NOTHING, NTH_PILE, PILES

RANKS = DONE + 1  # arrays indexed by rank also hold NOTHING and DONE
# POS[pile, rank]: where on final pile ``pile`` the card of ``rank`` goes (0..12).
POS = np.zeros((PILES, RANKS), np.int64)
# BELOW[pile, rank]: the ranks (bit r for rank r) that go on the pile before ``rank``;
# PLACED[pile, j]: the ranks of its first j cards. BELOW & ~PLACED: still to come.
BELOW = np.zeros((PILES, RANKS), np.int64)
PLACED = np.zeros((PILES, sequence.PILE_SIZE + 1), np.int64)
for _pile in range(PILES):
    for _j in range(sequence.PILE_SIZE):
        _rank = int(NEXT_RANK[_pile, _j])
        POS[_pile, _rank] = _j
        BELOW[_pile, _rank] = PLACED[_pile, _j]
        PLACED[_pile, _j + 1] = PLACED[_pile, _j] | 1 << _rank
POS[:, NOTHING] = -1  # no pile needs NOTHING, the card under every storage pile


@inlined
def needed_by(placed: np.ndarray, rank: int) -> int:
    """How many final piles still take a card of ``rank``."""
    count = 0
    for pile in range(PILES):
        if placed[pile] <= POS[pile, rank]:
            count += 1
    return count


@inlined
def forced(rank: int, wants: np.ndarray, left: np.ndarray, placed: np.ndarray) -> int:
    """The final pile a card of ``rank`` must go to now, or -1 when there is a
    choice to search.

    Proof that playing it at once loses nothing: say it is the last card of its rank
    left (``left``) and one final pile k needs that rank at all, and k wants it now.
    Any winning line plays this card X onto k (all of k must be built and nothing
    else can go there), at some later time t; it makes no move onto k before t, as k
    waits for X. Play X to k now and then the line without X's own moves. Until t
    X's storage pile differs only by lacking X, and the line moves that pile's top
    only when X is not it (while X is on top, only X could leave). Moving the hand
    card X turns the next card, as putting it on storage would have. From t on the
    positions are the same, so the line still wins. The player who does not know the
    order loses nothing either: the same holds for every order, and the changed play
    sees each card when the first did. (The solver's ``_generate`` uses the argument,
    without "last" and "one", for its taboos.)
    """
    fits = wants[rank]
    if fits and left[rank] == 1 and needed_by(placed, rank) == 1:
        return int(NTH_PILE[fits, 0])
    return -1


@compiled
def stuck(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, left: np.ndarray,
          keep: np.ndarray, coming: np.ndarray, held: np.ndarray, free: np.ndarray) -> bool:
    """Whether some cards can never reach a final pile while a pile needs them, which
    loses. ``keep``, ``coming``, ``held`` and ``free`` are scratch arrays (piles,
    then ranks).

    Proof. Take a set U of cards left (in storage, hand or deck); R(U) the ranks some
    final pile still needs whose every copy left (``left``) is in U. Until a card of
    U reaches a final pile (the frozen time), no card of R(U) does, so rank a can go
    only onto the final piles that need it with no rank of R(U) before it, counted
    from now: free(a) piles, each taking one card of a. Say each hand or deck card in
    U has a rank a with free(a) = 0; and each storage card X in U has, at or above it
    in its pile, more than free(a) cards of some rank a. Then no card of U ever
    reaches a final pile. Say X were the first, at time t. Off storage, its rank has
    no pile to go to. In storage, every card above X has gone before it, onto final
    piles (only tops move, and only there), so by t, X included, more than free(a)
    cards of rank a were laid on final piles during the frozen time: too many. Cards
    put on storage later only cover more. So with R(U) not empty some final pile is
    never completed: lost.

    Unions of such sets are such sets (R only grows with U, and free only shrinks),
    so the largest one is found by starting from every card left and dropping cards
    that fail until nothing changes. In storage, U is each pile up to ``keep``: the
    highest card with too many cards of a rank at or above it, and all below it (they
    have those too). Off storage, U holds every copy of the ranks with no free pile.
    R shrinks with U, so an empty R ends it. A rank with fewer copies left than piles
    needing it loses at once too.
    """
    copied(left, coming)
    for pile in range(PILES):
        for height in range(1, heights[pile] + 1):
            coming[storage[pile, height]] -= 1
    needed = 0  # the ranks some final pile still needs, as a mask
    for rank in range(1, 14):
        piles = needed_by(placed, rank)
        if left[rank] < piles:
            return True
        if piles:
            needed |= 1 << rank
    # U starts as every card left, so R(U) is every rank still needed.
    short = needed
    copied(heights, keep)
    free[:] = 0
    while short:
        # free: walk each final pile up from its next rank to the first rank of R(U).
        changed = False
        held[:] = 0
        for pile in range(PILES):
            for j in range(placed[pile], sequence.PILE_SIZE):
                rank = NEXT_RANK[pile, j]
                held[rank] += 1
                if short >> rank & 1:
                    break
        for rank in range(RANKS):
            changed |= held[rank] != free[rank]
            free[rank] = held[rank]
        for pile in range(PILES):
            held[:] = 0  # now: the cards of each rank at or above ``height``
            height = heights[pile]
            while height > 0:
                rank = storage[pile, height]
                held[rank] += 1
                if held[rank] > free[rank]:
                    break
                height -= 1
            changed |= height != keep[pile]
            keep[pile] = height
        if not changed:
            return True
        for rank in range(RANKS):
            held[rank] = coming[rank] if free[rank] == 0 else 0
        for pile in range(PILES):
            for height in range(1, keep[pile] + 1):
                held[storage[pile, height]] += 1
        short = 0
        for rank in range(1, 14):
            if held[rank] == left[rank] and needed >> rank & 1:
                short |= 1 << rank
    return False




# ``tangled``'s search: the relaxed positions it looks at, at most, before it gives up
# (proving nothing), and the slots of its table of relaxed positions that fail (a
# quarter full at most). At 2^11 positions the endgame probes took far longer (the
# rule-of-thumb player's 100 positions: 414 s against 14 s); 2^14 and 2^16 decide
# the same.
RELAXED_NODES = 1 << 16
RELAXED_TABLE = 1 << 18
FROM_DECK = PILES  # a relaxed move's source: storage piles 0..3, or a card to turn
SOURCES = PILES + 1


@compiled
def _relaxed_key(placed: np.ndarray, tall: np.ndarray) -> int:
    """A relaxed position's key (never 0, the empty slot): the final counts and the
    storage heights say which cards are left where."""
    key = 0
    for pile in range(PILES):
        key = key << 4 | placed[pile]
        key = key << 6 | tall[pile]
    return key + 1


@compiled
def _relaxed_slot(seen: np.ndarray, key: int) -> int:
    slot = (key * 0x9E3779B97F4A7C1 >> 20) & (len(seen) - 1)
    while seen[slot] != 0 and seen[slot] != key:
        slot = (slot + 1) & (len(seen) - 1)
    return slot


@compiled
def _sure_move(storage: np.ndarray, tall: np.ndarray, at: np.ndarray,
               stored: np.ndarray) -> int:
    """A relaxed move that loses nothing (``tangled``), as source * PILES + pile,
    or -1: a final pile wants a rank with no copy left in storage, so a card to turn
    goes there; or with one copy left in storage, a top, which goes there."""
    for pile in range(PILES):
        rank = NEXT_RANK[pile, at[pile]]
        if rank == DONE:
            continue
        if stored[rank] == 0:
            return FROM_DECK * PILES + pile
        if stored[rank] == 1:
            for top in range(PILES):
                if tall[top] > 0 and storage[top, tall[top]] == rank:
                    return top * PILES + pile
    return -1


@compiled
def tangled(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, left: np.ndarray,
            seen: np.ndarray, trail: np.ndarray) -> bool:
    """Whether the storage piles can never be emptied onto the final piles, even if
    every card still to turn could be laid on a final pile whenever one wants it:
    then the position is lost, whatever the order of the cards to turn. ``seen``
    (RELAXED_TABLE zeros, left so) and ``trail`` (RELAXED_NODES) are scratch arrays.

    Proof. In any winning line the cards now in storage reach the final piles
    through their piles' tops, so each pile's cards leave in order, top first (cards
    put on storage later only hold them longer), and the cards to turn reach them
    somehow. The line's order of cards laid on final piles is then a line of the
    relaxed game, where a move lays a storage top or any card to turn on a final pile
    that wants its rank. So a position whose relaxed game cannot be won is lost.

    The relaxed game is searched depth first over (final counts, storage heights),
    which say where every card left is; positions that fail are kept in ``seen``.
    Two moves are made alone, as they lose nothing (``_sure_move``). A final pile
    wants a rank of which no copy is left in storage: a card to turn goes there, as
    they are alike and always at hand and the pile waits for that rank, so laying it
    sooner changes nothing else a line does. Or one copy is left in storage, on a
    top: any line that lays it on another pile, and a card to turn here, can swap
    them (laid sooner, it uncovers its pile sooner). Otherwise storage tops are tried
    before cards to turn: a way out, where there is one, was found three times as
    fast as pile by pile (deal 108's random play: 94 against 345 microseconds a
    position, the median). A search that would look at
    more than RELAXED_NODES positions gives up and proves nothing. It sees what
    ``stuck`` does not: that the cards under a king in storage wait for a whole
    final pile to be built, and several final piles in turn.
    """
    tall = heights.copy()
    at = placed.copy()
    stored = np.zeros(RANKS, np.int64)
    for pile in range(PILES):
        for height in range(1, tall[pile] + 1):
            stored[storage[pile, height]] += 1
    to_turn = left - stored
    to_place = 0
    for pile in range(PILES):
        to_place += sequence.PILE_SIZE - at[pile]
    moved = np.zeros(to_place + 1, np.int64)  # each depth's move: source * PILES + pile
    after = np.zeros(to_place + 1, np.int64)  # the next move to try there
    last = np.zeros(to_place + 1, np.int64)  # past the last one
    nodes = marked = depth = 0
    won = gave_up = False
    entering = True
    while True:
        if entering:
            entering = False
            if depth == to_place:
                won = True
                break
            after[depth] = last[depth] = 0
            if seen[_relaxed_slot(seen, _relaxed_key(at, tall))] == 0:
                if nodes == len(trail):
                    gave_up = True
                    break
                nodes += 1
                sure = _sure_move(storage, tall, at, stored)
                after[depth] = max(sure, 0)
                last[depth] = sure + 1 if sure >= 0 else PILES * SOURCES
        # The next move that can be made here, or back up.
        made = False
        while after[depth] < last[depth] and not made:
            source, pile = divmod(after[depth], PILES)
            after[depth] += 1
            rank = NEXT_RANK[pile, at[pile]]
            if rank == DONE:
                continue
            if source == FROM_DECK and to_turn[rank] > 0:
                to_turn[rank] -= 1
            elif source < FROM_DECK and tall[source] > 0 and storage[source, tall[source]] == rank:
                tall[source] -= 1
                stored[rank] -= 1
            else:
                continue
            at[pile] += 1
            moved[depth] = source * PILES + pile
            made = True
        if made:
            depth += 1
            entering = True
            continue
        key = _relaxed_key(at, tall)
        slot = _relaxed_slot(seen, key)
        if seen[slot] == 0:
            seen[slot] = key
            trail[marked] = slot
            marked += 1
        if depth == 0:
            break
        depth -= 1
        source, pile = divmod(moved[depth], PILES)
        at[pile] -= 1
        rank = NEXT_RANK[pile, at[pile]]
        if source == FROM_DECK:
            to_turn[rank] += 1
        else:
            tall[source] += 1
            stored[rank] += 1
    for i in range(marked):
        seen[trail[i]] = 0
    return not (won or gave_up)
