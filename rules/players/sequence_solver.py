"""A Sequence Solitaire player that follows the solver.

The solver itself is compiled (``rules.fast.sequence_solver``); what it answers
(``Solution``, its verdicts and budget) is plain data in ``rules.roster``, so the app
and the rules can name a solver's answer without importing numba, which the player
loads on its first move.
"""

from __future__ import annotations

from collections.abc import Callable

from rules import sequence
from rules.players.sequence_greedy import GreedyPlayer
from rules.roster import SOLVER_NODES, Solution
from rules.sequence import Move, State


class SolverPlayer:
    """Plays the winning line when the solver finds one within ``max_nodes``;
    otherwise (lost or undecided) plays as GreedyPlayer.

    A line found is followed without searching again (``Peek`` knows every position
    along it). Once a search finds no win, the greedy player plays the game out
    without searching: every position after a lost one is lost, and after an
    undecided one each search would spend the whole budget again, some seconds a
    move on the hardest deals. A new game (a position no later than the last one
    asked about) searches again.
    """

    def __init__(self, max_nodes: int = SOLVER_NODES) -> None:
        self._peek = Peek(max_nodes)
        self._fallback = GreedyPlayer()
        self._gave_up_at: int | None = None  # the move at which a search found no win

    def choose(self, state: State) -> Move:
        known = self._peek.known(state)
        if known is None and (self._gave_up_at is None or state.moves <= self._gave_up_at):
            known = self._peek.solve(state)
            self._gave_up_at = None if known.verdict == "won" else state.moves
        if known is not None and known.moves:
            return known.moves[0]
        return self._fallback.choose(state)


class Peek:
    """The solver asked about one game's positions as they come, as a player who peeks
    does: a winning line, once found, answers every position along it, so following
    it asks the solver nothing more."""

    def __init__(self, max_nodes: int = SOLVER_NODES) -> None:
        self.max_nodes = max_nodes
        self._known: dict[State, Solution] = {}

    def known(self, state: State) -> Solution | None:
        """What is known of ``state`` without searching."""
        return self._known.get(state)

    def solve(self, state: State, stop: Callable[[], bool] | None = None,
              progress: Callable[[int], None] | None = None) -> Solution:
        """The solver's answer for ``state`` (a search of up to ``max_nodes``), which
        ``stop()`` may end early: an answer stopped short is not kept."""
        from rules.fast.sequence_solver import solve

        known = self._known.get(state)
        if known is not None:
            return known
        solution = solve(state, max_nodes=self.max_nodes, stop=stop, progress=progress)
        if solution.stopped:
            return solution
        self._known[state] = solution
        if solution.verdict == "won":
            at = state
            for done, move in enumerate(solution.moves, 1):
                at = sequence.apply(at, move)
                self._known[at] = Solution("won", solution.moves[done:], 0, 0.0)
        return solution

    def follows(self, state: State, move: Move) -> None:
        """``move`` is played from ``state``: after a position known to be lost, the
        one it reaches is lost too, and known so without a search (a game played on
        from a lost position, by auto play say, would search at every move)."""
        known = self._known.get(state)
        if known is not None and known.verdict == "lost":
            self._known.setdefault(sequence.apply(state, move), known)

    def forget(self) -> None:
        self._known.clear()
