"""How the command line draws a histogram's rows: a count too small for a block or
for two decimals still shows, and never as none."""

from __future__ import annotations

import pytest

from solitaire_tui.commands.stats import bar, share_of

pytestmark = pytest.mark.engine_free


def test_a_rare_range_is_a_thin_mark_and_less_than_a_hundredth() -> None:
    assert bar(58, 10_000_000) == "▏"
    assert share_of(58, 10_000_000) == "<0.01%"


def test_an_empty_range_draws_nothing_and_a_common_one_its_blocks() -> None:
    assert (bar(0, 100), share_of(0, 100)) == ("", "0.00%")
    assert (bar(50, 100), share_of(50, 100)) == ("█" * 15, "50.00%")


def test_a_yes_or_no_score_is_a_share_with_its_interval() -> None:
    """The solver's ``unknown`` and ``lost`` are 0 or 1 a deal: shown as how many, of
    all, with a 95% interval, not as two bars."""
    import io
    from collections import Counter

    from rich.console import Console

    from rules.stats import Histogram, Tally, wilson_interval
    from solitaire_tui.commands.stats import tally_table
    from solitaire_tui.stats.runs import percent

    tally = Tally(games=1000, wins=980, histograms={
        "unknown": Histogram(Counter({0: 980, 1: 20})), "lost": Histogram(Counter({0: 1000})),
        "final_cards": Histogram(Counter({52: 980, 40: 20}))})
    out = io.StringIO()
    Console(file=out, width=120).print(tally_table(tally, "solver", False,
                                                   flags=frozenset({"unknown", "lost"})))
    text = out.getvalue()
    low, high = wilson_interval(20, 1000)
    assert (f"20 of 1,000: {percent(0.02)}  (95% interval {percent(low)} to"
            f" {percent(high)})") in text
    assert "lost         0 of 1,000: " in text and "█" in text  # final cards keep their bars
