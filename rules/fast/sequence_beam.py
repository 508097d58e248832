"""Sequence Solitaire's beam search, deck order known: wins far from the solver's
best-first line, found by keeping the ``width`` most promising positions after each
card turned.

A card that fits a final pile goes there (``_settle``: storage tops first, onto the
pile ``_final_choice`` picks), so the only choices are where each hand card that
fits nothing goes: one child position per distinct storage pile. Each child is
scored by playing it out with the best-first rule (``_line``: the cards it gets to
final piles), less a little for each storage card covered by one needed later
(``_covered``), which breaks the many ties; children proved lost (``stuck``) or met
before in the same layer are dropped. A play-out that wins ends the search with its
line. Like the pilot, it only finds wins: it never proves a loss.

Where the solver's discrepancy search and pilots run out, on deals that need millions
of nodes, the beam wins many in a fraction of that: of 22 deals of 0..2999 that the
solver left unknown at 1,500,000 nodes without it, widths 256, 1024 and 4096 won 1,
11 and 16, at about 0.3, 1 and 3 s a deal. A wider beam wins more deals, not all of
them (``python -m rules.fast.sequence_beam --deals 0:300 --width 64``: 288 won).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np
from numba import uint64

from rules.cards import DECK_SIZE
from rules.fast.jit import compiled, inlined
from rules.fast.sequence import NOTHING, PILES, deal_ranks
from rules.fast.sequence_fair import _storage_choice
from rules.fast.sequence_positions import (
    CHECK_NODES,
    CONTROLS,
    EARLIER,
    GOAL,
    HAND,
    MOST_MOVES,
    PROGRESS,
    STOP,
    _counts,
    _distance,
    _final_choice,
    _key,
    _play,
    _rank_of,
    _storage_order,
)
from rules.fast.sequence_proofs import RANKS, stuck

# A child's score: cards its play-out gets to final piles, in units of PLAYED_OUT,
# less COVERED for each storage card under one needed later; the cards on final piles
# now break what ties are left.
PLAYED_OUT, COVERED = 256, 8


@compiled
def _settle(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
            placed: np.ndarray, wants: np.ndarray, left: np.ndarray, taboo: np.ndarray,
            pile_hash: np.ndarray, path: np.ndarray, steps: int) -> tuple[int, int]:
    """Every card that fits a final pile goes there, storage tops before the hand
    card, until none fits; the moves are written to ``path`` from ``steps``. Returns
    the new deck place and steps."""
    source = 0
    while source <= PILES:
        fits = wants[_rank_of(deck, dealt, storage, heights, source)]
        if fits:
            target = _final_choice(deck, dealt, storage, heights, placed, fits)
            path[steps, 0], path[steps, 1] = source, target
            steps += 1
            dealt = _play(deck, dealt, storage, heights, placed, wants, left, taboo,
                          pile_hash, source, target)
            source = 0
        else:
            source += 1
    return dealt, steps


@compiled
def _line(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
          placed: np.ndarray, wants: np.ndarray, left: np.ndarray, pile_hash: np.ndarray,
          taboo: np.ndarray, choices: np.ndarray, path: np.ndarray) -> tuple[int, int]:
    """Play the position to its end in place: settle, the hand card to each storage
    pile of ``choices`` in turn (settling after each), then the best-first storage
    pile for every hand card after: the fair player's (``_storage_choice``), which
    is ``_storage_order``'s first but for twin piles; as strong a play-out (the same
    wins at widths 1024 and 4096 on 32 hard deals), and a fifth quicker. The moves
    go to ``path``; ``taboo`` is all zero, and stays so. Returns the steps and the
    storage choices made after ``choices``."""
    dealt, steps = _settle(deck, dealt, storage, heights, placed, wants, left, taboo,
                           pile_hash, path, np.int64(0))
    chosen = 0
    while dealt < len(deck):
        if chosen < len(choices):
            pile = choices[chosen]
        else:
            pile = _storage_choice(storage, heights, placed, np.int64(deck[dealt]))
        chosen += 1
        path[steps, 0], path[steps, 1] = HAND, PILES + pile
        steps += 1
        dealt = _play(deck, dealt, storage, heights, placed, wants, left, taboo, pile_hash,
                      HAND, PILES + pile)
        dealt, steps = _settle(deck, dealt, storage, heights, placed, wants, left, taboo,
                               pile_hash, path, steps)
    return steps, max(chosen - len(choices), 0)


@compiled
def _covered(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray) -> int:
    """How many storage cards lie right under a card that no final pile needs
    sooner than them: each waits on the card above."""
    count = 0
    for pile in range(PILES):
        for height in range(2, heights[pile] + 1):
            count += (_distance(placed, storage[pile, height])
                      > _distance(placed, storage[pile, height - 1]))
    return count


@compiled
def _choices(parent: np.ndarray, choice: np.ndarray, layer: int, slot: int) -> np.ndarray:
    """The storage piles chosen on the way to beam slot ``slot`` of ``layer``."""
    chain = np.empty(layer, np.int64)
    for at in range(layer, 0, -1):
        chain[at - 1] = choice[at, slot]
        slot = parent[at, slot]
    return chain


@inlined
def _copied(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
            to_storage: np.ndarray, to_heights: np.ndarray, to_placed: np.ndarray) -> None:
    """A position's arrays copied into others, element by element: an array's slice
    assignment compiles numba's shape check and its error message, seconds of the
    solver's compile (``sequence.copied``)."""
    for pile in range(PILES):
        to_heights[pile], to_placed[pile] = heights[pile], placed[pile]
        for height in range(storage.shape[1]):
            to_storage[pile, height] = storage[pile, height]


