"""What the Sequence Solitaire solver answers, and a player that follows it.

The solver itself is compiled (``rules.fast.sequence_solver``); this module holds
only plain values so the app and the rules can name a solver's answer without
importing numba, which the player loads on its first move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.sequence import Move, State
from rules.strategies.sequence import GreedyPlayer

Verdict = Literal["won", "lost", "unknown"]
VERDICTS: tuple[Verdict, ...] = ("won", "lost", "unknown")  # kernels return places in it
# About 2 s of search on one core of the (loaded) machine this was tuned on (1M nodes
# took 1.2-1.6 s); a node budget rather than a clock, so statistics replay exactly.
DEFAULT_NODES = 1_500_000


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one position, which knows the order of the deck.

    ``verdict`` is "won" only with a line that wins (``moves``, from the position),
    "lost" only after an exhaustive search, and "unknown" when the budget ran out.
    """

    verdict: Verdict
    moves: tuple[Move, ...]
    nodes: int
    seconds: float


class SolverPlayer:
    """Plays the first move of a winning line when the solver finds one within
    ``max_nodes``; otherwise (lost or undecided) plays as GreedyPlayer.

    A fresh search every move keeps the player stateless, as players are: a line
    found earlier stays a winning line, so it is found again quickly.
    """

    def __init__(self, max_nodes: int = DEFAULT_NODES) -> None:
        self._max_nodes = max_nodes
        self._fallback = GreedyPlayer()

    def choose(self, state: State) -> Move:
        from rules.fast.sequence_solver import solve  # numba loads on the first move only

        solution = solve(state, max_nodes=self._max_nodes)
        if solution.moves:
            return solution.moves[0]
        return self._fallback.choose(state)
