"""The family's moves in words and keys: what a hint names, what the command line
lists, and which keys make a move on the screen.

Plain functions of a rules module (``rules.sequence``, ``rules.calculation.game``)
and its states, so they are tested without Textual.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from rules.calculation.game import Turn
from rules.cards import Card
from rules.sequence import ToFinal, ToStorage

S = TypeVar("S", contravariant=True)
TURN_KEY = "space"  # as solitaire programs turn the stock


class FamilyRules(Protocol[S]):
    """What the words and the board ask of a family's rules module."""

    def fitting_piles(self, state: S, card: Card, /) -> tuple[int, ...]: ...

    def card_at(self, state: S, source: int | None, /) -> Card: ...

    def needs(self, state: S, pile: int, /) -> int | None: ...

    def card_moved(self, state: S, move: ToFinal | ToStorage, /) -> Card: ...


def move_text(rules: FamilyRules[S], before: S, move: ToFinal | ToStorage | Turn,
              hand: str = "hand") -> str:
    """A move with the card it moves, as ``play --moves`` and ``solve`` list them;
    ``hand`` names where the hand card lies (a game with a waste pile: "waste")."""
    card = "" if isinstance(move, Turn) else rules.card_moved(before, move).glyph
    return f"{card:>3}  {str(move).replace('hand', hand)}"


def named(source: int | None, hand: str = "hand") -> str:
    """Where a card comes from: the hand (None; with a waste pile, "waste") or a
    storage pile."""
    return f"the {hand}" if source is None else f"storage pile {source + 1}"


def listed(numbers: tuple[int, ...]) -> str:
    """Piles numbered from 0, as people count them: "1, 3 and 4"."""
    words = [str(number + 1) for number in numbers]
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else words[0]


def keys_for(rules: FamilyRules[S], state: S, move: ToFinal | ToStorage | Turn
             ) -> tuple[str, ...]:
    """The keys that make ``move`` here: what a hint names and what the tests press.
    The final pile is typed only when the card fits several."""
    if isinstance(move, Turn):
        return (TURN_KEY,)
    if isinstance(move, ToStorage):
        return (str(move.pile + 1),)
    keys: tuple[str, ...] = ("f",) if move.source is None else ("s", str(move.source + 1))
    if len(rules.fitting_piles(state, rules.card_moved(state, move))) > 1:
        keys += (str(move.pile + 1),)
    return keys


def key_name(rules: FamilyRules[S], state: S, move: ToFinal | ToStorage | Turn) -> str:
    """A move as a review names it: its keys (``keys_for``) run together, "s31"."""
    return "".join(keys_for(rules, state, move))


def describe(rules: FamilyRules[S], state: S, move: ToFinal | ToStorage | Turn,
             hand: str = "hand") -> str:
    """A hint in words, with the keys that play it; ``hand`` names where the hand
    card lies (``named``)."""
    presses = keys_for(rules, state, move)
    keys = f"key{'s' if len(presses) > 1 else ''} {' '.join(presses)}"
    if isinstance(move, Turn):
        return f"turn the stock ({keys})"
    card = rules.card_moved(state, move)
    if isinstance(move, ToStorage):
        return f"put {card.glyph} on storage pile {move.pile + 1} ({keys})"
    return (f"play {card.glyph} from {named(move.source, hand)} to final pile {move.pile + 1}"
            f" ({keys})")
