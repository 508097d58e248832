"""The statistics panel's displays: the table of figures, the running win rate, the
score histogram and the list of winning deals.

Each shows a ``Snapshot`` of a run and keeps no figures of its own, so a live run,
a finished one and one reopened from the history look alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import accumulate

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual.app import RenderResult
from textual.coordinate import Coordinate
from textual.widgets import DataTable
from textual.widgets.option_list import Option
from textual_plotext import PlotextPlot

from rules.stats import Tally, seat_advantage, wilson_interval
from rules.words import counted
from solitaire_tui.stats.compare import short_label, version_of
from solitaire_tui.stats.runner import Snapshot
from solitaire_tui.stats.runs import ONLY_HERE, paired_difference, percent
from solitaire_tui.widgets.pages import PagedOptionList

LABEL_WIDTH = 16  # "greedy+random P1", a comparison's seat
LEGEND_GUTTER = 2  # cells a chart's legend leaves free at its right edge
SHARE_WIDTH = len("99.99% (99.9–99.9)")
RAREST = 40  # wins counted to find a share's widest text (``share_width``)
# A seat's win rate minus the other seats' mean, in percentage points.
ADVANTAGE = "win % vs others"
PAIRED = "vs first (points)"  # a comparison's later version: its paired difference
SCORE_TICKS = 8  # at most this many values are named under a histogram
SCORE_BARS = 40  # a score with more values is drawn in this many ranges
PLOT_FRAME = 3  # rows of a plot that are not its area: the frame's two and the x labels
ROOM = 1.5  # a y axis may reach this far past the highest value drawn, for round steps
# A colour a tally, for its line in the plot and its name in the table and the plot's
# legend (a line of ours above the plot: plotext's own is drawn over the curves).
COLOURS = ("cyan", "magenta", "green", "yellow", "red", "blue")
# Without colours (NO_COLOR) the lines of several tallies are told apart by the
# character each is drawn with, the same one in the legend.
MARKS = ("o", "x", "+", "*", "#", "@")


def share(count: int, games: int) -> str:
    """A count as a share of the games with its 95% interval: ``48.31% (47.3–49.3)``."""
    if not games:
        return "—"
    low, high = wilson_interval(count, games)
    return f"{percent(count / games)} ({100 * low:.3g}–{100 * high:.3g})"


def share_width(games: int) -> int:
    """As wide as ``share`` of ``games`` can get: the longest are the rarest wins, whose
    rate and bounds take the most digits after a run of zeros."""
    return max(SHARE_WIDTH, *(len(share(count, games)) for count in range(min(RAREST, games + 1))))


def _width(cell: Text | str) -> int:
    return cell_len(cell) if isinstance(cell, str) else cell.cell_len


def _label(label: str) -> str:
    """A row's name as the table shows it: short, at most LABEL_WIDTH."""
    return short_label(part_name(label))[:LABEL_WIDTH]


def advantage(wins: Sequence[int], games: int, seat: int) -> str:
    """A seat's win rate minus the others' mean, in percentage points with the half
    width of its 95% interval: ``+7.37 ± 0.43``."""
    if not games or len(wins) < 2:
        return "—"
    difference, low, high = seat_advantage(wins, games, seat)
    return points(difference, (high - low) / 2)


def points(difference: float, half: float) -> str:
    """A difference of two rates in percentage points, with its interval's half width:
    ``+7.37 ± 0.43``, one way in every column."""
    return f"{100 * difference:+.2f} ± {100 * half:.2f}"


def part_name(label: str) -> str:
    return label or "all games"


