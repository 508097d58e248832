"""One-Handed Solitaire's own words: its figures and its verdict, shared by the
screen and ``play --headless``."""

from __future__ import annotations

from rules import one_handed
from rules.one_handed import Move, State
from rules.words import counted

PLAY_KEYS = {Move.DISCARD_MIDDLE: "m", Move.DISCARD_FOUR: "f", Move.DRAW: "d"}


def figures(state: State) -> str:
    return (f"in hand {len(state.hand)} · deck {len(state.deck)}"
            f" · discarded {len(state.discards)}")


def verdict(state: State) -> tuple[bool, str]:
    result = one_handed.result(state)
    left = counted(result.cards_left, "card")
    return result.won, ("every card discarded" if result.won
                        else f"the deck is used up with {left} in hand")


def describe(move: Move) -> str:
    return f"{move.value} ({PLAY_KEYS[move]})"
