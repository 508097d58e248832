"""``bench --engine calibration``: what a review's chances say, held to what followed.

A game's home that turns its helper's evaluation into chances (``Measures.calibration``)
plays its helper's games on deals the chances were not fitted on and bins their
positions by the chance the review gives the move made; each row sets the mean chance
beside the share of those positions won (with its 95% interval, games counted as the
units), with a target of ``measures.CHANCE_GAP``. A row that misses the target is
marked ✗ where the chance lies outside the interval, and "noise" where the deals
played cannot tell the two apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.table import Table

from solitaire_tui import measures
from solitaire_tui.measures import ChanceCheck

if TYPE_CHECKING:
    from solitaire_tui.games.game import Game


def checks(games: Sequence[Game], tell: Callable[[str], None]) -> list[ChanceCheck]:
    """Each game's check of its review's chances, where it has one."""
    found: list[ChanceCheck] = []
    for game in games:
        calibration = measures.of(game).calibration
        if calibration is not None:
            found += calibration(tell)
    return found


def table(rows: list[ChanceCheck]) -> Table:
    shown = Table(title="A review's chance against the wins that followed (held-out deals)")
    for column in ("review", "chance", "positions", "mean chance", "won (95%)", "gap",
                   "target"):
        shown.add_column(column, justify="left" if column == "review" else "right")
    for row in rows:
        shown.add_row(row.review, f"{row.low:.0%}–{row.high:.0%}", f"{row.positions:,}",
                      f"{row.predicted:.1%}", f"{row.won:.1%} ± {100 * row.margin:.1f}",
                      f"{100 * row.gap:+.1f} pts",
                      f"{_verdict(row)} ± {100 * measures.CHANCE_GAP:g} pts")
    return shown


def _verdict(row: ChanceCheck) -> str:
    if row.met:
        return "✓"
    return "✗" if row.told_apart else "noise"
