"""Players for Sequence Solitaire."""

from __future__ import annotations

from rules import sequence
from rules.sequence import Move, State, ToFinal, ToStorage
from rules.strategies import BASIC, Player, RandomPlayer, check_name

NAMES = BASIC  # the players by name, as the command line and the kernels know them


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


def player(name: str, seed: int) -> Player[State, Move]:
    """The player a strategy name stands for; ``seed`` drives the random one."""
    if check_name(name, NAMES, "Sequence Solitaire") == "greedy":
        return GreedyPlayer()
    return RandomPlayer(sequence.legal_moves, seed)
