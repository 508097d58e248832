"""The Hit or Miss kernel agrees with rules.hit_or_miss on every field, every variant."""

from __future__ import annotations

import dataclasses

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
# The strike limits of one pass order that the pure replay plays as one game, fewest
# first: a limit of three strikes plays a deal as two does until two strikes in a row
# would have lost it (``is_lost``, between passes, is the only rule a limit enters),
# so its game goes on from where two's ended. Unlimited play is a game of its own: it
# may end sooner (13, 26 or 39 cards after a single strike).
CHAINS = [[options for options in VARIANTS if options.order is order and options.strikes]
          [::-1] for order in hm.PassOrder] + [
    [options] for options in VARIANTS if options.strikes is None]


def fields(state: hm.State) -> tuple[int, ...]:
    r = hm.result(state)
    return (r.won, r.cards_left, r.passes, r.strikes, r.turns)


def pure(deal: int, options: hm.Options) -> tuple[int, ...]:
    """The pure rules' fields for ``deal`` under ``options`` (a deal seeds its shuffle)."""
    return chained(deal, [options])


def chained(deal: int, chain: list[hm.Options]) -> tuple[int, ...]:
    """The pure rules' fields for ``deal`` under each limit of ``chain`` in turn, one
    row: each game played to its end, the next limit's going on from there (its
    options put in the state; a deal seeds its own shuffle)."""
    games = [hm.Options(options.strikes, options.order, seed=deal) for options in chain]
    row: tuple[int, ...] = ()
    state = hm.new_game(games[0], deal_cards(deal))
    for game in games:
        state = final_state(hm, dataclasses.replace(state, options=game))
        row += fields(state)
    return row


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
