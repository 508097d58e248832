"""A player that follows a solver, and a peek: the solver asked about one game's
positions as they come. One piece of code for every game a solver knows (Sequence
Solitaire's own, the Calculation family's for any description).

The solvers are compiled; what they answer (``Solution``, its verdicts) is plain data
in ``rules.roster``, so the app and the rules can name an answer without importing
numba, which a ``Solve`` given here loads on its first search.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from rules.players.base import Player
from rules.roster import Solution

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")


# A solver: ``solve(state, max_nodes=…, stop=…, progress=…)`` decides ``state`` within
# ``max_nodes``; ``stop()`` may end it early (the solution then says it was stopped),
# ``progress(nodes)`` hears how far it got.
Solve = Callable[..., Solution[M]]


class Peek(Generic[S, M]):
    """The solver asked about one game's positions as they come, as a player who peeks
    does: a winning line, once found, answers every position along it (``apply``, the
    rules'), so following it asks the solver nothing more."""

    def __init__(self, solve: Solve[M], apply: Callable[[S, M], S], max_nodes: int) -> None:
        self.max_nodes = max_nodes
        self._solve, self._apply = solve, apply
        self._known: dict[S, Solution[M]] = {}

    def known(self, state: S) -> Solution[M] | None:
        """What is known of ``state`` without searching."""
        return self._known.get(state)

    def solve(self, state: S, stop: Callable[[], bool] | None = None,
              progress: Callable[[int], None] | None = None) -> Solution[M]:
        """The solver's answer for ``state`` (a search of up to ``max_nodes``), which
        ``stop()`` may end early: an answer stopped short is not kept."""
        known = self._known.get(state)
        if known is not None:
            return known
        solution = self._solve(state, max_nodes=self.max_nodes, stop=stop, progress=progress)
        if solution.stopped:
            return solution
        self._known[state] = solution
        if solution.verdict == "won":
            at = state
            for done, move in enumerate(solution.moves, 1):
                at = self._apply(at, move)
                self._known[at] = Solution("won", solution.moves[done:], 0, 0.0)
        return solution

    def follows(self, state: S, move: M) -> None:
        """``move`` is played from ``state`` by another player, the solver having found
        no win there: after a position known to be lost, the one it reaches is lost
        too; after one left undecided, the one it reaches is left undecided without a
        search (``Solution.nodes`` 0: not searched), as a game played on by auto play
        would otherwise spend the whole budget again at every move."""
        known = self._known.get(state)
        if known is not None and known.verdict != "won":
            after = known if known.verdict == "lost" else Solution("unknown", (), 0, 0.0)
            self._known.setdefault(self._apply(state, move), after)

    def forget(self) -> None:
        self._known.clear()


class SolverPlayer(Generic[S, M]):
    """Plays the winning line when the solver finds one within the peek's budget;
    otherwise (lost or undecided) plays as ``fallback``.

    A line found is followed without searching again (``Peek`` knows every position
    along it). Once a search finds no win, the fallback plays the game out without
    searching: every position after a lost one is lost, and after an undecided one
    each search would spend the whole budget again, some seconds a move on the
    hardest deals. A new game (a position no later than the last one asked about)
    searches again. ``moves`` numbers a state's moves.
    """

    def __init__(self, peek: Peek[S, M], fallback: Player[S, M],
                 moves: Callable[[S], int]) -> None:
        self._peek, self._fallback, self._moves = peek, fallback, moves
        self._gave_up_at: int | None = None  # the move at which a search found no win

    def choose(self, state: S) -> M:
        known = self._peek.known(state)
        if known is None and (self._gave_up_at is None
                              or self._moves(state) <= self._gave_up_at):
            known = self._peek.solve(state)
            self._gave_up_at = None if known.verdict == "won" else self._moves(state)
        if known is not None and known.moves:
            return known.moves[0]
        return self._fallback.choose(state)
