"""One-Handed Solitaire: draw cards into a hand and look at its newest four.

If the oldest and newest of the four share a rank, all four go; if they share a
suit, the middle two go; otherwise, or with fewer than four in hand, draw a card.
Every step is forced, so ``legal_moves`` holds the one right move: a screen lets
the player name it and explains a wrong one, and a test runs the game to its end.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.cards import Card
from rules.errors import DeckError, IllegalMove


class Move(enum.Enum):
    DISCARD_FOUR = "discard four"
    DISCARD_MIDDLE = "discard middle two"
    DRAW = "draw"


@dataclass(frozen=True)
class Options:
    """The game has no options; the value keeps the games' shape uniform."""


@dataclass(frozen=True)
class State:
    options: Options
    hand: tuple[Card, ...]  # oldest first: the newest four are hand[-4:]
    deck: tuple[Card, ...]  # next card to draw first
    discards: tuple[Card, ...]
    moves: int = 0

    @property
    def window(self) -> tuple[Card, ...]:
        """The cards in view: the newest four of the hand, oldest first."""
        return self.hand[-4:]


@dataclass(frozen=True)
class Result:
    won: bool
    cards_left: int
    moves: int


def new_game(options: Options, deck: tuple[Card, ...]) -> State:
    if any(card.suit is None for card in deck):
        raise DeckError("One-Handed Solitaire needs suits: write each card with one, such as 10H")
    return State(options, hand=(), deck=tuple(deck), discards=())


def forced_move(state: State) -> Move | None:
    """The move the rules make here, or None when the game is over."""
    if len(state.hand) >= 4:
        first, last = state.hand[-4], state.hand[-1]
        if first.rank == last.rank:
            return Move.DISCARD_FOUR
        if first.suit == last.suit:
            return Move.DISCARD_MIDDLE
    return Move.DRAW if state.deck else None


def legal_moves(state: State) -> tuple[Move, ...]:
    move = forced_move(state)
    return () if move is None else (move,)


def is_over(state: State) -> bool:
    return forced_move(state) is None


def _why_not(state: State, wanted: Move | None) -> str:
    window = " ".join(card.glyph for card in state.window)
    if wanted is None:
        return "the game is over: start a new deal or replay this one"
    if wanted is Move.DRAW:
        if len(state.hand) < 4:
            held = {0: "no cards", 1: "only 1 card"}.get(len(state.hand),
                                                         f"only {len(state.hand)} cards")
            return f"{held} in hand: draw until four are in view"
        return f"in {window} the first and last cards share neither rank nor suit: draw"
    shared = "rank" if wanted is Move.DISCARD_FOUR else "suit"
    return f"in {window} the first and last cards share a {shared}: {wanted.value}"


def apply(state: State, move: Move) -> State:
    wanted = forced_move(state)
    if move is not wanted:
        raise IllegalMove(_why_not(state, wanted))
    hand = state.hand
    if move is Move.DRAW:
        return State(
            state.options, (*hand, state.deck[0]), state.deck[1:], state.discards, state.moves + 1
        )
    if move is Move.DISCARD_FOUR:
        kept, gone = hand[:-4], hand[-4:]
    else:
        kept, gone = (*hand[:-3], hand[-1]), hand[-3:-1]
    return State(state.options, kept, state.deck, (*state.discards, *gone), state.moves + 1)


def result(state: State) -> Result:
    if not is_over(state):
        raise IllegalMove("the game is not over yet")
    return Result(won=not state.hand, cards_left=len(state.hand), moves=state.moves)
