"""The shared review's judgement of a decision: the best move, and a costly one: a cost
of 2 points or more beyond the noise of the draws, paired draw by draw."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.review import COSTLY, Z95, Decision, paired_margin, unpaired_margin, weighed

pytestmark = pytest.mark.engine_free


def decision(played: float, best: float) -> Decision[str, str]:
    return Decision(1, "position", "played", {"played": played, "best": best})


def test_a_cost_of_exactly_two_points_is_costly() -> None:
    """Chances are shares of samples: 35 and 27 wins of 400 are 2 points apart, though
    their difference in floating point falls short of 0.02."""
    assert COSTLY > 35 / 400 - 27 / 400
    assert decision(27 / 400, 35 / 400).costly
    assert not decision(28 / 400, 35 / 400).costly


@given(st.integers(0, 4000), st.integers(0, 4000), st.sampled_from([400, 1000, 4000]))
def test_costly_is_a_gap_of_two_points_or_more_in_samples(played: int, best: int,
                                                          samples: int) -> None:
    played, best = min(played, samples), min(best, samples)
    judged = decision(played / samples, best / samples)
    assert judged.costly == (100 * (best - played) >= 2 * samples)


def test_a_cost_within_the_noise_of_the_draws_is_not_costly() -> None:
    """Twelve orders of 400 that the best move wins and the one played loses, the rest
    alike: 3 points given up, whose 95% interval (paired, order by order) reaches
    below 2; eight times as many orders, the same share, clear it."""
    for orders, costly in ((400, False), (3200, True)):
        lost = orders * 3 // 100
        best = [1.0] * orders
        played = [0.0] * lost + [1.0] * (orders - lost)
        judged = weighed(7, "position", "played", {"played": played, "best": best})
        assert judged.best == "best" and math.isclose(judged.cost, 0.03)
        assert 0 < judged.margin < 0.02 and judged.costly == costly


def test_draws_alike_for_both_moves_leave_little_noise_in_their_gap() -> None:
    """Two moves that win a third of 400 orders, the same orders but one: their gap is
    known to within half a point, where two chances' own intervals are ±4.6 points."""
    drawn = [float(order % 3 == 0) for order in range(400)]
    other = [0.0, *drawn[1:]]  # differs on the first order, which drawn wins
    assert paired_margin(drawn, drawn) == 3 / 400  # no spread seen: the rule of three
    assert 0 < paired_margin(drawn, other) < 0.005


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=2, max_size=300))
def test_the_margin_is_the_paired_gaps_interval(pairs: list[tuple[int, int]]) -> None:
    best = [float(first) for first, _ in pairs]
    played = [float(second) for _, second in pairs]
    gaps = [first - second for first, second in zip(best, played, strict=True)]
    spread = statistics.stdev(gaps)
    expected = Z95 * spread / math.sqrt(len(gaps)) if spread else 3 / len(gaps)
    assert paired_margin(best, played) == pytest.approx(expected, abs=1e-12)


@given(st.lists(st.integers(0, 2), min_size=2, max_size=200),
       st.lists(st.integers(0, 2), min_size=2, max_size=200))
def test_draws_of_each_moves_own_add_the_two_means_intervals(
        best: list[int], played: list[int]) -> None:
    """A search's games through each move are its own, of any number: the cost's
    interval is the two means' half-widths added in squares, a side that shows no
    spread bounded by the rule of three (3 in its count)."""
    def half(drawn: list[float]) -> float:
        spread = statistics.stdev(drawn)
        return Z95 * spread / math.sqrt(len(drawn)) if spread else 3 / len(drawn)

    first, second = [value / 2 for value in best], [value / 2 for value in played]
    assert unpaired_margin(first, second) == pytest.approx(
        math.hypot(half(first), half(second)), abs=1e-12)


def test_a_move_weighed_once_has_no_bound_on_its_cost() -> None:
    judged = weighed(4, "position", "played", {"played": [0.0], "best": [1.0, 1.0, 1.0]},
                     margin=unpaired_margin)
    assert judged.cost == 1.0 and judged.margin == math.inf and not judged.costly


def test_an_exact_answer_has_no_margin() -> None:
    judged = weighed(3, "position", "played", {"played": [0.0], "best": [1.0]})
    assert judged.margin == 0.0 and judged.cost == 1.0 and judged.costly


def test_a_chance_turns_mean_scores_into_chances_and_their_margin() -> None:
    """Outcomes that are scores (cards placed, say), turned into chances by an
    increasing curve: the chances are the curve at the means, the best move the best
    mean, and the cost less the margin the curve's gain from the played move's mean
    raised by its paired margin to the best's."""
    def chance(_: str, mean: float) -> float:
        return min(1.0, (mean / 60) ** 2)

    best = [float(40 + order % 7) for order in range(200)]
    played = [score - 4 + (order % 3) for order, score in enumerate(best)]
    judged = weighed(5, "position", "played", {"played": played, "best": best}, chance)
    assert judged.best == "best"
    assert judged.chances == {"played": chance("", statistics.fmean(played)),
                              "best": chance("", statistics.fmean(best))}
    raised = statistics.fmean(played) + paired_margin(best, played)
    assert judged.cost - judged.margin == pytest.approx(
        chance("", statistics.fmean(best)) - chance("", raised), abs=1e-12)
    assert judged.costly == (judged.cost - judged.margin >= COSTLY)


def test_exact_outcomes_are_chances_whatever_the_curve() -> None:
    judged = weighed(3, "position", "played", {"played": [0.25], "best": [0.75]},
                     lambda _, mean: mean / 100)
    assert judged.chances == {"played": 0.25, "best": 0.75} and judged.margin == 0.0
