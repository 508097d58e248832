"""Fitting and checking what a Sequence review's chance says (``bench`` only).

The review scores each move as the fair player does, by its mean score on the orders
the hint weighs, and turns that into a chance with ``rules.players.sequence_chances``.
That table is fitted here, on the fair player's own games: at each position the
review weighs on sampled orders, the unseen count and the mean score of the move the
fair player made, against whether it went on to win the deal. Within each run of
unseen counts (``LEAST``) the positions are cut by score into bins of equal count,
each bin's (mean score, share won) a point, and the points are pooled where the share
falls as the score rises (pool-adjacent-violators), so the curve only rises.

``bench --engine calibration`` holds the table to deals it was not fitted on: the
positions of the fair player's games there, by the chance the review gives the move
played, against how often the fair player won from them.

    python -m solitaire_tui.games.sequence.calibration --deals 0:3000
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from rules import sequence
from rules.own_players.sequence import start
from rules.players.sequence_chances import TABLE, Chances, Curve, fitted
from rules.review import Z95
from solitaire_tui.measures import ChanceCheck

# The first unseen count of each run fitted apart: the fewer cards to come, the
# shorter the rollouts and the more a score says.
LEAST = (0, 11, 16, 21, 26, 31, 36, 41, 46)
BINS = 12  # points a curve is fitted with, before pooling
HELD_OUT = range(500_000, 500_600)  # deals ``bench`` checks the table on
STEP = 0.1  # the width of a row of ``bench``'s table, in chance
REVIEW = "Sequence, the fair player's games"


@dataclass(frozen=True)
class Position:
    """A position of the fair player's game that a review weighs on sampled orders:
    its unseen cards, the mean score of the move made, whether the game was won, and
    the game's deal."""

    unseen: int
    score: float
    won: bool
    deal: int


def positions(deal: int) -> list[Position]:
    """The positions of the fair player's game on ``deal`` that a review weighs on
    sampled orders (more than one legal move, and not exact)."""
    from rules.players.sequence_fair import FairPlayer
    from rules.players.sequence_review import outcomes

    state, player = start(deal), FairPlayer(deal)
    found: list[tuple[int, float]] = []
    while not sequence.is_over(state):
        move = player.choose(state)
        if len(sequence.legal_moves(state)) > 1:
            drawn = outcomes(state, [move], deal)[0]
            if len(drawn) > 1:
                found.append((len(state.deck), statistics.fmean(drawn)))
        state = sequence.apply(state, move)
    won = sequence.result(state).won
    return [Position(unseen, score, won, deal) for unseen, score in found]


def collected(deals: Sequence[int], workers: int = 2) -> list[Position]:
    """The positions of ``deals``, played in ``workers`` processes."""
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        return [found for deal in pool.map(positions, deals, chunksize=8) for found in deal]


def _pooled(points: list[tuple[float, float, int]]) -> list[tuple[float, float, int]]:
    """(score, share, weight) points, increasing in score, pooled where the share falls
    (pool-adjacent-violators), so the shares only rise."""
    pooled: list[tuple[float, float, int]] = []
    for point in points:
        pooled.append(point)
        while len(pooled) > 1 and pooled[-2][1] >= pooled[-1][1]:
            (score_a, share_a, a), (score_b, share_b, b) = pooled[-2], pooled[-1]
            pooled[-2:] = [((score_a * a + score_b * b) / (a + b),
                            (share_a * a + share_b * b) / (a + b), a + b)]
    return pooled


def curve(least: int, found: Sequence[Position]) -> Curve:
    """The curve of one run of unseen counts, from its positions."""
    ordered = sorted(found, key=lambda position: position.score)
    size = len(ordered) / BINS
    points = []
    for index in range(BINS):
        part = ordered[round(index * size):round((index + 1) * size)]
        if part:
            points.append((statistics.fmean(position.score for position in part),
                           statistics.fmean(position.won for position in part), len(part)))
    pooled = _pooled(points)
    return Curve(least, tuple(round(score, 3) for score, _, _ in pooled),
                 tuple(round(share, 4) for _, share, _ in pooled))


def fit(found: Sequence[Position], fitted_on: str) -> Chances:
    """The table from the positions ``found``: a curve for each run of ``LEAST``."""
    ends = (*LEAST[1:], sequence.PILES * sequence.PILE_SIZE + 1)
    return Chances(fitted_on, tuple(
        curve(least, [position for position in found if least <= position.unseen < end])
        for least, end in zip(LEAST, ends, strict=True)))


def checked(found: Sequence[Position], table: Chances) -> list[ChanceCheck]:
    """The positions ``found`` by the chance ``table`` gives their move, in rows of
    ``STEP``, against how often the fair player won from them."""
    rows: dict[int, list[tuple[float, Position]]] = {}
    for position in found:
        chance = table.chance(position.unseen, position.score)
        rows.setdefault(min(int(chance / STEP), round(1 / STEP) - 1), []).append(
            (chance, position))
    return [ChanceCheck(REVIEW, index * STEP, (index + 1) * STEP, len(rows[index]),
                        statistics.fmean(chance for chance, _ in rows[index]),
                        *_won([position for _, position in rows[index]]))
            for index in sorted(rows)]


def _won(found: Sequence[Position]) -> tuple[float, float]:
    """The share of ``found`` won and its 95% interval's half width, the positions of
    one deal counted together (a cluster-robust interval: they share one outcome)."""
    share = statistics.fmean(position.won for position in found)
    apart: dict[int, float] = {}
    for position in found:
        apart[position.deal] = apart.get(position.deal, 0.0) + position.won - share
    games = len(apart)
    if games < 2:
        return share, 1.0
    spread = sum(total * total for total in apart.values()) * games / (games - 1)
    return share, Z95 * math.sqrt(spread) / len(found)


def calibration(tell: Callable[[str], None]) -> list[ChanceCheck]:
    """``bench``'s check of the shipped table on the held-out deals."""
    tell(f"The Sequence review's chances against the fair player's wins, on deals"
         f" {HELD_OUT.start:,}..{HELD_OUT.stop - 1:,} …")
    return checked(collected(HELD_OUT), fitted())


def main(argv: list[str] | None = None) -> None:
    """Fit the table on the fair player's games and write it beside
    ``rules.players.sequence_chances``."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--deals", default="0:3000", help="first:end, end excluded")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    first, end = (int(part) for part in args.deals.split(":"))
    found = collected(range(first, end), args.workers)
    table = fit(found, f"deals {first}..{end - 1}, {len(found):,} positions")
    path = Path(__file__).parents[3] / "rules" / "players" / TABLE
    path.write_text(json.dumps(table.as_data(), indent=1) + "\n", encoding="utf-8")
    for row in checked(found, table):
        print(f"{row.low:.1f}–{row.high:.1f}  {row.positions:6}  {row.predicted:6.3f}"
              f"  {row.won:6.3f}")


if __name__ == "__main__":
    main()
