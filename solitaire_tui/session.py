"""One game in progress on a screen: its moves, with unlimited undo and redo.

States are immutable values, so the history is simply every state reached; undo
moves a cursor back and redo forward, and a new move drops the states ahead of it.
The screens keep no game state of their own beyond this.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from rules.play import Rules

S = TypeVar("S")
M = TypeVar("M")


class Session(Generic[S, M]):
    def __init__(self, rules: Rules[S, M], start: S) -> None:
        self.rules = rules
        self._states: list[S] = [start]
        self._moves: list[M] = []
        self._at = 0  # index of the current state

    @property
    def state(self) -> S:
        return self._states[self._at]

    @property
    def start(self) -> S:
        return self._states[0]

    @property
    def moves(self) -> Sequence[M]:
        """The moves that led to the current state, first first."""
        return self._moves[: self._at]

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    @property
    def can_undo(self) -> bool:
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        return self._at < len(self._moves)

    def play(self, move: M) -> S:
        """Make a move; an illegal one raises the rules' error and changes nothing."""
        after = self.rules.apply(self.state, move)
        del self._states[self._at + 1 :]
        del self._moves[self._at :]
        self._states.append(after)
        self._moves.append(move)
        self._at += 1
        return after

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self._at -= 1
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._at += 1
        return True

    def restart(self) -> None:
        """Back to the first state; the moves stay for redo, as after many undos."""
        self._at = 0
