"""A review of a finished game: at each decision, each legal move's chance of a win
for the player who made it, so the move played can be set beside the best one.

How a game weighs its moves is its own (``rules.players.sequence_review``: the fair
player's rollouts; ``rules.players.add_residue_review``: perfect play where the game
is solved, the strong player's own search beyond); what a decision is, which move was
best, what the move played cost and how sure that is, is the same for every game,
and is here. A game gives each move's outcome on each of its draws. Where the draws
are the same for every move (rollouts), the cost is measured pair by pair: its
interval is that of the mean of the draws' differences, far narrower than two
chances' intervals apart. Where each move has draws of its own (a tree search's games
through it), the two means' intervals are added (``Margin``). An outcome is a win's
share, or a score its game reads as a chance (``Chance``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.play import Rules

S = TypeVar("S")
M = TypeVar("M")

COSTLY = 0.02  # a move that gave up this much of a chance or more is marked (2 points)
Z95 = 1.959963984540054  # a 95% interval's half-width in standard errors

# How a game weighs a decision: (the position, its legal moves, the seed of its draws)
# to each move's outcomes for the mover, on the same draws or on draws of its own
# (``Margin``); a single outcome, a chance from 0 to 1, where the game's answer is exact.
Weigh = Callable[[S, Sequence[M], int], Sequence[Sequence[float]]]
# What a move's mean outcome on the draws says of its chance of a win, at a position:
# increasing in the mean, so the best mean is the best chance. ``shares``, where each
# outcome is a win's share already; a game whose helper weighs its moves by another
# score (Sequence's fair player: cards on final piles) turns its mean into a chance.
Chance = Callable[[S, float], float]
# Half the width of the 95% interval of the cost, from the best move's outcomes and the
# played one's: ``paired_margin`` where the draws are common, ``unpaired_margin`` where
# each move has its own (a tree search's games through it).
Margin = Callable[[Sequence[float], Sequence[float]], float]


def shares(state: object, mean: float) -> float:
    """The chance, where the outcomes are a win's shares: their mean."""
    return mean


@dataclass(frozen=True)
class Decision(Generic[S, M]):
    """One decision of the game: its move number (from 1), the position, the move
    played, and every legal move's chance of a win (from 0 to 1)."""

    number: int
    state: S
    played: M
    chances: dict[M, float]
    margin: float = 0.0  # the 95% interval of ``cost`` is cost ± margin (0: exact)

    @property
    def best(self) -> M:
        """The move with the best chance; the one played when it is as good."""
        top = max(self.chances.values())
        return self.played if self.chances[self.played] >= top else max(
            self.chances, key=lambda move: self.chances[move])

    @property
    def cost(self) -> float:
        """How much of a chance the move played gave up (0 for the best)."""
        return self.chances[self.best] - self.chances[self.played]

    @property
    def costly(self) -> bool:
        """Whether the move gave up ``COSTLY`` or more beyond the noise of the draws:
        the cost's interval clears it (compared exactly: chances are shares of draws,
        and the difference of two, 0.0875 - 0.0675, can fall an ulp short)."""
        least = self.cost - self.margin
        return least >= COSTLY or math.isclose(least, COSTLY, abs_tol=1e-12)


def means(outcomes: Sequence[Sequence[float]]) -> list[float]:
    """Each move's chance: the mean of its outcomes on the draws."""
    return [sum(drawn) / len(drawn) for drawn in outcomes]


def paired_margin(best: Sequence[float], played: Sequence[float]) -> float:
    """Half the width of the 95% interval of the mean of ``best - played``, draw by
    draw (0 for a single, exact, outcome). Draws that all differ alike show no spread,
    yet a few more might: the rule of three bounds how often, 3 in the draws."""
    draws = len(best)
    if draws < 2:
        return 0.0
    gaps = [first - second for first, second in zip(best, played, strict=True)]
    mean = sum(gaps) / draws
    spread = sum((gap - mean) ** 2 for gap in gaps) / (draws - 1)
    return Z95 * math.sqrt(spread / draws) if spread else 3 / draws


def unpaired_margin(best: Sequence[float], played: Sequence[float]) -> float:
    """Half the width of the 95% interval of ``mean(best) - mean(played)`` where each
    move has draws of its own (a search's games through it): the two means' half-widths
    added in squares, a side whose draws show no spread bounded by the rule of three."""
    def half(drawn: Sequence[float]) -> float:
        count = len(drawn)
        if count < 2:
            return math.inf
        mean = sum(drawn) / count
        spread = sum((value - mean) ** 2 for value in drawn) / (count - 1)
        return Z95 * math.sqrt(spread / count) if spread else 3 / count

    return math.hypot(half(best), half(played))


def chances_of(state: S, outcomes: Sequence[Sequence[float]],
               chance: Chance[S] = shares) -> list[float]:
    """Each move's chance from its outcomes: exact ones (a single outcome each) as they
    are, the means of sampled ones read by ``chance``."""
    averages = means(outcomes)
    if all(len(drawn) == 1 for drawn in outcomes):
        return averages
    return [chance(state, mean) for mean in averages]


def weighed(number: int, state: S, played: M, outcomes: dict[M, Sequence[float]],
            chance: Chance[S] = shares, margin: Margin = paired_margin) -> Decision[S, M]:
    """The decision at move ``number``, from each move's ``outcomes``: their means'
    chances, the cost's margin as ``margin`` says (paired draw by draw where the draws
    are common). The margin is what the played move's mean outcome, raised by that
    margin, adds to its chance, so that the cost less the margin is the least cost the
    draws allow."""
    chances = dict(zip(outcomes, chances_of(state, list(outcomes.values()), chance),
                       strict=True))
    if all(len(drawn) == 1 for drawn in outcomes.values()):  # exact: no margin
        return Decision(number, state, played, chances)
    best = Decision(number, state, played, chances).best
    drawn = outcomes[played]
    raised = sum(drawn) / len(drawn) + margin(outcomes[best], drawn)
    return Decision(number, state, played, chances,
                    chance(state, raised) - chances[played])


def draws_seed(seed: int, number: int) -> int:
    """The seed of the draws that weigh move ``number`` of game ``seed``: a helper that
    weighs its moves as the review does draws the same, and plays the review's best."""
    return (seed * 1_000_003 + number) % 2**64


class Stopped(Exception):
    """The review was stopped before its end."""


def review(rules: Rules[S, M], start: S, played: Sequence[M], weigh: Weigh[S, M],
           seed: int, stop: Callable[[], bool] = lambda: False,
           progress: Callable[[int, int], None] = lambda done, of: None,
           chance: Chance[S] = shares, margin: Margin = paired_margin,
           wanted: Callable[[S], bool] = lambda state: True) -> list[Decision[S, M]]:
    """Every decision of the game played from ``start`` (a position with more than one
    legal move), weighed with draws seeded by the game's ``seed`` and the move's
    number, so a review of the same game is the same on any machine, a mean outcome's
    chance as ``chance`` says, a cost's margin as ``margin`` does; only the positions
    ``wanted`` (a person's, at a table with computers) are weighed; ``stop()`` (asked
    before each) ends it with ``Stopped``, ``progress(done, of)`` hears each move."""
    decisions: list[Decision[S, M]] = []
    state = start
    for number, move in enumerate(played, 1):
        if stop():
            raise Stopped
        legal = rules.legal_moves(state)
        if len(legal) > 1 and wanted(state):
            found = weigh(state, legal, draws_seed(seed, number))
            decisions.append(weighed(number, state, move,
                                     dict(zip(legal, found, strict=True)), chance, margin))
        progress(number, len(played))
        state = rules.apply(state, move)
    return decisions
