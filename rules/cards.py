"""Cards, deck text and numbered deals.

Every game reads decks through this module, so a deck a player pastes, a deal
number and a contest's rank list all mean the same cards everywhere, and a bad deck
is rejected in one place with one kind of message.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, MutableSequence, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rules.errors import DeckError, OptionsError
from rules.words import listed

RANKS = range(1, 14)
SUIT_LETTERS = "CDHS"
SUIT_GLYPHS = "♣♦♥♠"
_RANK_LETTERS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_RANKS_PLURAL = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                 "nines", "tens", "jacks", "queens", "kings")
_RANKS_ONE = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_RANK_FROM_TEXT = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(r): r for r in RANKS}
# Outline glyphs are accepted too: players paste from sites that use either set.
_SUIT_FROM_TEXT = {s: i for i, s in enumerate(SUIT_LETTERS)} | {
    g: i for glyphs in (SUIT_GLYPHS, "♧♢♡♤") for i, g in enumerate(glyphs)
}
_TOKEN = re.compile(r"^(10|[2-9]|1[0-3]?|[ATJQK])(.?)$")
DECK_SIZE = 52

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
MAX_DEAL = 1 << 64

T = TypeVar("T")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card; ``suit`` is None for the rank-only decks of the counting games."""

    rank: int
    suit: int | None = None

    @property
    def rank_text(self) -> str:
        return _RANK_LETTERS.get(self.rank, str(self.rank))

    @property
    def name(self) -> str:
        """The card in words, as a bad deck's message names it: "9 of spades (9S)"."""
        rank = _RANK_WORDS.get(self.rank, str(self.rank))
        if self.suit is None:
            return rank
        return f"{rank} of {SUIT_NAMES[self.suit]} ({self})"

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    @property
    def glyph(self) -> str:
        """The card as a person reads it (``10♥``); a rank-only card is its bare rank."""
        if self.suit is None:
            return str(self.rank)
        return self.rank_text + SUIT_GLYPHS[self.suit]

    @property
    def index(self) -> int:
        """Position 0..51 in the unshuffled deck, the numbering deals are built on."""
        if self.suit is None:
            raise DeckError(f"the rank-only card {self.rank} has no place in a 52-card deck")
        return self.suit * 13 + self.rank - 1

    def __str__(self) -> str:
        if self.suit is None:
            return str(self.rank)
        return self.rank_text + SUIT_LETTERS[self.suit]


