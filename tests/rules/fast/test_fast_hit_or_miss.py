"""The Hit or Miss kernel agrees with rules.hit_or_miss on every field, every variant."""

from __future__ import annotations

import numpy as np
import pytest

from rules import hit_or_miss as hm
from rules.cards import deal_cards
from rules.fast import hit_or_miss as fast
from rules.play import final_state
from tests.support.decks import ranks
from tests.support.replay import AGREEMENT_DEALS, first_difference, pure_rows

VARIANTS = [
    hm.Options(strikes, order)
    for order in hm.PassOrder
    for strikes in (None, 3, 2)
    if not (order is hm.PassOrder.SHUFFLED and strikes is None)
]


def pure(deal: int, options: hm.Options) -> tuple[int, ...]:
    game = hm.Options(options.strikes, options.order, seed=deal)  # a deal seeds its shuffle
    r = hm.result(final_state(hm, hm.new_game(game, deal_cards(deal))))
    return (r.won, r.cards_left, r.passes, r.strikes, r.turns)


@pytest.mark.slow
@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: f"{o.variant}-{o.order.value}")
def test_kernel_agrees_with_the_rules_on_numbered_deals(options: hm.Options) -> None:
    kernel = fast.deal_results(0, AGREEMENT_DEALS, options)
    rows = pure_rows(pure, options)
    assert first_difference(fast.FIELDS, kernel, rows) is None
    assert kernel[:, 0].any() or options.strikes is not None  # unlimited games do get won


def test_kernel_plays_hand_built_stocks_like_the_rules() -> None:
    """Short stocks reach the edge cases (multiples of 13, long strike runs) often."""
    stocks = [ranks(*range(2, 14), 1), ranks(*range(2, 14), 1, 2), ranks(*range(1, 14)) * 4]
    for stock in stocks:
        for options in VARIANTS:
            expected = hm.result(final_state(hm, hm.new_game(options, stock)))
            got = fast.play(np.array([c.rank for c in stock], np.int8), *fast.codes(options),
                            np.uint64(options.seed))
            assert tuple(int(v) for v in got) == (expected.won, expected.cards_left,
                                                  expected.passes, expected.strikes,
                                                  expected.turns)


def test_results_do_not_depend_on_how_the_deals_are_split() -> None:
    whole = fast.deal_results(1000, 3000, hm.Options(3))
    parts = np.concatenate([fast.deal_results(1000, 1234, hm.Options(3)),
                            fast.deal_results(2234, 1766, hm.Options(3))])
    assert (whole == parts).all()
