"""Running a game to its end, the same way for every game.

The rules modules share one shape (``legal_moves``, ``apply``, ``is_over``), so
one loop serves the command line, the tests and the screens' auto mode.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypeVar

S = TypeVar("S")
M = TypeVar("M")


class Rules(Protocol[S, M]):
    """A game's rules module, seen as a value."""

    def legal_moves(self, state: S, /) -> Sequence[M]: ...

    def apply(self, state: S, move: M, /) -> S: ...

    def is_over(self, state: S, /) -> bool: ...


def moves_of(
    rules: Rules[S, M], state: S, choose: Callable[[S], M] | None = None
) -> Iterator[tuple[M, S]]:
    """Each move and the state it leads to, until the game is over.

    Without ``choose`` the game must be deterministic: its one legal move is made.
    """
    while not rules.is_over(state):
        move = _chosen(rules, state, choose)
        state = rules.apply(state, move)
        yield move, state


def final_state(rules: Rules[S, M], state: S, choose: Callable[[S], M] | None = None) -> S:
    """The state ``moves_of`` ends in, by a loop of its own: the kernels' agreement
    tests replay tens of thousands of games, a third of whose time went to resuming
    a generator."""
    while not rules.is_over(state):
        state = rules.apply(state, _chosen(rules, state, choose))
    return state


def _chosen(rules: Rules[S, M], state: S, choose: Callable[[S], M] | None) -> M:
    if choose is None:
        (move,) = rules.legal_moves(state)
        return move
    return choose(state)
