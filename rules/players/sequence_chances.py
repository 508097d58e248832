"""What the fair player's evaluation of a Sequence move says of its chance of a win.

The fair player (``rules.fast.sequence_fair``) weighs a move by its mean score on
sampled orders of the unseen cards, played on by its rule of thumb: cards on final
piles, a win counting ``WIN_SCORE``. The rule of thumb wins few of those rollouts,
far fewer than the fair player wins from the same positions, so a rollout's share of
wins is no chance. The table here turns a mean score into one: over the positions of
the fair player's own games on the deals it was fitted on, with this many cards still
unseen and this mean score for the move it played, how often the fair player went on
to win. It is fitted and written by ``python -m solitaire_tui.games.sequence.calibration``
and held, on other deals, to the fair player's wins by ``bench --engine calibration``.
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

TABLE = "sequence_chances.json"  # beside this module


# The mean score of a move whose every rollout wins (``rules.fast.sequence_fair``'s
# WIN_SCORE: 52 cards and 20 for the win); no move scores more, none less than 0.
ALL_WON = 72.0


@dataclass(frozen=True)
class Curve:
    """How often the fair player wins against its mean score, for positions with
    ``unseen`` cards from ``least`` up: (score, chance) points, both increasing, and
    straight lines between them."""

    least: int
    scores: tuple[float, ...]
    chances: tuple[float, ...]

    def at(self, score: float) -> float:
        """The chance at a mean score: on the line through the nearest points; beyond
        the ends, where the fair player's own games never were, on the line to a chance
        of 0 at a score of 0 and of 1 at ``ALL_WON``. Never level: a review ranks moves
        by their chances as the hint ranks them by score, and a level stretch would
        read unlike moves alike."""
        # The ends' points, kept apart from a fitted point that might sit on them.
        scores = (min(0.0, self.scores[0] - 1), *self.scores, max(ALL_WON, self.scores[-1] + 1))
        chances = (0.0, *self.chances, 1.0)
        score = min(max(score, scores[0]), scores[-1])
        right = max(bisect.bisect_left(scores, score), 1)
        low, high = scores[right - 1], scores[right]
        share = (score - low) / (high - low)
        return chances[right - 1] + share * (chances[right] - chances[right - 1])


@dataclass(frozen=True)
class Chances:
    """The fitted table: where it was fitted, and a curve for each run of unseen
    counts, fewest first."""

    fitted_on: str
    curves: tuple[Curve, ...]

    def chance(self, unseen: int, score: float) -> float:
        """The fair player's chance of a win from a position with ``unseen`` cards still
        to come, after a move of mean score ``score``."""
        at = bisect.bisect_right([curve.least for curve in self.curves], unseen) - 1
        return self.curves[max(at, 0)].at(score)

    def as_data(self) -> dict[str, object]:
        return {"fitted_on": self.fitted_on,
                "curves": [{"least": curve.least, "scores": curve.scores,
                            "chances": curve.chances} for curve in self.curves]}


def from_data(data: dict[str, object]) -> Chances:
    """A table from its JSON object (``Chances.as_data``)."""
    curves = data["curves"]
    assert isinstance(curves, list)
    return Chances(str(data["fitted_on"]), tuple(
        Curve(int(curve["least"]), tuple(map(float, curve["scores"])),
              tuple(map(float, curve["chances"]))) for curve in curves))


@cache
def fitted() -> Chances:
    """The table shipped beside this module."""
    text = resources.files("rules.players").joinpath(TABLE).read_text(encoding="utf-8")
    return from_data(json.loads(text))
