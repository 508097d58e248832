"""The Sequence Solitaire kernel agrees with rules.sequence on every field, per player."""

from __future__ import annotations

import numpy as np
import pytest

from rules.cards import Card
from rules.errors import OptionsError
from rules.fast import sequence as fast
from tests.support.decks import ranks
from tests.support.pure.sequence import PILE_ORDER, STRATEGIES, pure, pure_result
from tests.support.replay import AGREEMENT_DEALS, first_difference, pure_rows


@pytest.mark.slow
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_kernel_agrees_with_the_rules_on_numbered_deals(strategy: str) -> None:
    kernel = fast.deal_results(0, AGREEMENT_DEALS, strategy)
    rows = pure_rows(pure, strategy)
    assert first_difference(fast.FIELDS, kernel, rows) is None
    assert kernel[:, 1].max() > 26  # some games get far, so the late game is compared too
    assert kernel[:, 0].any() or strategy == "random"  # greedy does win now and then


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize(
    "deck",
    [
        PILE_ORDER,  # greedy wins it: every card fits the lowest pile that takes it
        PILE_ORDER[::-1],
        ranks(*sorted(range(1, 14), key=lambda r: -r)) * 4,  # kings first: storage piles up
        ranks(*[r for r in range(1, 14) for _ in range(4)]),  # four of a rank in a row
        ranks(*[r for pile in range(4) for r in range(1, 14)][1:]) + ranks(1),  # ace last
        ranks(3, 2, 4, 6, 9),  # a 6 that fits two piles
        PILE_ORDER[:13] + ranks(1),  # a card for a complete pile
        ranks(5, 6),
        ranks(13),
    ],
    ids=["pile-order", "reversed", "kings-first", "sorted", "ace-last", "choice",
         "complete", "two", "one"],
)
def test_kernel_plays_hand_built_decks_like_the_rules(deck: tuple[Card, ...],
                                                      strategy: str) -> None:
    for seed in (0, 1, 2**64 - 1):
        expected = pure_result(deck, strategy, seed)
        got = fast.play(np.array([c.rank for c in deck], np.int8), fast.codes(strategy),
                        np.uint64(seed))
        assert tuple(int(v) for v in got) == expected


def test_greedy_wins_the_deck_in_pile_order_in_52_moves() -> None:
    won, final_cards, moves = fast.play(np.array([c.rank for c in PILE_ORDER], np.int8),
                                        fast.codes("greedy"), np.uint64(0))
    assert (won, final_cards, moves) == (True, 52, 52)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_results_do_not_depend_on_how_the_deals_are_split(strategy: str) -> None:
    whole = fast.deal_results(1000, 3000, strategy)  # several blocks of games
    parts = np.concatenate([fast.deal_results(1000, 1234, strategy),
                            fast.deal_results(2234, 1, strategy),
                            fast.deal_results(2235, 1765, strategy)])
    assert (whole == parts).all()


def test_the_last_deal_numbers_play_like_the_rules() -> None:
    start = 2**64 - 3
    kernel = fast.deal_results(start, 3, "random")
    rows = [pure(start + offset, "random") for offset in range(3)]
    assert first_difference(fast.FIELDS, kernel, rows, start) is None


def test_an_unknown_player_is_refused_by_name() -> None:
    with pytest.raises(OptionsError, match="greedy, random, not 'clever'"):
        fast.deal_results(0, 1, "clever")
