"""The hint player's moves, and the hints asked for and answered.

A slow hint is worked out in the background (``GameTable.SLOW_HINTS``) for the
position it was asked in. ``Asks`` remembers that position and what the answer is
wanted for (shown as a hint, played by auto play, or both), so that an answer that
comes after the position changed, or after it was asked again, is dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from rules.play import Rules
from solitaire_tui.play.auto import BUDGET

S = TypeVar("S")
M = TypeVar("M")

HINT, AUTO, PEEK = "hint", "auto", "peek"  # what a hint may be wanted for


class Asks(Generic[S]):
    """The position a slow hint is being worked out for, if any, and its purposes."""

    def __init__(self) -> None:
        self.state: S | None = None
        self.wanted: set[str] = set()

    @property
    def busy(self) -> bool:
        return self.state is not None

    def ask(self, state: S, purpose: str) -> bool:
        """Want the hint for ``state`` for ``purpose`` too; True when it is a new
        question, to be worked out (not one already under way)."""
        new = self.state is not state
        self.wanted = (set() if new else self.wanted) | {purpose}
        self.state = state
        return new

    def answered(self, state: S) -> set[str] | None:
        """What the answer for ``state`` is wanted for; None when it is stale (asked
        again meanwhile, or dropped)."""
        if state is not self.state:
            return None
        self.state = None
        return self.wanted

    def failed(self, state: S) -> bool:
        """Whether a failure for ``state`` concerns the question under way (which is
        then dropped)."""
        if state is not self.state:
            return False
        self.state = None
        return True

    def drop(self) -> None:
        """Forget the question under way: its answer will come too late."""
        self.state = None


def hint_moves(rules: Rules[S, M], hint: Callable[[S], M | None], state: S) -> Iterator[M]:
    """The hint player's game from ``state``, move by move, to its end or to a
    position where it has no move to suggest."""
    while not rules.is_over(state):
        move = hint(state)
        if move is None:
            return
        yield move
        state = rules.apply(state, move)


def line(rules: Rules[S, M], hint: Callable[[S], M | None], state: S, most: float,
         clock: Callable[[], float] = time.monotonic) -> list[M]:
    """The hint player's next moves from ``state``: up to ``most``, as many as it finds
    in ``BUDGET`` seconds, and at least one if it has one."""
    until = clock() + BUDGET
    moves: list[M] = []
    for move in hint_moves(rules, hint, state):
        moves.append(move)
        if len(moves) >= most or clock() >= until:
            break
    return moves
