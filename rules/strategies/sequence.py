"""Players for Sequence Solitaire."""

from __future__ import annotations

from rules import sequence
from rules.sequence import Move, State, ToFinal, ToStorage
from rules.strategies import BASIC, Player, RandomPlayer, check_name

# The players by name, as the command line and the kernels know them: "quick" and
# "fair" see only what a person sees (``sequence_fair``); "solver" knows the deck's
# order (``sequence_solver``), so its wins are the deals that can be won at all.
NAMES = (*BASIC, "quick", "fair", "solver")
# Compared when no player is named: the solver takes milliseconds a deal, so it is
# asked for, not assumed.
COMPARED = NAMES[:-1]


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
    """The player a strategy name stands for; ``seed`` drives the random and fair
    ones (a batch game's deal number)."""
    level = check_name(name, NAMES, "Sequence Solitaire")
    if level == "greedy":
        return GreedyPlayer()
    if level in ("quick", "fair"):
        from rules.strategies.sequence_fair import FairPlayer  # they import this module

        return FairPlayer(seed, level)
    if level == "solver":
        from rules.strategies.sequence_solver import SolverPlayer

        return SolverPlayer()
    return RandomPlayer(sequence.legal_moves, seed)