def card_from_index(index: int) -> Card:
    return Card(index % 13 + 1, index // 13)


FULL_DECK: tuple[Card, ...] = tuple(card_from_index(i) for i in range(DECK_SIZE))


def splitmix64(state: int) -> tuple[int, int]:
    """One step of splitmix64: the next state and its output.

    The generator is fixed by docs/RULES.md ("Cards and deals") so that a deal number
    means the same deck in the rules, the compiled kernels and any other implementation.
    """
    state = (state + _GOLDEN) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def below(state: int, bound: int) -> tuple[int, int]:
    """A uniform-enough integer in 0..bound-1 by multiply-shift, not division, as deals use."""
    state, value = splitmix64(state)
    return state, ((value >> 32) * bound) >> 32


def shuffle(items: MutableSequence[T], state: int) -> int:
    """Fisher-Yates from the end, the order docs/RULES.md fixes; returns the generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def check_deal_number(deal: int) -> int:
    if not 0 <= deal < MAX_DEAL:
        raise DeckError(f"deal number {deal} is outside 0..{MAX_DEAL - 1}")
    return deal


def deal_indices(deal: int) -> list[int]:
    """Card indices of deal ``deal``, top card first."""
    order = list(range(DECK_SIZE))
    shuffle(order, check_deal_number(deal))
    return order


def deal_cards(deal: int) -> tuple[Card, ...]:
    return tuple(FULL_DECK[i] for i in deal_indices(deal))


def parse_card(token: str) -> Card | None:
    """The card a token names, or None when it names none."""
    match = _TOKEN.match(token.strip().upper())
    if match is None:
        return None
    rank_text, suit_text = match.groups()
    if suit_text == "":
        return Card(_RANK_FROM_TEXT[rank_text])
    suit = _SUIT_FROM_TEXT.get(suit_text)
    return None if suit is None else Card(_RANK_FROM_TEXT[rank_text], suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from text, in order, with no check that they form a deck.

    Tokens are separated by spaces or commas. Either every token has a suit or none
    has: a half-suited deck is almost always a typing slip, so it is refused.
    """
    tokens = [t for t in re.split(r"[\s,]+", text) if t]
    if not tokens:
        raise DeckError("the deck is empty: give 52 cards such as 'AS 10H QD …'")
    cards: list[Card] = []
    for position, token in enumerate(tokens, start=1):
        card = parse_card(token)
        if card is None:
            raise DeckError(
                f"card {position}, {token!r}, is not a card: write a rank (A, 2..10, J, Q, K)"
                " and a suit (C, D, H, S or ♣ ♦ ♥ ♠), such as 10H, or a bare rank 1..13"
            )
        if cards and (card.suit is None) != (cards[0].suit is None):
            raise DeckError(
                f"card {position}, {token!r}, "
                + ("has no suit but card 1 has one" if card.suit is None
                   else "has a suit but card 1 is a bare rank")
                + ": write every card with a suit, or every card as a bare rank"
            )
        cards.append(card)
    return tuple(cards)


def parse_deck(text: str, *, ranks_only: bool = False) -> tuple[Card, ...]:
    """A full 52-card deck from text.

    With suits the deck must hold each card once; as bare ranks it must hold each
    rank four times. ``ranks_only`` says the game ignores suits, so bare ranks are
    welcome; otherwise they are refused.
    """
    cards = parse_cards(text)
    if cards[0].suit is None and not ranks_only:
        raise DeckError("this game needs suits: write each card with one, such as 10H or 10♥")
    check_full_deck(cards)
    return cards


def check_full_deck(cards: Sequence[Card]) -> None:
    """Raise a DeckError naming, in words, what is missing or doubled if ``cards`` is
    not one deck."""
    if cards and cards[0].suit is None:
        counts = Counter(card.rank for card in cards)
        wrong = [f"{counts[rank]} {(_RANKS_ONE if counts[rank] == 1 else _RANKS_PLURAL)[rank - 1]}"
                 for rank in RANKS if counts[rank] != 4]
        if wrong:
            raise DeckError(
                f"a deck of bare ranks holds each rank 1..13 four times; this one has "
                f"{listed(wrong)} ({len(cards)} cards in all)"
            )
        return
    copies = Counter(cards)
    problems = []
    missing = [f"the {card.name}" for card in FULL_DECK if copies[card] == 0]
    if missing:
        problems.append("it lacks " + _some(missing))
    doubled = [f"the {card.name} {_times(copies[card])}" for card in FULL_DECK
               if copies[card] > 1]
    if doubled:
        problems.append("it has " + _some(doubled))
    if problems:
        raise DeckError(f"not a full deck of 52 different cards: {'; '.join(problems)}")


NAMED = 6  # cards a message names before it counts the rest


def _some(names: Sequence[str]) -> str:
    """A few names and how many more: a deck of three cards lacks 49, which no dialog
    can list."""
    if len(names) <= NAMED:
        return listed(names)
    return f"{len(names)} cards: {', '.join(names[:NAMED - 1])} and {len(names) - NAMED + 1} more"


def _times(count: int) -> str:
    return {2: "twice", 3: "three times", 4: "four times"}.get(count, f"{count} times")


def format_cards(cards: Iterable[Card], *, glyphs: bool = False) -> str:
    return " ".join(card.glyph if glyphs else str(card) for card in cards)


def ranks_only(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The same cards with their suits dropped, for games that count ranks only."""
    return tuple(Card(card.rank) for card in cards)


def check_deals(seed: int, games: int) -> None:
    """Refuse a run of deals seed..seed+games-1 that is empty or passes the last deal."""
    if games < 1:
        raise OptionsError(f"the number of games must be 1 or more, not {games}")
    if seed < 0 or seed + games > MAX_DEAL:
        raise OptionsError(
            f"deals {seed}..{seed + games - 1} run past the last deal number, {MAX_DEAL - 1}:"
            " choose a smaller seed or fewer games"
        )
