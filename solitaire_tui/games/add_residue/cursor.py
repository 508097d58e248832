"""Where each person's cursor is, and the number being typed (hot seat).

The people share the keyboard, each with a cursor of their own: at a new turn the
mover's cursor comes back where they left it, as near as their piles allow. A digit
chooses that number on the pile under the cursor; the next digit makes a two-digit
number while it stays within the piles (1 then 2 is 12 when n ≥ 12).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.add_residue import Pile, State


def other(pile: Pile) -> Pile:
    return Pile.MOD if pile is Pile.ADD else Pile.ADD


def nearest(numbers: Iterable[int], number: int) -> int:
    """The one nearest ``number``, the smaller of two as near."""
    return min(numbers, key=lambda k: (abs(k - number), k))


class Cursor:
    def __init__(self) -> None:
        self.at: tuple[Pile, int] = (Pile.ADD, 1)
        self.turn = -1  # the turn the cursor was placed for; -1: a new game
        self.kept: dict[int, tuple[Pile, int]] = {}  # each person's, between turns
        self.typed: int | None = None  # the number typed so far this turn
        self.start: State | None = None  # the first state of the game it was placed in

    def place(self, start: State, state: State, players: int) -> None:
        """At a new turn, the mover's own cursor comes back, as near as their piles
        allow; the same turn again (after an undo) keeps it as it is. A new game (from
        ``start``: n may have changed) starts everyone's cursor afresh on the first
        number, rather than on a chip of the last game."""
        if start is not self.start:
            self.start, self.turn = start, -1
            self.kept.clear()
        if state.turn == self.turn:
            return
        if self.turn >= 0:
            self.kept[self.turn % players] = self.at
        self.turn = state.turn
        self.typed = None
        pile, number = self.kept.get(state.to_move, (Pile.ADD, 1))
        if not state.pile(state.to_move, pile):
            pile = other(pile)
        self.at = (pile, nearest(state.pile(state.to_move, pile), number))

    def step(self, state: State, step: int) -> None:
        """To the next number left on the pile, that way (no wrapping round)."""
        self.typed = None
        pile, number = self.at
        ahead = [k for k in state.pile(state.to_move, pile) if (k - number) * step > 0]
        if ahead:
            self.at = (pile, nearest(ahead, number))

    def to_pile(self, state: State, pile: Pile) -> bool:
        """To ``pile``, at the number nearest; False if the mover's pile is empty."""
        self.typed = None
        if pile is self.at[0]:
            return True
        left = state.pile(state.to_move, pile)
        if not left:
            return False
        self.at = (pile, nearest(left, self.at[1]))
        return True

    def digit(self, digit: int, n: int) -> bool:
        """Type ``digit``; False if the number is not within 1..n."""
        joined = None if self.typed is None else self.typed * 10 + digit
        number = joined if joined is not None and joined <= n else digit
        if not 1 <= number <= n:
            self.typed = None
            return False
        self.typed = number
        self.at = (self.at[0], number)
        return True

    def erase(self) -> bool:
        """Take back the last digit typed; False when none is left."""
        if self.typed is None:
            return False
        self.typed = self.typed // 10 or None
        if self.typed is not None:
            self.at = (self.at[0], self.typed)
        return self.typed is not None

    def more_digits(self, n: int) -> bool:
        """Whether a second digit would still make a number within the piles."""
        return self.typed is not None and self.typed * 10 <= n
