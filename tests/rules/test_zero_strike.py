"""Zero-strike games: what the search builds is what the rules play, and the
compiled beam builds exactly what the pure one does."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import zero_strike as zs
from rules.cards import FULL_DECK, check_full_deck, deal_cards
from rules.fast import zero_strike as fast
from tests.support.decks import ranks

SMALL = zs.Beam(width=6, samples=3, most_matches=8)
# Seeds and budgets (in draws) with which this small beam reaches whole decks.
FOUND_SEED, FOUND_BUDGET = 1, 120_000
SAME_SEED, SAME_BUDGET = 2, 40_000


def built_stocks(seed: int, passes: int) -> list[tuple[zs.Stock, int]]:
    """Stocks built ``passes`` passes back along random earlier passes, with their
    passes to the win, stopping early if a stock has no earlier pass."""
    stock, state, out = zs.EMPTY, seed, []
    for depth in range(1, passes + 1):
        options = [m for m in range(1, min(8, 52 - len(stock.ranks)) + 1)
                   if zs.placements(stock, m)[0][0]]
        if not options:
            break
        matches = options[state % len(options)]
        earlier, state = zs.earlier_pass(stock, matches, zs.placements(stock, matches), state)
        if earlier is None:
            break
        stock = earlier
        out.append((stock, depth))
    return out


def test_a_deck_in_order_is_a_one_pass_zero_strike_game() -> None:
    assert zs.passes_if_zero_strike(FULL_DECK) == 1
    assert zs.passes_if_zero_strike(ranks(*range(1, 14)) * 4) == 1


def test_a_deck_with_a_strike_is_refused() -> None:
    # No card meets its count in the first pass: 2..13 then 1, four times.
    assert zs.passes_if_zero_strike(ranks(*range(2, 14), 1) * 4) is None
    # Deal 0 (KC 10H 9C …) is no zero-strike game, as most deals are not.
    assert zs.passes_if_zero_strike(deal_cards(0)) is None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 40))
def test_built_stocks_play_as_planned(seed: int, passes: int) -> None:
    """Any stock the backward construction builds plays, from its start count, as a
    zero-strike game of exactly the passes it was built with."""
    for stock, depth in built_stocks(seed, passes):
        assert all(0 <= r < 13 for r in stock.ranks)
        assert stock.held == tuple(Counter(stock.ranks)[r] for r in range(13))
        assert max(stock.held) <= zs.COPIES
        # Shifted so the pass starts at count 1, as deck_of does for whole decks.
        shifted = ranks(*[(r - stock.start) % 13 + 1 for r in stock.ranks])
        assert zs.passes_if_zero_strike(shifted) == depth


def test_found_decks_are_full_decks_replayed_as_zero_strike_wins() -> None:
    found = list(fast.search(FOUND_SEED, FOUND_BUDGET, SMALL))
    assert found, "the budget reaches some whole deck"
    assert [f.passes for f in found] == sorted({f.passes for f in found})  # improvements only
    assert found[-1].passes >= 20
    for game in found:
        check_full_deck(game.deck)  # suited, each card once
        assert zs.passes_if_zero_strike(game.deck) == game.passes


@pytest.mark.slow
def test_the_search_is_the_same_for_a_seed_compiled_or_not() -> None:
    compiled = list(fast.search(SAME_SEED, SAME_BUDGET, SMALL))
    assert compiled, "the budget reaches some whole deck"
    assert compiled == list(fast.search(SAME_SEED, SAME_BUDGET, SMALL))
    assert compiled == list(zs.search(SAME_SEED, SAME_BUDGET, SMALL))
    assert compiled != list(fast.search(SAME_SEED + 1, SAME_BUDGET, SMALL))


@pytest.mark.slow
def test_the_compiled_layer_is_the_pure_one() -> None:
    pure: zs.Layer = zs.Stocks(SMALL)
    arrays: zs.Layer = fast.ArrayLayer.first(SMALL)
    state = 11
    for _ in range(20):
        pure, pure_whole, pure_draws, pure_state = pure.back(state)
        arrays, whole, draws, state = arrays.back(state)
        assert (whole, draws, state) == (pure_whole, pure_draws, pure_state)
        assert isinstance(pure, zs.Stocks) and isinstance(arrays, fast.ArrayLayer)
        assert [(s.ranks, s.start, s.held) for s in pure.stocks] == [
            (tuple(arrays.ranks[i, :size]), int(arrays.starts[i]), tuple(arrays.held[i]))
            for i, size in enumerate(arrays.sizes)]


def test_stop_and_progress() -> None:
    seen: list[zs.Progress] = []
    found = list(fast.search(1, 10**9, SMALL, progress=seen.append, stop=lambda: len(seen) >= 3))
    assert len(seen) == 3
    assert [p.passes for p in seen] == [1, 2, 3]
    assert seen[-1].nodes > seen[0].nodes
    assert found == []  # a whole deck needs more than three passes back here
