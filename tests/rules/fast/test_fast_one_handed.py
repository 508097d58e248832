"""The One-Handed Solitaire kernel agrees with rules.one_handed on every field."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rules import one_handed as oh
from rules.cards import Card
from rules.fast import one_handed as fast
from tests.support.decks import cards
from tests.support.pure.one_handed import pure, pure_result
from tests.support.replay import AGREEMENT_DEALS, first_difference, pure_rows


def kernel_result(deck: tuple[Card, ...]) -> tuple[int, ...]:
    """``fast.play`` on any list of suited cards: each card's id is its position."""
    rank_of = np.array([card.rank for card in deck], np.int8)
    suit_of = np.array([card.suit for card in deck], np.int8)
    got = fast.play(np.arange(len(deck), dtype=np.int8), rank_of, suit_of,
                    np.empty(len(deck), np.int8))
    return tuple(int(v) for v in got)


@pytest.mark.slow
def test_kernel_agrees_with_the_rules_on_numbered_deals() -> None:
    kernel = fast.deal_results(0, AGREEMENT_DEALS)
    rows = pure_rows(pure, oh.Options())
    assert first_difference(fast.FIELDS, kernel, rows) is None
    assert kernel[:, 0].any() and not kernel[:, 0].all()


def test_kernel_plays_hand_built_decks_like_the_rules() -> None:
    """Short decks, and decks with repeated cards, where a rank pair and a suit pair
    can meet at once (rank is checked first)."""
    decks = [cards("7C 5D 9H 7S"), cards("2C 5D 7H KC"), cards("7C 5D 9H 7C 3H"), cards("AS")]
    rng = random.Random(3)
    for _ in range(300):
        decks.append(tuple(Card(rng.randint(1, 13), rng.randint(0, 3))
                           for _ in range(rng.randint(1, 52))))
    for deck in decks:
        assert kernel_result(deck) == pure_result(deck), deck


def test_results_do_not_depend_on_how_the_deals_are_split() -> None:
    whole = fast.deal_results(1000, 3000)
    parts = np.concatenate([fast.deal_results(1000, 1234), fast.deal_results(2234, 1766)])
    assert (whole == parts).all()
