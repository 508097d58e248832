"""The family's moves in words and keys: what a hint names, what the command line
lists, and which keys make a move on the screen.

Plain functions of a rules module (``rules.sequence``, ``rules.calculation.game``)
and its states, so they are tested without Textual; a move's name is the one players
of one's own and the reviews use (``rules.family``), with the space key for a turn.
"""

from __future__ import annotations

from typing import TypeVar

from rules.calculation.game import Turn
from rules.family import TURN, FamilyRules, FamilyState, name_parts
from rules.sequence import ToFinal, ToStorage

S = TypeVar("S", bound=FamilyState)
TURN_KEY = "space"  # as solitaire programs turn the stock


def move_text(rules: FamilyRules[S], before: S, move: ToFinal | ToStorage | Turn,
              hand: str = "hand") -> str:
    """A move with the card it moves, as ``play --moves`` and ``solve`` list them;
    ``hand`` names where the hand card lies (a game with a waste pile: "waste")."""
    card = "" if isinstance(move, Turn) else rules.card_moved(before, move).glyph
    return f"{card:>3}  {words(move, hand)}"


def words(move: ToFinal | ToStorage | Turn, hand: str = "hand") -> str:
    """A move in the rules' words ("hand→F7", "s3→F2", "turn"), ``hand`` naming where
    the hand card lies: "waste→F7" in a game with a waste pile."""
    return str(move).replace("hand", hand)


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
    The final pile is typed only when the card fits several (``rules.family``)."""
    return tuple(TURN_KEY if part == TURN else part for part in name_parts(rules, state, move))


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
