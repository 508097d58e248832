"""How the command line draws a histogram's rows: a count too small for a block or
for two decimals still shows, and never as none."""

from __future__ import annotations

from solitaire_tui.commands.stats import bar, share_of


def test_a_rare_range_is_a_thin_mark_and_less_than_a_hundredth() -> None:
    assert bar(58, 10_000_000) == "▏"
    assert share_of(58, 10_000_000) == "<0.01%"


def test_an_empty_range_draws_nothing_and_a_common_one_its_blocks() -> None:
    assert (bar(0, 100), share_of(0, 100)) == ("", "0.00%")
    assert (bar(50, 100), share_of(50, 100)) == ("█" * 15, "50.00%")
