"""Win-rate intervals, histograms and tallies (rules/stats.py)."""

from __future__ import annotations

import math

import pytest

from rules.stats import (
    FIRST_WINS_KEPT,
    Histogram,
    Tally,
    merged,
    seat_advantage,
    wilson_interval,
)

pytestmark = pytest.mark.engine_free


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [  # reference values of the Wilson score interval at 95%
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_reference_values(wins: int, games: int, low: float, high: float) -> None:
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=5e-4)


def test_wilson_interval_of_no_games_is_everything() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="wins"):
        wilson_interval(11, 10)


def test_histogram_mean_and_items() -> None:
    histogram = Histogram()
    for value in (3, 1, 3, 0):
        histogram.add(value)
    assert histogram.items() == [(0, 1), (1, 1), (3, 2)]
    assert histogram.total == 4 and histogram.mean == pytest.approx(7 / 4)
    assert math.isnan(Histogram().mean)


def test_tally_counts_and_keeps_the_lowest_winning_deals() -> None:
    tally = Tally()
    for deal in range(3000, 0, -1):  # out of order on purpose
        tally.add(deal, deal % 2 == 0, left=deal % 5, passes=deal % 3)
    assert tally.games == 3000 and tally.wins == 1500
    assert tally.histograms["left"].total == 3000 and tally.histograms["passes"].mean == 1.0
    assert tally.first_wins == list(range(2, 2 * FIRST_WINS_KEPT + 1, 2))
    assert tally.win_rate == 0.5
    assert tally.interval[0] < 0.5 < tally.interval[1]


def test_two_halves_merge_into_the_whole() -> None:
    whole, first, second = Tally(), Tally(), Tally()
    for deal in range(2500):
        won, score = deal % 3 == 0, deal % 7
        whole.add(deal, won, score=score)
        (first if deal < 1234 else second).add(deal, won, score=score)
    assert merged([second, first]) == whole


def test_binned_ranges_end_at_the_highest_value_seen() -> None:
    histogram = Histogram()
    for value in range(53):  # 0..52 cards left: 53 values in 9 ranges of 6
        histogram.add(value)
    bars = histogram.binned(9)
    assert bars[-1][:2] == (48, 52)
    assert sum(count for _, _, count in bars) == 53
    assert all(first <= last for first, last, _ in bars)


def test_seat_advantage_is_the_mean_per_game_score_with_a_covering_interval() -> None:
    # Two seats, 100 games: seat 1 wins 55, seat 0 wins 40, 5 ties.
    difference, low, high = seat_advantage([40, 55], 100, 1)
    assert difference == pytest.approx(0.15)
    scores = [1.0] * 55 + [-1.0] * 40 + [0.0] * 5  # seat 1's per-game score
    mean = sum(scores) / 100
    spread = math.sqrt(sum((x - mean) ** 2 for x in scores) / 100)
    assert (low, high) == pytest.approx((mean - 1.959963984540054 * spread / 10,
                                         mean + 1.959963984540054 * spread / 10))
    # Three seats: the others' mean is what seat 0 is measured against.
    assert seat_advantage([30, 20, 10], 60, 0)[0] == pytest.approx(0.5 - (20 + 10) / 60 / 2)
    assert sum(seat_advantage([30, 20, 10], 60, seat)[0] * 1 for seat in range(3)) \
        == pytest.approx(0.0)  # advantages over the others' mean cancel out


def test_seat_advantage_of_no_games_is_unknown() -> None:
    difference, low, high = seat_advantage([0, 0], 0, 0)
    assert math.isnan(difference) and (low, high) == (-1.0, 1.0)
