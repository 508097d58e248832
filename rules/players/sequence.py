"""Players for Sequence Solitaire."""

from __future__ import annotations

from rules import sequence
from rules.players import Player, RandomPlayer
from rules.players.sequence_greedy import GreedyPlayer
from rules.roster import SEQUENCE, check_name
from rules.sequence import Move, State

__all__ = ["GreedyPlayer", "player"]  # the greedy player is one of this game's players


def player(name: str, seed: int) -> Player[State, Move]:
    """The player a strategy name stands for; ``seed`` drives the random and fair
    ones (a batch game's deal number)."""
    level = check_name(name, SEQUENCE, "Sequence Solitaire")
    if level == "greedy":
        return GreedyPlayer()
    if level in ("quick", "fair"):
        from rules.players.sequence_fair import FairPlayer

        return FairPlayer(seed, level)
    if level == "solver":
        from rules.players.sequence_solver import SolverPlayer

        return SolverPlayer()
    return RandomPlayer(sequence.legal_moves, seed)
