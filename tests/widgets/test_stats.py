"""The statistics panel's widgets: a chart's legend packed item by item, clear of the
chart beside it, its y axis named at even steps, and the results table's columns
fitting its rows."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label

from rules.stats import Tally
from solitaire_tui.stats.runner import Phase, Snapshot
from solitaire_tui.widgets.stats import (
    LEGEND_GUTTER,
    RatePlot,
    ResultsTable,
    even_ticks,
    packed,
)

pytestmark = pytest.mark.engine_free


def test_a_legend_goes_on_a_new_line_between_names_never_inside_one() -> None:
    items = [Text("win%"), Text("(• 95%)"), Text("━ P1 greedy"), Text("━ P2 random"),
             Text("━ P3 random")]
    assert packed(items, " ", 40).plain.split("\n") == [
        "win% (• 95%) ━ P1 greedy ━ P2 random", "━ P3 random"]


@given(st.lists(st.text("ab ━", min_size=1, max_size=12), min_size=1, max_size=8),
       st.integers(1, 40))
def test_every_item_is_whole_on_one_line(names: list[str], width: int) -> None:
    lines = packed([Text(name) for name in names], " ", width).plain.split("\n")
    assert " ".join(lines) == " ".join(names)  # in order, nothing lost or added
    for line in lines:  # a line holds whole items, and passes the width only alone
        assert len(line) <= width or line in names


@given(st.floats(1e-6, 100), st.integers(1, 40))
def test_a_y_axis_is_named_from_0_at_one_round_step_each_on_its_own_row(
        top: float, rows: int) -> None:
    ticks, highest = even_ticks(top, rows)
    step = ticks[1]
    assert ticks[0] == 0 and top <= highest * (1 + 1e-9)  # all that is drawn is in range
    assert all(abs(b - a - step) < step * 1e-6 for a, b in itertools.pairwise(ticks))
    mantissa = step / 10 ** math.floor(math.log10(step) + 1e-9)
    assert any(abs(mantissa - nice) < 1e-6 for nice in (1, 2, 2.5, 5))
    gap = step / highest * (max(1, rows - 1))  # rows from one value to the next
    assert abs(gap - round(gap)) < 1e-6 and (round(gap) >= 2 or rows < 3)
    assert ticks[-1] <= highest * (1 + 1e-9)


def snapshot(labels: tuple[str, ...]) -> Snapshot:
    return Snapshot(Phase.FINISHED, seed=0, games=100, done=100, labels=labels,
                    tallies=tuple(Tally(100, 5 * (index + 1)) for index in range(len(labels))))


class Panel(App[None]):
    def compose(self) -> ComposeResult:
        with Horizontal():
            yield RatePlot(id="rate")
            yield Label("final cards (% of games)")
        yield ResultsTable()


async def test_a_second_run_of_as_many_rows_widens_its_labels_column() -> None:
    """Two comparisons in one panel, of as many versions: the labels column fits the
    second's labels, not the first's ("unlimite" was left of "unlimited")."""
    app = Panel()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(ResultsTable)
        table.show(snapshot(("same", "reversed", "shuffled")), "")
        await pilot.pause()
        table.show(snapshot(("unlimited", "roll-call", "two-strike")), "")
        await pilot.pause()
        first = next(iter(table.columns.values()))
        assert first.width >= len("two-strike")
        assert [table.get_row_at(row)[0].plain for row in range(3)] == [
            "unlimited", "roll-call", "two-strike"]


@pytest.mark.parametrize("width", [30, 40, 48, 60, 80])
async def test_a_legend_leaves_a_gutter_before_the_chart_beside_it(width: int) -> None:
    """A legend that filled its chart's width read on into the next chart's title
    beside it ("━ quick final cards")."""
    app = Panel()
    async with app.run_test(size=(2 * width, 24)) as pilot:
        plot = app.query_one(RatePlot)
        plot.styles.width = width
        plot.show(snapshot(("greedy", "random", "quick")), 0)
        await pilot.pause()
        legend = plot.legend()
        assert legend is not None
        assert all(len(line) <= width - LEGEND_GUTTER for line in legend.plain.split("\n"))


@pytest.mark.parametrize("height", [9, 10, 12, 16, 24])
async def test_each_y_value_named_is_drawn_on_a_row_of_its_own(height: int) -> None:
    """plotext's own values, in a few rows, fell on one row and it left one out:
    31.2, 26.0, 20.8, then 10.4."""
    games = (10, 100, 1_000, 10_000)
    curve = tuple((done, (done * 31 // 100, done // 10)) for done in games)
    snap = Snapshot(Phase.FINISHED, seed=0, games=10_000, done=10_000,
                    labels=("greedy", "quick"), curve=curve,
                    tallies=(Tally(10_000, 3_100), Tally(10_000, 1_000)))
    app = Panel()
    async with app.run_test(size=(80, 30)) as pilot:
        plot = app.query_one(RatePlot)
        plot.styles.height = height
        plot.show(snap, 0)
        await pilot.pause()
        drawn = "".join(segment.text for segment in app.console.render(plot.render()))
        lines = drawn.split("\n")
        named = [(row, float(line.split("┤")[0])) for row, line in enumerate(lines)
                 if "┤" in line]
        values = sorted(value for _, value in named)
        steps = {round(b - a, 9) for a, b in itertools.pairwise(values)}
        assert values[0] == 0 and len(steps) == 1  # none left out
        gaps = {b - a for (a, _), (b, _) in itertools.pairwise(named)}
        assert len(gaps) == 1 and min(gaps) >= 2  # as many rows apart, each on its own


async def test_a_share_wider_than_its_column_widens_it_and_it_stays() -> None:
    """A column sized for 1 of 1,000 games cut 1 of 273 while the run played
    ("0.3663% (0.0647–2.0"); widened once, it does not narrow with the next figures."""
    def playing(done: int, ties: int) -> Snapshot:
        return Snapshot(Phase.PLAYING, seed=0, games=1_000, done=done, labels=("P1", "P2"),
                        shares_wins=True, tallies=(Tally(done, done // 2, ties),
                                                   Tally(done, done // 2, ties)))

    app = Panel()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(ResultsTable)
        for done, ties in ((100, 50), (273, 1), (1_000, 500)):
            table.show(playing(done, ties), "")
            await pilot.pause()
            tied = next(column for column in table.columns.values()
                        if str(column.label) == "tied")
            cell = table.get_row_at(0)[2]
            assert len(str(cell)) <= tied.width, (done, cell)
        assert tied.width >= len("0.3663% (0.0647–2.05)")
