"""The table that turns the fair player's mean score into a chance
(``rules.players.sequence_chances``) and its fitting
(``solitaire_tui.games.sequence.calibration``): curves that only rise, read between
their points, fitted to how often positions of a score were won."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.players.sequence_chances import ALL_WON, Curve, fitted, from_data
from solitaire_tui.games.sequence.calibration import LEAST, Position, _pooled, checked, fit

pytestmark = pytest.mark.engine_free


def test_the_shipped_table_has_a_rising_curve_for_each_run_of_unseen_cards() -> None:
    table = fitted()
    assert [curve.least for curve in table.curves] == list(LEAST)
    for curve in table.curves:
        assert list(curve.scores) == sorted(set(curve.scores))
        assert list(curve.chances) == sorted(set(curve.chances))
        assert all(0 <= chance <= 1 for chance in curve.chances)
    assert from_data(table.as_data()) == table


@given(st.floats(-20, 100), st.floats(-20, 100))
def test_a_curve_is_read_on_straight_lines_between_its_points(low: float,
                                                               high: float) -> None:
    """Beyond its points, on to a chance of 0 at no score and of 1 at every rollout
    won: a move scored lower is never read as likely to win as one scored higher.
    Strictly so for scores a millionth apart or more: the means of rollouts never
    differ by less, and between subnormal floats the product rounds to nothing."""
    curve = Curve(0, (10.0, 20.0, 40.0), (0.1, 0.3, 0.9))
    assert curve.at(15.0) == pytest.approx(0.2) and curve.at(30.0) == pytest.approx(0.6)
    assert curve.at(5.0) == pytest.approx(0.05) and curve.at(56.0) == pytest.approx(0.95)
    assert curve.at(-5.0) == 0.0 and curve.at(ALL_WON) == curve.at(100.0) == 1.0
    low, high = sorted((low, high))
    assert curve.at(low) <= curve.at(high)
    if low >= 0 and low + 1e-6 <= high <= ALL_WON:
        assert curve.at(low) < curve.at(high)


def test_every_rollout_won_is_the_fair_players_win_score() -> None:
    from rules.fast.sequence_fair import WIN_SCORE

    assert ALL_WON == WIN_SCORE


@given(st.lists(st.tuples(st.floats(0, 60), st.floats(0, 1), st.integers(1, 50)),
                min_size=1, max_size=30))
def test_pooling_leaves_shares_that_only_rise_and_keeps_the_whole(
        points: list[tuple[float, float, int]]) -> None:
    points.sort()
    pooled = _pooled(points)
    shares = [share for _, share, _ in pooled]
    assert all(first < second for first, second in itertools.pairwise(shares))
    assert sum(weight for *_, weight in pooled) == sum(weight for *_, weight in points)
    whole = sum(share * weight for _, share, weight in points)
    assert abs(sum(share * weight for _, share, weight in pooled) - whole) < 1e-6 * (
        1 + whole)


def test_a_fit_follows_how_often_each_score_won() -> None:
    """Positions whose chance of a win is known (score / 60): the fitted table gives
    them chances within a few points of it, and its check finds them agreeing."""
    draw = random.Random(7)
    found = []
    for deal in range(20_000):  # a game each: positions drawn apart
        unseen, score = draw.randrange(1, 52), draw.uniform(0, 60)
        found.append(Position(unseen, score, draw.random() < score / 60, deal))
    table = fit(found, "drawn")
    for unseen, score in ((3, 15.0), (20, 30.0), (49, 45.0)):
        assert abs(table.chance(unseen, score) - score / 60) < 0.08
    for row in checked(found, table):
        assert row.positions and abs(row.gap) < 0.05