class ResultsTable(DataTable[Text | str]):
    """A row a tally: the whole run, or each seat or strategy on the same deals."""

    DEFAULT_CSS = """
    ResultsTable { height: auto; max-height: 8; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        # Wider than 80 columns with a comparison's intervals: scrolled sideways, the
        # rows keep their names in view.
        super().__init__(id=id, cursor_type="row", zebra_stripes=True, fixed_columns=1)
        # ties, score, the rows' labels (the first column is as wide as they are),
        # games, whether the rows are a comparison's versions, and the games played
        # once the run is over ("won of 3,000" heads its wins then; "won" while the
        # count grows, and a cancelled run's is not the games asked for)
        self._shape: tuple[bool, str, tuple[str, ...], int, bool, int | None] | None = None
        self._headings: list[tuple[str, int]] = []  # each column's heading, first width
        self._widths: list[int] = []  # each column's width now

    # Sideways, a row cursor's table scrolls by one cell (left, right) and to its ends
    # without telling its scrolling's target, so a right after end went back to the
    # first column. A table wider than the terminal moves a column at a time here.
    def action_cursor_right(self) -> None:
        later = [stop for stop in self._column_stops() if stop > self.scroll_x]
        self._scroll_sideways(later[0] if later else self.max_scroll_x)

    def action_cursor_left(self) -> None:
        earlier = [stop for stop in self._column_stops() if stop < self.scroll_x]
        self._scroll_sideways(earlier[-1] if earlier else 0)

    def action_scroll_home(self) -> None:
        self._scroll_sideways(0)

    def action_scroll_end(self) -> None:
        self._scroll_sideways(self.max_scroll_x)

    def _column_stops(self) -> list[int]:
        """Where each column after the names starts, as a scroll: the names stay."""
        widths = [column.get_render_width(self)
                  for column in self.ordered_columns[self.fixed_columns:]]
        return [*accumulate(widths, initial=0)][:-1]

    def _scroll_sideways(self, x: float) -> None:
        self.scroll_to(x=min(x, self.max_scroll_x), animate=False, immediate=True)

    def show(self, snap: Snapshot, score: str) -> None:
        paired = any(ONLY_HERE in tally.histograms for tally in snap.tallies)
        rows = [self._cells(snap, index, paired) for index in range(len(snap.tallies))]
        shape = (snap.shares_wins, score, snap.labels, snap.games, paired,
                 snap.done if snap.over else None)
        new_shape = shape != self._shape
        if new_shape:
            self._shape = shape
            self._headings = self._columns(snap, score, paired)
            self._widths = [width for _, width in self._headings]
        # Columns as wide as their figures will mostly get, so that updates seldom
        # widen them (a new layout on every update would cost the kernels a core); a
        # share of the first games of a run may still be wider ("0.3663% (0.0647–2.05)",
        # 1 of 273, in a column sized for 1,000 games): the column widens, and stays.
        widest = [max((_width(row[column]) for row in rows), default=0)
                  for column in range(len(self._widths))]
        wider = [max(have, need) for have, need in zip(self._widths, widest, strict=True)]
        if new_shape or wider != self._widths:
            self._widths = wider
            cursor = self.cursor_row
            self.clear(columns=True)
            for (heading, _), width in zip(self._headings, wider, strict=True):
                self.add_column(heading, width=width)
            for index, row in enumerate(rows):
                self.add_row(*row, key=str(index))
            self.move_cursor(row=min(cursor, len(rows) - 1))
            return
        for index, row in enumerate(rows):
            for column, value in enumerate(row):
                self.update_cell_at(Coordinate(index, column), value)

    @staticmethod
    def _columns(snap: Snapshot, score: str, paired: bool) -> list[tuple[str, int]]:
        """The columns' headings and the widths a run of ``snap.games`` games is given
        at first."""
        # Lost is what won and tied leave; a seat's edge over the others says more.
        shares = ("won alone", "tied", ADVANTAGE) if snap.shares_wins else (
            "win rate (95% interval)",)
        headings = [("", max(len(_label(label)) for label in snap.labels))]
        if not snap.shares_wins:  # of the games played: said once the run is over
            won = f"won of {snap.done:,}" if snap.over else "won"
            headings.append((won, len(f"won of {snap.games:,}")))
        headings += [(heading, len(heading) if heading == ADVANTAGE
                      else max(len(heading), share_width(snap.games))) for heading in shares]
        if paired:
            headings.append((PAIRED, len(PAIRED)))
        mean = f"mean {score.replace('_', ' ')}" if score else ""
        headings.append((mean, max(len(mean), 8)))
        return headings

    @staticmethod
    def _cells(snap: Snapshot, index: int, paired: bool) -> list[Text | str]:
        """A row's cells; ``paired``: the rows are a comparison's versions, with a
        column of each later one's difference from the first."""
        tally = snap.tallies[index]
        games = tally.games
        name = Text(_label(snap.labels[index]), style=f"bold {COLOURS[index % len(COLOURS)]}")
        if snap.shares_wins:
            # A seat against the other seats of its own version, not the other versions'.
            version = version_of(snap.labels[index])
            seats = [seat for seat, label in enumerate(snap.labels)
                     if version_of(label) == version]
            outcomes = [share(tally.wins, games), share(tally.ties, games),
                        advantage([snap.tallies[seat].wins for seat in seats], games,
                                  seats.index(index))]
        else:
            outcomes = [f"{tally.wins:,}", share(tally.wins, games)]
        if paired:
            found = paired_difference(tally.histograms, games)
            # The first version is what the others are compared with.
            outcomes.append("—" if found is None else points(found[0], found[2] - found[0]))
        histogram = next(iter(tally.histograms.values()), None)
        mean = "" if histogram is None or not histogram.total else f"{histogram.mean:.3f}"
        return [name, *outcomes, mean]


