"""The Calculation family, compiled: any description (``rules.calculation``) played
by the greedy or the random player, the description handed in as arrays.

The kernel is compiled once for the family: a game is its arrays (``Tables``), so a
description added, shipped or a player's own, adds no compile. It plays as
``rules.calculation.game`` does, move for move: the moves are counted and drawn in the
rules' order of legal moves (storage tops to foundations, the hand card to
foundations, to storage piles, then a turn), the random player seeded with the deal
number as ``rules.players.RandomPlayer`` is.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, uint64

from rules.calculation.description import RANKS, Description
from rules.cards import DECK_SIZE
from rules.fast.deals import below, deal_into
from rules.roster import BASIC, GREEDY, code

FIELDS = ("won", "final_cards", "moves")
DONE = RANKS + 1  # the rank a complete foundation wants: no card has it
NO_MOVE, HAND, TURN = -1, -2, -3  # sources beside the storage piles 0..
TO_STORAGE = 100  # a move's target: 100 + p for storage pile p, f for foundation f


class Tables(NamedTuple):
    """A description as the kernel reads it."""

    wanted: np.ndarray  # [foundation, cards on it]: the rank it takes next, DONE when full
    dealt: np.ndarray  # [foundation]: its base (a rank) put out before the deal, or 0
    stock: np.ndarray  # storage piles, passes, cards a turn, a waste pile, bases of one suit


def tables(description: Description) -> Tables:
    piles = description.foundations
    wanted = np.full((len(piles), RANKS + 1), DONE, np.int64)
    for index, pile in enumerate(piles):
        for held in range(pile.length):
            wanted[index, held] = pile.rank(held)
    dealt = np.array([pile.base if pile.dealt else 0 for pile in piles], np.int64)
    stock = np.array([description.storage, description.passes, description.turn,
                      description.waste, description.bases == "one suit"], np.int64)
    return Tables(wanted, dealt, stock)


@njit(cache=True, nogil=True)
def _laid_out(deal: np.uint64, dealt: np.ndarray, one_suit: bool, placed: np.ndarray,
              stock: np.ndarray) -> int:
    """Deal ``deal``: the dealt bases put out (``placed`` counts them), the other cards'
    ranks into ``stock`` in the order they are turned; returns how many."""
    cards = np.empty(DECK_SIZE, np.int64)
    deal_into(deal, cards)
    taken = np.zeros(DECK_SIZE, np.bool_)
    suit = np.int64(-1)
    for pile in range(len(dealt)):
        placed[pile] = 0
        if dealt[pile] == 0:
            continue
        for at in range(DECK_SIZE):
            card = cards[at]
            if not taken[at] and card % RANKS + 1 == dealt[pile] and (
                    suit < 0 or card // RANKS == suit):
                taken[at] = True
                placed[pile] = 1
                if one_suit:
                    suit = card // RANKS
                break
    size = np.int64(0)
    for at in range(DECK_SIZE):
        if not taken[at]:
            stock[size] = cards[at] % RANKS + 1
            size += 1
    return int(size)


@njit(cache=True, nogil=True)
def _moves(wanted: np.ndarray, placed: np.ndarray, storage: np.ndarray, heights: np.ndarray,
           hand: int, can_turn: bool, pick: int) -> tuple[int, int, int]:
    """The legal moves in the rules' order: (how many, and move ``pick``'s source and
    target; ``pick`` -1 counts only)."""
    count = np.int64(0)
    piles = len(placed)
    for source in range(len(heights)):
        if heights[source]:
            top = storage[source, heights[source] - 1]
            for target in range(piles):
                if wanted[target, placed[target]] == top:
                    if count == pick:
                        return count, source, target
                    count += 1
    if hand > 0:
        for target in range(piles):
            if wanted[target, placed[target]] == hand:
                if count == pick:
                    return count, HAND, target
                count += 1
        for pile in range(len(heights)):
            if count == pick:
                return count, HAND, TO_STORAGE + pile
            count += 1
    if can_turn:
        if count == pick:
            return count, TURN, 0
        count += 1
    return count, NO_MOVE, 0


@njit(cache=True, nogil=True)
def play(deal: np.uint64, strategy: int, wanted: np.ndarray, dealt: np.ndarray,
         settings: np.ndarray) -> tuple[bool, int, int]:
    """Deal ``deal`` played to its end: won, the cards on the foundations, the moves."""
    piles, passes, turn = settings[0], settings[1], settings[2]
    waste_pile, one_suit = settings[3] != 0, settings[4] != 0
    placed = np.zeros(len(dealt), np.int64)
    stock = np.empty(DECK_SIZE, np.int64)
    size = _laid_out(deal, dealt, one_suit, placed, stock)
    storage = np.zeros((max(piles, np.int64(1)), DECK_SIZE), np.int64)
    heights = np.zeros(piles, np.int64)
    waste = np.empty(DECK_SIZE, np.int64)
    turned, next_card, this_pass = np.int64(0), np.int64(0), np.int64(1)
    if not waste_pile:  # the first card is turned at once
        waste[0] = stock[0]
        turned, next_card = np.int64(1), np.int64(1)
    rng, moves = deal, np.int64(0)
    while True:
        hand = waste[turned - 1] if turned else np.int64(0)
        can_turn = waste_pile and (next_card < size or (turned > 0 and this_pass < passes))
        if strategy == GREEDY:
            count, source, target = _moves(wanted, placed, storage, heights, hand, can_turn,
                                           np.int64(-1))
            if count == 0:
                break
            _, source, target = _moves(wanted, placed, storage, heights, hand, can_turn,
                                       np.int64(0))
            if target >= TO_STORAGE:  # nothing to build: the lowest storage pile
                target = TO_STORAGE + np.argmin(heights)
        else:
            count, source, target = _moves(wanted, placed, storage, heights, hand, can_turn,
                                           np.int64(-1))
            if count == 0:
                break
            rng, drawn = below(rng, count)
            _, source, target = _moves(wanted, placed, storage, heights, hand, can_turn,
                                       np.int64(drawn))
        moves += 1
        if source == TURN:
            if next_card < size:
                for _ in range(min(turn, size - next_card)):
                    waste[turned] = stock[next_card]
                    turned += 1
                    next_card += 1
            else:  # the waste turned over: the first turned is turned first again
                stock[:turned] = waste[:turned]
                size, turned, next_card, this_pass = turned, np.int64(0), np.int64(0), (
                    this_pass + 1)
            continue
        if source == HAND:
            card = waste[turned - 1]
            turned -= 1
            if not waste_pile and next_card < size:
                waste[turned] = stock[next_card]
                turned += 1
                next_card += 1
        else:
            heights[source] -= 1
            card = storage[source, heights[source]]
        if target >= TO_STORAGE:
            pile = target - TO_STORAGE
            storage[pile, heights[pile]] = card
            heights[pile] += 1
        else:
            placed[target] += 1
    final_cards = placed.sum()
    return final_cards == DECK_SIZE, final_cards, moves


@njit(cache=True, nogil=True)
def batch(start: np.uint64, count: int, strategy: int, wanted: np.ndarray, dealt: np.ndarray,
           settings: np.ndarray, out: np.ndarray) -> None:
    for game in range(count):
        won, final_cards, moves = play(start + uint64(game), strategy, wanted, dealt, settings)
        out[game, 0] = won
        out[game, 1] = final_cards
        out[game, 2] = moves


def deal_results(description: Description, start: int, count: int,
                 strategy: str) -> np.ndarray:
    """Deals start..start+count-1 of ``description`` by ``strategy`` ("greedy" or
    "random"), a row of ``FIELDS`` each."""
    out = np.empty((count, len(FIELDS)), np.int64)
    wanted, dealt, settings = tables(description)
    batch(np.uint64(start), count, code(strategy, BASIC, description.name), wanted, dealt,
           settings, out)
    return out
