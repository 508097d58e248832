"""Sequence Solitaire's own words: its figures and its verdict, shared by the screen
and ``play --headless``."""

from __future__ import annotations

from rules import sequence
from rules.sequence import PILE_SIZE, PILES, State

TOTAL = PILES * PILE_SIZE


def figures(state: State, winnable_only: bool) -> str:
    return (f"final {state.final_cards}/{TOTAL} · deck {len(state.deck)}"
            f" · storage {sum(len(pile) for pile in state.storage)}"
            + (" · new deals winnable" if winnable_only else ""))  # n's, said by w


def verdict(state: State) -> tuple[bool, str]:
    if sequence.is_won(state):
        return True, f"all {TOTAL} cards are on the final piles"
    return False, (f"no move left, with {state.final_cards} of {TOTAL} cards"
                   " on the final piles")