@inlined
def _counts_copied(wants: np.ndarray, left: np.ndarray, pile_hash: np.ndarray,
                   to_wants: np.ndarray, to_left: np.ndarray, to_hash: np.ndarray) -> None:
    """``_counts``' arrays copied into others, as ``_copied`` copies a position."""
    for rank in range(len(wants)):
        to_wants[rank] = wants[rank]
    for rank in range(len(left)):
        to_left[rank] = left[rank]
    for pile in range(PILES):
        to_hash[pile] = pile_hash[pile]


SORTED_RUN = 16  # children ranked by insertion before the merges (``_best_first``)


@compiled
def _best_first(scores: np.ndarray, count: int, order: np.ndarray,
                spare: np.ndarray) -> np.ndarray:
    """The first ``count`` places of ``scores``, highest score first, equal scores in
    their order (``np.argsort(-scores[:count], kind="mergesort")``): a merge sort of
    its own, as numpy's compiled a second of the solver's warm-up. Returns ``order``
    or ``spare``, whichever holds the places (both are worked in)."""
    for low in range(0, count, SORTED_RUN):  # short runs by insertion, as numpy's
        for index in range(low, min(low + SORTED_RUN, count)):
            at = index
            while at > low and scores[order[at - 1]] < scores[index]:
                order[at] = order[at - 1]
                at -= 1
            order[at] = index
    width = SORTED_RUN
    while width < count:
        for low in range(0, count, 2 * width):
            middle, high = min(low + width, count), min(low + 2 * width, count)
            left, right = low, middle
            for out in range(low, high):
                if right < high and (left == middle
                                     or scores[order[right]] > scores[order[left]]):
                    spare[out] = order[right]
                    right += 1
                else:
                    spare[out] = order[left]
                    left += 1
        order, spare = spare, order
        width *= 2
    return order