def _rates(tally_wins: Sequence[int], games: Sequence[int]) -> list[float]:
    return [100 * wins / done for wins, done in zip(tally_wins, games, strict=True)]


def _games_text(games: int) -> str:
    for size, suffix in ((10**9, "G"), (10**6, "M"), (10**3, "k")):
        if games >= size:
            return f"{games // size}{suffix}"
    return str(games)


class Chart(PlotextPlot):
    """A plotext chart drawn afresh from its figures each time it is rendered.

    plotext builds a figure in place: a log scale is applied to the data it holds, so
    a second build of the same figure (a resize, a refresh) takes the log of the
    logs, draws nothing sensible and soon fails with a math domain error. So the
    figures are kept here and given to plotext anew for every build. Too small a
    widget for axes shows the chart's one-line summary instead, as plotext cannot lay
    out a plot in a few cells.

    It also lets go of the app when it leaves the screen: textual-plotext (1.0.1)
    subscribes each plot to the app's theme signal when it is mounted and never
    unsubscribes it. The signal's table is weak-keyed by the plot, but the callback
    it stores refers to the plot, so the entry is never dropped: the plot, with its
    last figure and rendered lines (megabytes for a long run's curve), would outlive
    its panel, two for every panel ever opened.
    """

    MIN_SIZE = (24, 6)  # the least width and height a plot with its axes is drawn in
    KEPT = 16  # charts kept drawn (``render``)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn: dict[tuple[object, ...], tuple[object, RenderResult]] = {}
        self._top = 0.0  # the highest value ``draw`` gave plotext, 0: none

    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def figures(self) -> object:
        """What the chart shows now: ``render`` keeps each chart drawn by it (and by
        the size and theme), so that going back to a row of the panel's table shows
        its charts at once. plotext, in pure Python, took 30 ms a chart. The figures
        are immutable, or replaced whole, and named by identity (kept alive beside the
        chart, so that an identity is never reused for other figures meanwhile)."""
        raise NotImplementedError

    def draw(self) -> str:
        """Give the figures to ``self.plt``; the chart in a line, for a tiny widget."""
        raise NotImplementedError

    def legend(self) -> Text | None:
        """The chart's title and what its lines are, drawn above it (``draw`` gives
        plotext no title then); None: plotext's title is enough."""
        return None

    def render(self) -> RenderResult:
        figures = self.figures()
        key = (*(id(figure) for figure in _parts(figures)), *self.size, self.app.theme)
        if key in self._drawn:
            return self._drawn[key][1]
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        self._top = 0.0
        line = self.draw()
        legend = self.legend()
        lines: list[Text] = [] if legend is None else list(
            legend.wrap(self.app.console, max(1, self.size.width)))
        width, height = self.MIN_SIZE
        if self.size.width < width or self.size.height - len(lines) < height:
            drawn: RenderResult = Text(line, overflow="ellipsis")
        elif legend is None:
            drawn = super().render()
        else:
            plt.plotsize(self.size.width, self.size.height - len(lines))
            plt.theme(self._get_plotext_theme_name(self.app.theme))
            if self._top > 0:
                ticks, top = even_ticks(self._top, self.size.height - len(lines) - PLOT_FRAME)
                plt.ylim(0, top)
                plt.yticks(ticks, [f"{tick:g}" for tick in ticks])
            drawn = Group(*lines, Text.from_ansi(plt.build()))
        if len(self._drawn) >= self.KEPT:
            del self._drawn[next(iter(self._drawn))]  # the oldest
        self._drawn[key] = figures, drawn
        return drawn


