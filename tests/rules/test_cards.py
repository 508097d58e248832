"""Cards, deck text and deal numbers (docs/RULES.md, 'Cards and deals')."""

from __future__ import annotations

import pytest

from rules.cards import (
    FULL_DECK,
    Card,
    DeckError,
    card_from_index,
    deal_cards,
    deal_indices,
    format_cards,
    parse_card,
    parse_cards,
    parse_deck,
    ranks_only,
    splitmix64,
)

pytestmark = pytest.mark.engine_free


def test_deal_zero_starts_as_design_says() -> None:
    assert format_cards(deal_cards(0)[:6]) == "KC 10H 9C 10S 3C JS"


def test_deals_0_to_9999_are_permutations_of_the_deck() -> None:
    full = list(range(52))
    for deal in range(10_000):
        assert sorted(deal_indices(deal)) == full, deal


def test_deals_differ() -> None:
    assert len({tuple(deal_indices(d)) for d in range(1000)}) == 1000


def test_largest_deal_number_works_and_one_more_is_refused() -> None:
    assert len(deal_cards(2**64 - 1)) == 52
    with pytest.raises(DeckError, match="outside"):
        deal_cards(2**64)
    with pytest.raises(DeckError, match="outside"):
        deal_cards(-1)


def test_splitmix64_reference_values() -> None:
    # Reference outputs of splitmix64 seeded with 0 (the generator's published test vector).
    state, first = splitmix64(0)
    _, second = splitmix64(state)
    assert (first, second) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


def test_card_index_numbering() -> None:
    assert card_from_index(0) == Card(1, 0)  # ace of clubs
    assert card_from_index(51) == Card(13, 3)  # king of spades
    assert [card.index for card in FULL_DECK] == list(range(52))


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("AS", Card(1, 3)),
        ("10H", Card(10, 2)),
        ("10♥", Card(10, 2)),
        ("qd", Card(12, 1)),
        ("tc", Card(10, 0)),
        ("k♤", Card(13, 3)),
        ("7", Card(7)),
        ("13", Card(13)),
        ("1", Card(1)),
    ],
)
def test_card_tokens(token: str, card: Card) -> None:
    assert parse_card(token) == card


@pytest.mark.parametrize("token", ["", "14", "0", "1X", "ZZ", "10HH", "H10"])
def test_bad_tokens(token: str) -> None:
    assert parse_card(token) is None


def test_text_round_trip_with_letters_and_glyphs() -> None:
    deck = deal_cards(42)
    assert parse_deck(format_cards(deck)) == deck
    assert parse_deck(format_cards(deck, glyphs=True)) == deck
    assert parse_deck(format_cards(deck).lower()) == deck
    assert parse_deck(", ".join(str(c) for c in deck)) == deck


def test_bare_ranks_are_a_deck_for_rank_games_only() -> None:
    text = " ".join(str(c.rank) for c in deal_cards(3))
    assert parse_deck(text, ranks_only=True) == ranks_only(deal_cards(3))
    with pytest.raises(DeckError, match="needs suits"):
        parse_deck(text)


def test_bad_token_is_named_with_its_position() -> None:
    with pytest.raises(DeckError, match=r"card 3, 'ZZ', is not a card"):
        parse_cards("AS 2S ZZ 4S")


def test_mixed_suited_and_bare_is_refused_at_the_token() -> None:
    with pytest.raises(DeckError, match=r"card 2, '7', has no suit"):
        parse_cards("AS 7 3H")


def test_missing_and_duplicated_cards_are_named() -> None:
    deck = list(deal_cards(5))
    doubled = deck[0]
    gone = deck[1]
    deck[1] = doubled
    with pytest.raises(DeckError) as info:
        parse_deck(format_cards(deck))
    message = str(info.value)
    assert f"it lacks the {gone.name}" in message and f"({gone})" in message
    assert f"it has the {doubled.name} twice" in message


def test_a_bad_decks_cards_are_named_in_words() -> None:
    deck = [card for card in FULL_DECK if card not in (Card(9, 3), Card(1, 2))]
    deck += [Card(7, 3), Card(7, 3)]
    with pytest.raises(DeckError) as info:
        parse_deck(format_cards(deck))
    assert str(info.value) == (
        "not a full deck of 52 different cards: it lacks the ace of hearts (AH) and the 9"
        " of spades (9S); it has the 7 of spades (7S) three times")


def test_short_deck_names_what_is_missing() -> None:
    with pytest.raises(DeckError, match=r"it lacks the 3 of clubs \(3C\)"):
        parse_deck(format_cards(card for card in FULL_DECK if card != Card(3, 0)))


def test_bare_rank_deck_needs_four_of_each() -> None:
    text = " ".join(["1"] * 5 + [str(r) for r in range(2, 14) for _ in range(4)][:-1])
    with pytest.raises(DeckError, match="this one has 5 aces and 3 kings"):
        parse_deck(text, ranks_only=True)


def test_empty_deck_is_refused() -> None:
    with pytest.raises(DeckError, match="empty"):
        parse_deck("   ")


def test_a_deck_far_from_whole_names_a_few_cards_and_counts_the_rest() -> None:
    with pytest.raises(DeckError) as caught:
        parse_deck("KC 10H 9C")
    message = str(caught.value)
    assert "it lacks 49 cards: the ace of clubs (AC)," in message
    assert message.endswith("and 44 more")
    assert len(message) < 200


def test_a_single_card_of_a_rank_is_named_in_the_singular() -> None:
    with pytest.raises(DeckError, match="this one has 1 ace, 1 two, 1 three,"):
        parse_deck(" ".join(str(rank) for rank in range(1, 14)), ranks_only=True)
