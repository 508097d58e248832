"""The shared review's judgement of a decision: the best move, and a costly one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.review import COSTLY, Decision


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
