"""``bench --engine calibration`` at a small scale: each game that checks its review's
chances is asked, and its rows are shown against the target, a row that misses it
marked."""

from __future__ import annotations

import io
import math
import random

import pytest
from rich.console import Console

from solitaire_tui.bench import chances as bench_chances
from solitaire_tui.games.registry import GAMES
from solitaire_tui.games.sequence import calibration
from solitaire_tui.games.sequence.calibration import Position
from solitaire_tui.measures import CHANCE_GAP, ChanceCheck

pytestmark = pytest.mark.engine_free


def test_each_games_chances_are_checked_and_shown_against_the_target(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions drawn so that the shipped table's chance is how often they are won:
    every row meets the target (the held-out deals' own play is ``bench``'s, not a
    test's: minutes on two cores)."""
    draw = random.Random(3)
    table = calibration.fitted()

    def drawn(deals: object) -> list[Position]:
        found = []
        for deal in range(20_000):
            unseen, score = draw.randrange(8, 52), draw.uniform(30, 70)
            found.append(Position(unseen, score, draw.random() < table.chance(unseen, score),
                                  deal))
        return found

    monkeypatch.setattr(calibration, "collected", drawn)
    told: list[str] = []
    rows = bench_chances.checks(GAMES, told.append)
    assert told and rows and {row.review for row in rows} == {calibration.REVIEW}
    assert all(row.met and row.low <= row.predicted < row.high for row in rows)
    assert sum(row.positions for row in rows) == 20_000
    missed = ChanceCheck("a review", 0.5, 0.6, 100, 0.55, 0.55 + 2 * CHANCE_GAP)
    out = io.StringIO()
    Console(file=out, width=160).print(bench_chances.table([*rows, missed]))
    shown = out.getvalue()
    assert shown.count("✓") == len(rows) and shown.count("✗") == 1


def test_a_rows_interval_counts_games_not_positions() -> None:
    """The positions of one game share its outcome: the same positions won and lost
    in the same shares are known less well from ten games than from two hundred,
    and a chance said within that interval is not told apart from it."""
    table = calibration.fitted()
    unseen = 30  # one row: every position alike
    alike = [Position(unseen, 50.0, index % 2 == 0, index) for index in range(200)]
    grouped = [Position(unseen, 50.0, (index // 20) % 2 == 0, index // 20)
               for index in range(200)]
    [apart] = calibration.checked(alike, table)
    [together] = calibration.checked(grouped, table)
    assert apart.won == together.won == 0.5
    assert 0.06 < apart.margin < 0.08  # about 1.96 × √(¼ / 200)
    assert together.margin > 4 * apart.margin
    assert math.isclose(apart.predicted, table.chance(unseen, 50.0))
    assert math.isclose(together.predicted, apart.predicted)
