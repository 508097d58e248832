"""What the statistics panel shows of a run: the row whose figures, wins and charts
are shown (``part``), the score its histogram shows (``score``), and when the charts
were last drawn. Kept apart from the panel's form and run (``StatsScreen.showing``).
"""

from __future__ import annotations

import time

from rules.stats import Tally
from solitaire_tui.stats.runner import Snapshot
from solitaire_tui.ui.live import LiveScreen
from solitaire_tui.widgets.stats import RatePlot, ResultsTable, ScorePlot, WinsList

# How often the plots are redrawn while a run plays: plotext takes tens of ms a chart
# in pure Python, and a key that comes meanwhile waits (bench --engine keys).
PLOT_SECONDS = 1.0


class Showing:
    def __init__(self, screen: LiveScreen[Snapshot]) -> None:
        self.screen = screen  # whose ``shown`` snapshot is drawn, in its widgets
        self.part = 0  # the tally the charts and the wins list show
        self.score = 0  # which of its histograms
        self._plotted = 0.0  # when the plots were last drawn

    def started(self) -> None:
        """A new run: its first row and score."""
        self.part = self.score = 0

    def tally(self) -> Tally | None:
        snap = self.screen.shown
        return snap.tallies[self.part] if snap is not None and snap.tallies else None

    def update(self, snap: Snapshot) -> None:
        """A run's new snapshot: the figures at once, the plots once a second, as they
        are redrawn less often, to leave the cores to the kernels."""
        if snap.tallies:
            self.part = min(self.part, len(snap.tallies) - 1)
            self.figures(plots=snap.over or time.monotonic() - self._plotted >= PLOT_SECONDS)

    def row(self, row: int) -> None:
        """The row's figures at once, its charts in the frame after: a chart not drawn
        before takes plotext tens of milliseconds, which the cursor need not wait for."""
        if row != self.part:
            self.part = row
            self.figures(plots=False)
            self.screen.call_after_refresh(self.plots)

    def next_score(self) -> None:
        self.score += 1
        self.figures()

    def figures(self, *, plots: bool = True) -> None:
        snap, tally = self.screen.shown, self.tally()
        if snap is None or tally is None:
            return
        names = list(tally.histograms)
        self.screen.query_one(ResultsTable).show(snap, names[0] if names else "")
        self.screen.query_one(WinsList).show(tally.first_wins, tally.wins)
        if plots:
            self.plots()

    def plots(self) -> None:
        snap, tally = self.screen.shown, self.tally()
        if snap is None or tally is None:
            return
        names = list(tally.histograms)
        score = names[self.score % len(names)] if names else ""
        self._plotted = time.monotonic()
        self.screen.query_one(RatePlot).show(snap, self.part)
        self.screen.query_one(ScorePlot).show(
            tally, score, snap.labels[self.part] if len(snap.labels) > 1 else "")

