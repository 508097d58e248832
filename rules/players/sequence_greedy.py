"""Sequence Solitaire's greedy player: the baseline, and the solver's fallback."""

from __future__ import annotations

from rules import sequence
from rules.sequence import Move, State, ToFinal, ToStorage


class GreedyPlayer:
    """Plays to a final pile whenever it can, storage tops before the hand card (in
    the rules' order of legal moves); otherwise puts the hand card on the lowest
    storage pile, the leftmost of equals, so piles stay short and tops stay free.

    A baseline to beat, not a good player: it never plans.
    """

    def choose(self, state: State) -> Move:
        moves = sequence.legal_moves(state)
        for move in moves:
            if isinstance(move, ToFinal):
                return move
        heights = [len(pile) for pile in state.storage]
        return ToStorage(heights.index(min(heights)))