@compiled
def beam(deck: np.ndarray, dealt: int, storage: np.ndarray, heights: np.ndarray,
         placed: np.ndarray, width: int, max_nodes: int, control: np.ndarray,
         path: np.ndarray) -> tuple[bool, int, int, int]:
    """Search the position (arrays as ``sequence_positions``, left as they came) with
    a beam of ``width``, until a win, ``max_nodes`` (a child or a storage choice of
    a play-out each), a layer with no child left, or control[STOP] set by another
    thread; it reports its nodes to control[PROGRESS] as the solver's search does.
    Returns (won, nodes, most final cards seen, steps of the winning line written
    to ``path`` as (source, target) rows)."""
    depth = storage.shape[1]
    children = width * PILES
    states = np.full((width, PILES, depth), NOTHING, np.int8)
    tall = np.zeros((width, PILES), np.int64)  # heights of each kept position
    final = np.zeros((width, PILES), np.int64)  # its final cards
    turned = np.zeros(width, np.int64)  # its deck place
    kids = np.full((children, PILES, depth), NOTHING, np.int8)
    kid_tall = np.zeros((children, PILES), np.int64)
    kid_final = np.zeros((children, PILES), np.int64)
    kid_turned = np.zeros(children, np.int64)
    kid_key = np.zeros(children, np.uint64)
    kid_score = np.zeros(children, np.int64)
    kid_parent = np.zeros(children, np.int64)
    kid_choice = np.zeros(children, np.int64)
    ranked, spare = np.empty(children, np.int64), np.empty(children, np.int64)
    layers = len(deck) - dealt + 2
    parent = np.zeros((layers, width), np.int64)
    choice = np.zeros((layers, width), np.int64)
    seen_size = 16
    while seen_size < 4 * children:
        seen_size *= 2
    seen = np.zeros(seen_size, np.uint64)
    taboo = np.zeros(PILES + 1, np.int64)
    moves = np.empty((MOST_MOVES, 2), np.int64)
    keep, coming = np.zeros(PILES, np.int64), np.zeros(RANKS, np.int64)
    held, free = np.zeros(RANKS, np.int64), np.zeros(RANKS, np.int64)
    out_storage = np.empty_like(storage)
    out_heights, out_placed = np.empty_like(heights), np.empty_like(placed)
    scratch = np.empty_like(path)
    no_choice = np.empty(0, np.int64)

    _copied(storage, heights, placed, states[0], tall[0], final[0])
    wants, left, pile_hash = _counts(deck, dealt, states[0], tall[0], final[0])
    turned[0], _ = _settle(deck, dealt, states[0], tall[0], final[0], wants, left, taboo,
                           pile_hash, scratch, np.int64(0))
    best = int(final[0].sum())
    count, layer, nodes, reported = 1, np.int64(0), 0, 0
    won_slot, won_choice = np.int64(-1), -1
    while won_slot < 0 and best < GOAL:
        made = np.int64(0)
        for slot in range(count):
            if turned[slot] >= len(deck):
                continue
            slot_wants, slot_left, slot_hash = _counts(deck, turned[slot], states[slot],
                                                       tall[slot], final[slot])
            listed = _storage_order(states[slot], tall[slot], final[slot], slot_wants, taboo,
                                    np.int64(deck[turned[slot]]), moves)
            for m in range(listed):
                kid = made
                _copied(states[slot], tall[slot], final[slot], kids[kid], kid_tall[kid],
                        kid_final[kid])
                _counts_copied(slot_wants, slot_left, slot_hash, wants, left, pile_hash)
                here = _play(deck, turned[slot], kids[kid], kid_tall[kid], kid_final[kid],
                             wants, left, taboo, pile_hash, HAND, moves[m, 1])
                kid_turned[kid], _ = _settle(deck, here, kids[kid], kid_tall[kid],
                                             kid_final[kid], wants, left, taboo, pile_hash,
                                             scratch, np.int64(0))
                nodes += 1
                if nodes >= reported + CHECK_NODES:
                    reported = nodes
                    control[PROGRESS] = control[EARLIER] + nodes
                if stuck(kids[kid], kid_tall[kid], kid_final[kid], left, keep, coming, held,
                         free):
                    continue
                kid_key[kid] = _key(deck, kid_turned[kid], kids[kid], kid_tall[kid],
                                    kid_final[kid], wants, taboo, pile_hash)
                _copied(kids[kid], kid_tall[kid], kid_final[kid], out_storage, out_heights,
                        out_placed)
                _, decided = _line(deck, kid_turned[kid], out_storage, out_heights, out_placed,
                                   wants, left, pile_hash, taboo, no_choice, scratch)
                nodes += decided
                played_out = int(out_placed.sum())
                best = max(best, played_out)
                if played_out == GOAL:
                    won_slot, won_choice = slot, moves[m, 1] - PILES
                    break
                kid_score[kid] = (PLAYED_OUT * played_out
                                  - COVERED * _covered(kids[kid], kid_tall[kid], kid_final[kid])
                                  + kid_final[kid].sum())
                kid_parent[kid], kid_choice[kid] = slot, moves[m, 1] - PILES
                made += 1
            if won_slot >= 0 or nodes >= max_nodes or control[STOP]:
                break
        if won_slot >= 0 or made == 0 or nodes >= max_nodes or control[STOP]:
            break
        layer += 1
        seen[:] = 0
        mask = uint64(seen_size - 1)
        count = 0
        for kid in _best_first(kid_score, made, ranked, spare)[:made]:
            at = kid_key[kid] & mask
            while seen[at] != 0 and seen[at] != kid_key[kid]:
                at = (at + uint64(1)) & mask
            if seen[at] != 0:
                continue
            seen[at] = kid_key[kid]
            _copied(kids[kid], kid_tall[kid], kid_final[kid], states[count], tall[count],
                    final[count])
            turned[count] = kid_turned[kid]
            parent[layer, count], choice[layer, count] = kid_parent[kid], kid_choice[kid]
            count += 1
            if count == width:
                break
    steps = 0
    if best == GOAL:
        chain = np.empty(0, np.int64)
        if won_slot >= 0:
            chain = np.empty(layer + 1, np.int64)
            chosen = _choices(parent, choice, layer, won_slot)
            for at in range(layer):
                chain[at] = chosen[at]
            chain[layer] = won_choice
        _copied(storage, heights, placed, out_storage, out_heights, out_placed)
        wants, left, pile_hash = _counts(deck, dealt, out_storage, out_heights, out_placed)
        steps, _ = _line(deck, dealt, out_storage, out_heights, out_placed, wants, left,
                         pile_hash, taboo, chain, path)
    return best == GOAL, nodes, best, steps


def main(argv: Sequence[str] | None = None) -> None:
    """How many deals the beam wins at one width: ``python -m rules.fast.sequence_beam
    --deals 1000:3000 --width 256``."""
    import time

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--deals", default="0:100", help="first:last deal numbers, last excluded")
    parser.add_argument("--width", type=int, default=256)
    args = parser.parse_args(argv)
    first, _, last = args.deals.partition(":")
    deck = np.empty(DECK_SIZE, np.int8)
    storage = np.full((PILES, DECK_SIZE + 1), NOTHING, np.int8)
    heights, placed = np.zeros(PILES, np.int64), np.zeros(PILES, np.int64)
    path = np.empty((2 * DECK_SIZE + GOAL, 2), np.int64)
    control = np.zeros(CONTROLS, np.int64)
    won = nodes = 0
    began = time.perf_counter()
    for deal in range(int(first), int(last)):
        deal_ranks(uint64(deal), deck)
        result = beam(deck, 0, storage, heights, placed, args.width, 10**9, control, path)
        won += result[0]
        nodes += result[1]
    print(f"width {args.width}: {won} of deals {first}..{int(last) - 1} won,"
          f" {nodes} nodes, {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
