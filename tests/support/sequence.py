"""Sequence Solitaire positions as the solver's and the kernels' tests make them: the
deck in the piles' order, endgames of a deck played by a seeded player, the plain
exhaustive search that is the truth, a line replayed, a position as the kernels'
arrays."""

from __future__ import annotations

import numpy as np

from rules import sequence as sq
from rules.cards import Card, below
from rules.fast.sequence import PILES
from rules.players.sequence_fair import COLUMNS

PILE_ORDER = tuple(Card(sq.rank_needed(pile, j) or 0) for pile in range(4) for j in range(13))


class TooBig(Exception):
    """The plain search would remember more positions than it may."""


def winnable(state: sq.State, memo: dict[object, bool], most: float = float("inf")) -> bool:
    """The plain truth: try every legal move, remembering positions up to the order
    of the storage piles."""
    if sq.is_won(state):
        return True
    key = (state.hand, state.deck, tuple(map(len, state.finals)), tuple(sorted(state.storage)))
    if key not in memo:
        if len(memo) >= most:
            raise TooBig
        memo[key] = any(winnable(sq.apply(state, move), memo, most)
                        for move in sq.legal_moves(state))
    return memo[key]


def endgame(deck: tuple[Card, ...], seed: int, left: int) -> sq.State:
    """Play ``deck`` until ``left`` cards are still to turn: a seeded player that
    mostly plays to final piles, so games get far and some can still be won."""
    state = sq.new_game(sq.Options(), deck)
    while len(state.deck) > left and not sq.is_over(state):
        moves = sq.legal_moves(state)
        finals = [move for move in moves if isinstance(move, sq.ToFinal)]
        seed, roll = below(seed, 10)
        choices = finals if finals and roll < 8 else moves
        seed, index = below(seed, len(choices))
        state = sq.apply(state, choices[index])
    return state


def replays_to_a_win(state: sq.State, moves: tuple[sq.Move, ...]) -> bool:
    for move in moves:
        state = sq.apply(state, move)
    return sq.is_won(state)


def arrays(state: sq.State) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, np.ndarray]:
    storage = np.zeros((PILES, COLUMNS), np.int8)
    heights = np.zeros(PILES, np.int64)
    for pile, cards in enumerate(state.storage):
        heights[pile] = len(cards)
        storage[pile, 1:len(cards) + 1] = [card.rank for card in cards]
    placed = np.array([len(pile) for pile in state.finals], np.int64)
    unseen = np.zeros(sq.PILE_SIZE + 2, np.int64)
    for card in state.deck:
        unseen[card.rank] += 1
    return storage, heights, placed, 0 if state.hand is None else state.hand.rank, unseen
