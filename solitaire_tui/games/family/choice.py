"""The card a player of the Calculation family has chosen, and what the next key or
click means.

By keys, ``f`` plays the hand card and ``s`` asks which storage pile, then a digit
answers; a card that fits several final piles asks which. By mouse, a card is chosen
first (the hand card or a storage pile's top) and then the pile it goes to. A card's
source is as the rules number it: a storage pile from 0, or None for the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from rules.cards import Card
from rules.sequence import ToFinal, ToStorage
from solitaire_tui.play.mode import Allowed, usable_or_dimmed

Question = Literal["storage", "final"]  # what the next digit answers
Place = Literal["hand", "final", "storage"]  # where a click landed


class Board(Protocol):
    """What choosing a card looks at in a state of any game of the family."""

    @property
    def hand(self) -> Card | None: ...

    @property
    def storage(self) -> Sequence[Sequence[Card]]: ...


# What a click means, when it is not a move: the card to choose, a card to choose
# first, the chosen card let go, or a storage pile's card sent to another one.
PICK, CHOOSE_FIRST, LET_GO, NOT_TO_STORAGE = "pick", "choose first", "let go", "not to storage"


@dataclass
class Choice:
    question: Question | None = None
    chosen: bool = False  # a card is chosen, by mouse or for a question: ``source``'s
    source: int | None = None

    def choose(self, source: int | None, question: Question | None = None) -> None:
        self.question, self.chosen, self.source = question, True, source

    def ask(self, question: Question) -> None:
        """Ask which pile, with no card chosen yet (``s``: which storage pile)."""
        self.question, self.chosen, self.source = question, False, None

    def let_go(self) -> None:
        self.question, self.chosen, self.source = None, False, None

    def allows(self, action: str, state: Board, over: bool) -> Allowed:
        """Whether a key of the family may run: a card to move and no question pending, a
        question to answer, or something to cancel. A move's key with no card to move
        is dimmed (``play.mode.usable_or_dimmed``)."""
        if action in ("store", "hand_to_final", "from_storage"):
            if self.question is not None or over:
                return False
            return usable_or_dimmed(state.hand is not None if action != "from_storage"
                                    else any(state.storage))
        if action == "answer":
            return self.question is not None
        if action == "cancel":
            return self.question is not None or self.chosen
        return True

    def clicked(self, place: Place, number: int) -> ToFinal | ToStorage | str:
        """What a click on ``place`` (a pile's number, from 0) means: a move to play,
        or one of ``PICK``, ``CHOOSE_FIRST``, ``LET_GO``, ``NOT_TO_STORAGE``."""
        clicked = None if place == "hand" else number
        if place == "final":
            return ToFinal(self.source, number) if self.chosen else CHOOSE_FIRST
        if self.chosen and self.source == clicked:
            return LET_GO
        if self.chosen and place == "storage":
            return ToStorage(number) if self.source is None else NOT_TO_STORAGE
        return PICK  # nothing chosen yet, or the hand card instead of a storage pile's
