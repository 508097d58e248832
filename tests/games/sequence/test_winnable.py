"""Winnable deals only, without the screen: what ``winnable_deal`` finds, and the
seconds it says the search took."""

from __future__ import annotations

import time

from rules import sequence
from rules.cards import deal_cards
from rules.fast.sequence_solver import solve
from solitaire_tui.games.sequence.winnable import CHECK_NODES, winnable_deal


def test_the_deal_found_is_won_and_its_seconds_are_the_searchs_own() -> None:
    """The seconds said ("found in 0.04 s") are the search's, from its first draw: a
    wait before the search began (for the solver's compile, on a first start) is not
    in them."""
    drawn = iter(range(300, 400))
    began = time.perf_counter()
    found = winnable_deal(lambda: False, lambda: next(drawn))
    took = time.perf_counter() - began
    assert found is not None and 300 <= found.deal < 400 and found.tries == found.deal - 299
    state = sequence.new_game(sequence.Options(), deal_cards(found.deal))
    assert solve(state, max_nodes=CHECK_NODES).verdict == "won"
    assert 0 < found.seconds <= took


def test_a_stopped_search_finds_nothing() -> None:
    assert winnable_deal(lambda: True) is None
