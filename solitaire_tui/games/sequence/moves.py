"""Sequence Solitaire's moves in words and keys: what a hint names, what the
command line lists, and which keys make a move on the screen.

Plain functions of the rules' states, so they are tested without Textual.
"""

from __future__ import annotations

from rules import sequence
from rules.sequence import Move, State, ToStorage


def move_text(before: State, move: Move, _: object = None) -> str:
    """A move with the card it moves, as ``play --moves`` and ``solve`` list them."""
    return f"{sequence.card_moved(before, move).glyph:>3}  {move}"


def named(source: int | None) -> str:
    """Where a card comes from: the hand (None) or a storage pile."""
    return "the hand" if source is None else f"storage pile {source + 1}"


def listed(numbers: tuple[int, ...]) -> str:
    """Piles numbered from 0, as people count them: "1, 3 and 4"."""
    words = [str(number + 1) for number in numbers]
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else words[0]


def keys_for(state: State, move: Move) -> tuple[str, ...]:
    """The keys that make ``move`` here: what a hint names and what the tests press.
    The final pile is typed only when the card fits several."""
    if isinstance(move, ToStorage):
        return (str(move.pile + 1),)
    keys: tuple[str, ...] = ("f",) if move.source is None else ("s", str(move.source + 1))
    if len(sequence.fitting_piles(state, sequence.card_moved(state, move))) > 1:
        keys += (str(move.pile + 1),)
    return keys


def describe(state: State, move: Move) -> str:
    """A hint in words, with the keys that play it."""
    presses = keys_for(state, move)
    keys = f"key{'s' if len(presses) > 1 else ''} {' '.join(presses)}"
    card = sequence.card_moved(state, move)
    if isinstance(move, ToStorage):
        return f"put {card.glyph} on storage pile {move.pile + 1} ({keys})"
    return (f"play {card.glyph} from {named(move.source)} to final pile {move.pile + 1}"
            f" ({keys})")
