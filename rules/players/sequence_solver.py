"""A Sequence Solitaire player that follows the solver, and a peek at one game
(``rules.players.solver``, with Sequence's solver, ``rules.fast.sequence_solver``,
loaded on the first search)."""

from __future__ import annotations

from typing import Any

from rules import sequence
from rules.players import solver
from rules.players.sequence_greedy import GreedyPlayer
from rules.roster import SOLVER_NODES, Solution
from rules.sequence import Move, State


def solve(state: State, **budget: Any) -> Solution[Move]:
    """The compiled solver's answer for ``state`` (``max_nodes``, ``max_seconds``,
    ``stop`` and ``progress`` as it takes them), loaded on the first call."""
    from rules.fast.sequence_solver import solve as search

    return search(state, **budget)


class Peek(solver.Peek[State, Move]):
    """Sequence's solver asked about one game's positions as they come."""

    def __init__(self, max_nodes: int = SOLVER_NODES) -> None:
        super().__init__(solve, sequence.apply, max_nodes)


class SolverPlayer(solver.SolverPlayer[State, Move]):
    """Plays Sequence's solver's winning line; otherwise as ``GreedyPlayer``."""

    def __init__(self, max_nodes: int = SOLVER_NODES) -> None:
        super().__init__(Peek(max_nodes), GreedyPlayer(), lambda state: state.moves)
