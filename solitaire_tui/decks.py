"""Where a game's cards come from: a numbered deal or a deck the player typed.

The command line and the screens share these, so a deal number or a pasted deck
means the same thing in both.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from rules import values
from rules.cards import Card, check_deal_number, deal_cards, parse_deck
from rules.errors import DeckError

# Random deals are drawn below a billion so their numbers are short enough to read
# out and type back; every number up to 2**64 - 1 can still be chosen.
RANDOM_DEALS = 1_000_000_000


@dataclass(frozen=True)
class Deck:
    """The cards a game is played with, and the deal number they came from, if any."""

    cards: tuple[Card, ...]
    deal: int | None

    @property
    def label(self) -> str:
        return "a given deck" if self.deal is None else f"deal {self.deal}"

    @property
    def seed(self) -> int:
        """The seed of whatever is random in a game on these cards, unless one is
        chosen: the deal number (0 for a given deck), so the number alone replays the
        game. Hit or Miss shuffles its misses with it, Sequence's random and fair
        players draw with it, and the kernels seed deal d's game with d alike."""
        return self.deal if self.deal is not None else 0


def numbered(deal: int) -> Deck:
    return Deck(deal_cards(check_deal_number(deal)), deal)


def random_deck() -> Deck:
    return numbered(secrets.randbelow(RANDOM_DEALS))


def deck_of(text: str, *, ranks_only: bool) -> Deck:
    """A deck the player typed or pasted (``rules.cards.parse_deck``'s forms)."""
    return Deck(parse_deck(text, ranks_only=ranks_only), None)


NUMBERISH = re.compile(r"[+-]?[0-9][0-9_,.eE+-]*")


def parse_choice(text: str, *, ranks_only: bool) -> Deck:
    """A deal number or a whole deck, from one line of text a player typed or pasted:
    text in a number's form (digits, ``1_000`` or ``1,000``, and what only looks like
    a number, such as ``-5``, to be refused as one: never a deck) is a deal number,
    anything else a deck."""
    stripped = text.strip()
    if not stripped:
        raise DeckError("type a deal number, or paste a deck of 52 cards such as 'KC 10H 9C …'")
    if NUMBERISH.fullmatch(stripped):  # -5 or 2.5 is a wrong deal number, not a deck
        return numbered(values.DEAL(stripped))
    return deck_of(stripped, ranks_only=ranks_only)
