"""The Hit or Miss kernel agrees with rules.hit_or_miss on every field, every variant."""

from __future__ import annotations

import numpy as np
import pytest

from rules import hit_or_miss as hm
from rules.fast import hit_or_miss as fast
from rules.play import final_state
from tests.support.decks import ranks
from tests.support.pure.hit_or_miss import CHAINS, VARIANTS, chained, pure
from tests.support.replay import AGREEMENT_DEALS, first_difference, pure_rows


@pytest.mark.slow
@pytest.mark.parametrize("chain", CHAINS, ids=lambda c: "+".join(
    f"{o.variant}-{o.order.value}" for o in c))
def test_kernel_agrees_with_the_rules_on_numbered_deals(chain: list[hm.Options]) -> None:
    rows = pure_rows(chained, chain)
    width = len(fast.FIELDS)
    for link, options in enumerate(chain):
        kernel = fast.deal_results(0, AGREEMENT_DEALS, options)
        own = [row[link * width:(link + 1) * width] for row in rows]
        assert first_difference(fast.FIELDS, kernel, own) is None, options
        assert kernel[:, 0].any() or options.strikes is not None  # unlimited ones are won


@pytest.mark.parametrize("order", list(hm.PassOrder))
def test_a_longer_strike_limit_plays_on_from_where_a_shorter_one_lost(
        order: hm.PassOrder) -> None:
    """What the chained replay above stands on: three strikes' game, played from the
    deal, is two strikes' game played on, on every deal."""
    for deal in range(150):
        both = chained(deal, [hm.Options(2, order), hm.Options(3, order)])
        assert both[len(fast.FIELDS):] == pure(deal, hm.Options(3, order)), deal


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
