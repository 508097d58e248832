"""Deal numbers past 2**63: every kernel plays the deals (and seeds the players) the
pure rules do, up to the last deal 2**64 - 1, and a run counts its winning deals
there without wrapping into negative numbers.

The kernels carry deal numbers as uint64; a signed 64-bit number anywhere on the way
would show as a different deal (or a negative one) only above 2**63, which the
agreement tests on deals 0.. never reach.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from rules import add_residue as ar
from rules import hit_or_miss as hm
from rules import one_handed as oh
from rules import relay
from rules.cards import MAX_DEAL
from rules.fast import add_residue as fast_add_residue
from rules.fast import batch
from rules.fast import hit_or_miss as fast_hit_or_miss
from rules.fast import one_handed as fast_one_handed
from rules.fast import relay as fast_relay
from rules.fast import sequence as fast_sequence
from tests.support.pure import add_residue as add_residue_rows
from tests.support.pure import hit_or_miss as hit_or_miss_rows
from tests.support.pure import one_handed as one_handed_rows
from tests.support.pure import relay as relay_rows
from tests.support.pure import sequence as sequence_rows
from tests.support.replay import first_difference

# Around the sign bit of an int64 and at the very end of the deal numbers.
STARTS = (2**63 - 2, MAX_DEAL - 4)
SPAN = 4

Case = tuple[Callable[[int, int], Any], Callable[[int], tuple[int, ...]], tuple[str, ...]]


def cases() -> dict[str, Case]:
    """Each kernel at its options, with the pure rules' row for one deal."""
    found: dict[str, Case] = {}
    for options in hit_or_miss_rows.VARIANTS:
        found[f"hit-or-miss {options.variant} {options.order.value}"] = (
            lambda start, count, o=options: fast_hit_or_miss.deal_results(start, count, o),
            lambda deal, o=options: hit_or_miss_rows.pure(deal, o), fast_hit_or_miss.FIELDS)
    found["one-handed"] = (fast_one_handed.deal_results,
                           lambda deal: one_handed_rows.pure(deal, oh.Options()),
                           fast_one_handed.FIELDS)
    for players in (2, relay.MAX_PLAYERS):
        options = relay.Options(players)
        found[f"relay {players}"] = (
            lambda start, count, o=options: fast_relay.deal_results(start, count, o),
            lambda deal, p=players: relay_rows.pure(deal, p), fast_relay.fields(options))
    for strategy in sequence_rows.STRATEGIES:
        found[f"sequence {strategy}"] = (
            lambda start, count, s=strategy: fast_sequence.deal_results(start, count, s),
            lambda deal, s=strategy: sequence_rows.pure(deal, s), fast_sequence.FIELDS)
    for table in ((ar.Options(2, 13), ("greedy", "random")),
                  (ar.Options(3, 5), ("random", "random", "greedy"))):
        options, seats = table
        found[f"add-residue {len(seats)} seats"] = (
            lambda start, count, t=table: fast_add_residue.deal_results(start, count, *t),
            lambda deal, t=table: add_residue_rows.pure(deal, t),
            tuple(fast_add_residue.fields(options, seats)))
    return found


CASES = cases()


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("start", STARTS, ids=("2**63", "last"))
def test_kernels_play_the_rules_deals_past_2_63(name: str, start: int) -> None:
    results, pure, fields = CASES[name]
    rows = [pure(start + offset) for offset in range(SPAN)]
    assert first_difference(fields, results(start, SPAN), rows, start) is None


def test_a_run_names_its_winning_deals_past_2_63() -> None:
    options = hm.Options()
    kernel = batch.Kernel(lambda start, count: fast_hit_or_miss.deal_results(start, count, options),
                          (batch.Reading("", lambda r: r[:, 0] != 0, lambda r: {}),),
                          len(fast_hit_or_miss.FIELDS))
    for seed in (2**63 - 500, MAX_DEAL - 1000):
        state = batch.run(kernel, seed, 1000)
        won = np.flatnonzero(fast_hit_or_miss.deal_results(seed, 1000, options)[:, 0])
        assert state.tallies[0].first_wins == [seed + int(index) for index in won]
        assert all(seed <= deal < MAX_DEAL for deal in state.tallies[0].first_wins)
        assert [hit_or_miss_rows.pure(deal, options)[0] for deal in
                state.tallies[0].first_wins[-3:]] == [1, 1, 1]
