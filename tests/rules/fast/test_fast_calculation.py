"""The Calculation family's kernel agrees with ``rules.calculation`` on every field,
for every shipped description, by either player: one compile for them all."""

from __future__ import annotations

import pytest

from rules.fast import calculation as fast
from rules.fast import sequence as fast_sequence
from tests.support.pure.calculation import pure, shipped
from tests.support.replay import first_difference, pure_rows

GAMES = ("sequence", "calculation", "hopscotch", "betsy_ross")
STRATEGIES = ("greedy", "random")
# The family's kernel is not yet a statistic the app shows; two thousand deals a game
# and player here (the plain rules take about 3 ms a game), the 10,000 of the kernels
# the app runs once it is one.
DEALS = 2_000


@pytest.mark.slow
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("stem", GAMES)
def test_the_kernel_agrees_with_the_rules_on_numbered_deals(stem: str, strategy: str) -> None:
    kernel = fast.deal_results(shipped(stem), 0, DEALS, strategy)
    rows = pure_rows(pure, (stem, strategy), deals=DEALS)
    assert first_difference(fast.FIELDS, kernel, rows) is None


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_the_described_sequence_plays_as_the_suites_own_kernel(strategy: str) -> None:
    """Kernel against kernel, so many deals cost little: the described Sequence is the
    suite's Sequence Solitaire on a hundred thousand deals, around the top too."""
    for start in (0, 2**64 - 50_000):
        family = fast.deal_results(shipped("sequence"), start, 50_000, strategy)
        own = fast_sequence.deal_results(start, 50_000, strategy)
        assert first_difference(fast.FIELDS, family, [tuple(row) for row in own], start) is None


def test_a_description_is_data_to_the_kernel() -> None:
    """Every game and player runs in the one compiled batch: one version of it
    whatever the description (a new game adds no compile)."""
    for stem in GAMES:
        for strategy in STRATEGIES:
            fast.deal_results(shipped(stem), 0, 10, strategy)
    assert len(fast.batch.signatures) == 1
