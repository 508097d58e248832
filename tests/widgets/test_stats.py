"""The statistics panel's widgets, as far as they are plain: a chart's legend packed
item by item."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.text import Text

from solitaire_tui.widgets.stats import packed


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