def even_ticks(top: float, rows: int) -> tuple[list[float], float]:
    """The values a plot ``rows`` high names on its y axis, and the top of its range
    (at least ``top``): from 0 at a round step (1, 2, 2.5 or 5 times a power of ten),
    each on a row of its own as many rows apart, two at least. plotext's own, in a
    few rows, fell on one row and it left one out (20.8 then 10.4); and values evenly
    spaced fall on rows 2 and 3 apart unless the range ends where the rows do."""
    span = max(1, rows - 1)  # rows between the lowest and the highest
    choices = []  # (the range's top, values) for each number of steps that fits
    for steps in range(max(1, min(5, span // 2)), 0, -1):
        gap = span // steps  # rows a step
        step = _round_up(top * gap / span)
        choices.append((step * span / gap, [step * index for index in range(steps + 1)]))
    # The most values whose range wastes under a third of the plot, else the least waste.
    fit = next((choice for choice in choices if choice[0] <= top * ROOM), None)
    highest, values = fit or min(choices, key=lambda choice: choice[0])
    return values, highest


def _round_up(value: float) -> float:
    """The least of 1, 2, 2.5 and 5 times a power of ten at or above ``value``."""
    power = 10.0 ** math.floor(math.log10(value))
    return next(power * factor for factor in (1, 2, 2.5, 5, 10) if power * factor >= value)


def packed(items: Sequence[Text], separator: str, width: int) -> Text:
    """``items`` joined by ``separator``, a new line where the next would pass ``width``:
    an item is never split (a name's mark ending one line and its name the next read as
    the next chart's title, beside it)."""
    lines: list[Text] = []
    for item in items:
        if lines and lines[-1].cell_len + len(separator) + item.cell_len <= width:
            lines[-1].append(separator)
            lines[-1].append_text(item)
        else:
            lines.append(item.copy())
    return Text("\n").join(lines)


def _parts(figures: object) -> tuple[object, ...]:
    return figures if isinstance(figures, tuple) else (figures,)


class RatePlot(Chart):
    """The running win rate of every tally, and the chosen tally's 95% interval
    narrowing around it as the games add up (games on a log scale)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[Snapshot, int] | None = None

    def show(self, snap: Snapshot, part: int) -> None:
        self._shown = snap, part
        self.refresh()

    def figures(self) -> object:
        return self._shown

    def legend(self) -> Text | None:
        if self._shown is None:
            return Text("win %")
        snap, part = self._shown
        names = [(f"{self._mark(index, len(snap.labels), '━')} {short_label(part_name(label))}",
                  COLOURS[index % len(COLOURS)]) for index, label in enumerate(snap.labels)]
        if len(names) == 1:
            names = []  # the one line needs no name
        interval = ("• 95% interval" + (f" ({short_label(part_name(snap.labels[part]))})"
                                        if names else ""), "gray")
        items = [Text("win %"), *(Text(*name) for name in names), Text(*interval)]
        # Short of the chart's edge by a gutter: a legend that filled it read on into the
        # next chart's title beside it ("━ quick final cards").
        width = self.size.width - LEGEND_GUTTER
        if Text("  ").join(items).cell_len <= width:
            return Text("  ").join(items)
        # Narrow: the names close up, on fewer lines, the interval's sign first, where it
        # cannot be read as the last name's.
        return packed([Text("win%"), Text("(• 95%)", "gray"), *(Text(*name) for name in names)],
                      " ", width)

    def draw(self) -> str:
        plt = self.plt
        if self._shown is None:
            return "win rate: —"
        snap, part = self._shown
        points = [(done, wins) for done, wins in snap.curve if done]
        if not points:
            return "win rate: —"
        games = [done for done, _ in points]
        plt.xscale("log")
        ticks = [10**power for power in range(len(str(games[-1])))
                 if games[0] <= 10**power <= games[-1]]
        plt.xticks(ticks, [_games_text(tick) for tick in ticks])
        for index in range(len(snap.labels)):
            rates = _rates([each[index] for _, each in points], games)
            plt.plot(games, rates, color=COLOURS[index % len(COLOURS)],
                     marker=self._mark(index, len(snap.labels), "braille"))
            self._top = max(self._top, *rates)
        chosen = [each[part] for _, each in points]
        bounds = [wilson_interval(w, n) for w, n in zip(chosen, games, strict=True)]
        plt.plot(games, [100 * low for low, _ in bounds], color="gray", marker="dot")
        highs = [100 * high for _, high in bounds]
        plt.plot(games, highs, color="gray", marker="dot")
        self._top = max(self._top, *highs)
        return f"win rate {share(chosen[-1], games[-1])}"

    def _mark(self, index: int, lines: int, coloured: str) -> str:
        """How tally ``index``'s line is drawn: ``coloured`` where its colour tells it
        from the others, its own character where there are no colours."""
        return MARKS[index % len(MARKS)] if self.app.no_color and lines > 1 else coloured


class ScorePlot(Chart):
    """The chosen tally's histogram of one score, as a share of the games."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[Tally | None, str, str] = (None, "", "")

    def show(self, tally: Tally | None, score: str, label: str) -> None:
        self._shown = tally, score, label
        self.refresh()

    def figures(self) -> object:
        return self._shown

    def legend(self) -> Text | None:
        """The title, drawn by us above the plot: plotext left its own out of a plot
        at 80×24."""
        _, score, label = self._shown
        return Text(f"{score.replace('_', ' ')} (% of games)"
                    + (f", {short_label(label)}" if label else ""))

    def draw(self) -> str:
        plt = self.plt
        tally, score, _ = self._shown
        histogram = tally.histograms.get(score) if tally is not None else None
        heading = score.replace("_", " ")
        if histogram is None or not histogram.total:
            return f"{heading or 'score'}: —"
        bars = histogram.binned(SCORE_BARS)
        values = [first for first, _, _ in bars]
        shares = [100 * count / histogram.total for _, _, count in bars]
        plt.bar(values, shares, marker="hd")
        self._top = max(shares)
        named = values[::math.ceil(len(values) / SCORE_TICKS)]  # labels that never crowd
        plt.xticks([float(value) for value in named], [str(value) for value in named])
        return f"{heading}: mean {histogram.mean:.3g}"


class WinsList(PagedOptionList):
    """The first winning deals, lowest first; choosing one replays it."""

    DEFAULT_CSS = """
    WinsList { width: 23; height: 1fr; border: round $panel; }
    WinsList:focus { border: round $accent; }
    """

    def show(self, deals: Sequence[int], wins: int) -> None:
        self.border_title = counted(wins, "win")
        self.border_subtitle = "enter replays" if deals else ""
        shown = [str(deal) for deal in deals]
        if shown == [option.id for option in self.options]:
            return
        highlighted = self.highlighted
        self.clear_options()
        self.add_options(Option(deal, id=deal) for deal in shown)  # as typed: "deal 1234"
        if shown:
            self.highlighted = min(highlighted or 0, len(shown) - 1)

    @property
    def chosen_deal(self) -> int | None:
        if self.highlighted is None:
            return None
        option_id = self.get_option_at_index(self.highlighted).id
        return int(option_id) if option_id is not None else None

