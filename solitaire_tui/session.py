"""One game in progress on a screen: its moves, with unlimited undo and redo.

States are immutable values, so the history is simply every state reached; undo
moves a cursor back and redo forward, and a new move drops the states ahead of it.
The screens keep no game state of their own beyond this.

A game kept unfinished (``store.unfinished``) is its first state and its moves by
name; ``rebuilt`` plays them again through the rules, so a resumed game is the same
game, and a move the rules no longer allow is found out rather than trusted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from rules.errors import IllegalMove
from rules.play import Rules

S = TypeVar("S")
M = TypeVar("M")


def move_name(move: object) -> str:
    """A move as text, to be kept: its value's ``repr``, which names its kind and its
    fields (``ToFinal(source=None, pile=2)``, ``<Call.HIT: 'hit'>``). It is only ever
    read back by matching it against the legal moves of the position it was made in,
    never parsed, so every game's moves are kept alike."""
    return repr(move)


class Session(Generic[S, M]):
    def __init__(self, rules: Rules[S, M], start: S) -> None:
        self.rules = rules
        self._states: list[S] = [start]
        self._moves: list[M] = []
        self._at = 0  # index of the current state

    @classmethod
    def rebuilt(cls, rules: Rules[S, M], start: S, names: Sequence[str]) -> Session[S, M]:
        """The session of the moves ``names`` (``move_name``s) played from ``start``,
        at their end, each able to be undone; ``IllegalMove`` if one of them is not a
        legal move where it comes (the rules, or the saved game, changed)."""
        session = cls(rules, start)
        for number, name in enumerate(names, 1):
            legal = {move_name(move): move for move in rules.legal_moves(session.state)}
            if name not in legal:
                raise IllegalMove(f"move {number}, {name}, is not a legal move there")
            session.play(legal[name])
        return session

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

    @property
    def undone(self) -> int:
        """The moves taken back that redo would play again."""
        return len(self._moves) - self._at

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
