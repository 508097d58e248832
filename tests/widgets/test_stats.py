"""The statistics panel's widgets: a chart's legend packed item by item, clear of the
chart beside it, and the results table's columns fitting its rows."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label

from rules.stats import Tally
from solitaire_tui.stats.runner import Phase, Snapshot
from solitaire_tui.widgets.stats import LEGEND_GUTTER, RatePlot, ResultsTable, packed


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
