"""Deal numbers and pasted decks, as players type them."""

from __future__ import annotations

import pytest

from rules.cards import deal_cards, format_cards, ranks_only
from rules.errors import RulesError
from solitaire_tui.decks import RANDOM_DEALS, numbered, parse_choice, random_deck

pytestmark = pytest.mark.engine_free


def test_a_number_is_a_deal_and_text_is_a_deck() -> None:
    assert parse_choice(" 1_000 ", ranks_only=False).deal == 1000
    deck = parse_choice(format_cards(deal_cards(4), glyphs=True), ranks_only=False)
    assert deck.deal is None and deck.cards == deal_cards(4)
    bare = " ".join(str(card.rank) for card in deal_cards(4))
    assert parse_choice(bare, ranks_only=True).cards == ranks_only(deal_cards(4))


@pytest.mark.parametrize(("text", "ranks", "message"), [
    ("", True, "type a deal number"),
    ("18446744073709551616", True, "a deal number must be a whole number from 0 to"),
    ("1" * 5000, True, "a deal number must be a whole number from 0 to"),
    ("-5", False, "a deal number must be a whole number from 0 to .* not '-5'"),
    ("2.5", True, "a deal number must be a whole number from 0 to .* not '2.5'"),
    ("1 2 3", False, "needs suits"),
    ("AS 2S", False, "not a full deck"),
])
def test_bad_text_says_what_is_wrong(text: str, ranks: bool, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        parse_choice(text, ranks_only=ranks)


def test_random_deals_have_short_numbers() -> None:
    deck = random_deck()
    assert deck.deal is not None and 0 <= deck.deal < RANDOM_DEALS
    assert deck.cards == deal_cards(deck.deal)


def test_a_decks_seed_is_its_deal_number_so_the_number_replays_it() -> None:
    assert numbered(12345).seed == 12345
    assert parse_choice(format_cards(deal_cards(3)), ranks_only=False).seed == 0
