"""Sequence Solitaire's moves in words and keys (``games.family.moves``, for the
rules of ``rules.sequence``)."""

from __future__ import annotations

from rules import sequence
from rules.sequence import Move, State
from solitaire_tui.games.family import moves as family


def move_text(before: State, move: Move, _: object = None) -> str:
    """A move with the card it moves, as ``play --moves`` and ``solve`` list them."""
    return family.move_text(sequence, before, move)


def keys_for(state: State, move: Move) -> tuple[str, ...]:
    return family.keys_for(sequence, state, move)


def describe(state: State, move: Move) -> str:
    return family.describe(sequence, state, move)
