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
        if choose is None:
            (move,) = rules.legal_moves(state)
        else:
            move = choose(state)
        state = rules.apply(state, move)
        yield move, state


def final_state(rules: Rules[S, M], state: S, choose: Callable[[S], M] | None = None) -> S:
    last = state
    for _, last in moves_of(rules, state, choose):  # noqa: B007 - only the last is wanted
        pass
    return last
