"""Hit or Miss on hand-built decks: every rule in solitaire_tui/games/hit_or_miss/rules.md."""

from __future__ import annotations

import pytest

from rules import hit_or_miss as hm
from rules.cards import deal_cards, ranks_only
from rules.errors import IllegalMove, NumberError, OptionsError
from rules.play import final_state, moves_of
from tests.support.decks import ranks

pytestmark = pytest.mark.engine_free

ORDERED = ranks(*range(1, 14)) * 4
NEVER = ranks(*range(2, 14), 1)  # each card is one more than the count it meets


def play(deck: tuple[object, ...], **options: object) -> hm.State:
    return final_state(hm, hm.new_game(hm.Options(**options), deck))  # type: ignore[arg-type]


def test_a_deck_in_count_order_wins_in_one_pass_with_no_strike() -> None:
    end = play(ORDERED)
    result = hm.result(end)
    assert result.won and result.passes == 1 and result.strikes == 0
    assert result.turns == 52 and result.cards_left == 0
    assert end.discards == ORDERED


def test_the_count_wraps_after_13_and_carries_across_passes() -> None:
    state = hm.new_game(hm.Options(), ranks(5, 2))
    state = hm.apply(state, hm.Call.MISS)  # count 1 meets 5
    assert state.count == 2
    state = hm.apply(state, hm.Call.HIT)  # count 2 meets 2
    assert state.passes == 1 and state.stock == ranks(5)
    assert state.count == 3  # the new pass goes on counting, it does not restart at 1
    twelve = hm.new_game(hm.Options(), ranks(*[9] * 13))
    for _ in range(13):
        twelve = hm.apply(twelve, hm.Call.MISS if twelve.count != 9 else hm.Call.HIT)
    assert twelve.count == 1


def test_a_13_card_stock_that_can_never_match_is_lost_after_one_strike() -> None:
    end = play(NEVER)
    result = hm.result(end)
    assert not result.won
    assert (result.passes, result.strikes, result.cards_left, result.turns) == (1, 1, 13, 13)
    assert "multiple of 13" in result.reason


def test_the_same_stock_played_reversed_is_not_lost_by_one_strike() -> None:
    state = hm.new_game(hm.Options(order=hm.PassOrder.REVERSED), NEVER)
    for _ in range(13):
        state = hm.apply(state, hm.Call.MISS)
    assert state.strike_run == 1 and not hm.is_over(state)
    assert state.stock == tuple(reversed(NEVER))
    assert hm.legal_moves(state) == (hm.Call.HIT,)  # the ace now meets the count 1


def test_reversed_loses_after_two_strikes_on_a_multiple_of_13() -> None:
    # Card i meets count i+1 going forwards and count 13-i going backwards: avoid both.
    deck = ranks(*(min(set(range(1, 14)) - {i + 1, 13 - i}) for i in range(13)))
    assert hm.result(play(deck)).passes == 1  # the same order repeats after one strike
    end = play(deck, order=hm.PassOrder.REVERSED)
    result = hm.result(end)
    assert not result.won and end.strike_run == 2 and result.passes == 2
    assert end.stock == deck and end.count == 1  # two reversals bring the position back
    assert "2 passes without a hit" in result.reason


def test_a_strike_with_14_cards_left_is_not_a_loss() -> None:
    deck = ranks(*range(2, 14), 1, 2)  # pass 1 meets nothing; pass 2 starts at count 2
    state = hm.new_game(hm.Options(), deck)
    for _ in range(14):
        state = hm.apply(state, hm.Call.MISS)
    assert state.passes == 1 and state.strike_run == 1 and state.cards_left == 14
    assert not hm.is_over(state)
    assert state.count == 2
    assert hm.legal_moves(state) == (hm.Call.HIT,)


def test_a_hit_that_leaves_a_multiple_of_13_midpass_does_not_lose() -> None:
    """A strike run only ends the game between passes; a hit in the pass breaks it."""
    deck = ranks(*range(2, 14), 1, 2)  # a strike on 14 cards, then a hit leaves 13
    state = hm.new_game(hm.Options(), deck)
    for _ in range(15):
        (call,) = hm.legal_moves(state)
        state = hm.apply(state, call)
    assert state.cards_left == 13 and state.strike_run == 1
    assert not hm.is_over(state)


def test_roll_call_loses_on_the_third_strike_in_a_row() -> None:
    end = play(NEVER, strikes=3)
    result = hm.result(end)
    assert not result.won and result.passes == 3 and result.strikes == 3
    assert result.reason == "lost: 3 strikes in a row"


def test_two_strike_and_any_limit() -> None:
    assert hm.result(play(NEVER, strikes=2)).passes == 2
    assert hm.result(play(NEVER, strikes=7)).passes == 7


def test_a_hit_resets_the_strike_run() -> None:
    deck = ranks(*range(2, 14), 1, 2)
    end = play(deck, strikes=2)
    assert hm.result(end).won  # one strike, then hits: never two in a row
    assert hm.result(end).strikes == 1


def test_wrong_call_is_refused_with_the_reason() -> None:
    state = hm.new_game(hm.Options(), ranks(1, 5))
    with pytest.raises(IllegalMove, match="equals the count 1: it is a hit"):
        hm.apply(state, hm.Call.MISS)
    state = hm.apply(state, hm.Call.HIT)
    with pytest.raises(IllegalMove, match="is not the count 2: it is a miss"):
        hm.apply(state, hm.Call.HIT)


def test_no_move_after_the_end() -> None:
    end = play(ORDERED)
    assert hm.legal_moves(end) == ()
    with pytest.raises(IllegalMove, match="over"):
        hm.apply(end, hm.Call.HIT)


def test_shuffle_between_passes_is_seeded_and_reproducible() -> None:
    deck = deal_cards(11)
    options = hm.Options(strikes=3, order=hm.PassOrder.SHUFFLED, seed=99)
    assert play(deck, strikes=3, order=hm.PassOrder.SHUFFLED, seed=99) == final_state(
        hm, hm.new_game(options, deck)
    )
    other = play(deck, strikes=3, order=hm.PassOrder.SHUFFLED, seed=100)
    assert other != play(deck, strikes=3, order=hm.PassOrder.SHUFFLED, seed=99)


def test_shuffled_pass_holds_the_misses_in_a_new_order() -> None:
    deck = deal_cards(4)
    state = hm.new_game(hm.Options(strikes=3, order=hm.PassOrder.SHUFFLED, seed=1), deck)
    while state.passes == 0:
        (call,) = hm.legal_moves(state)
        before = state
        state = hm.apply(state, call)
    misses = (*before.misses, before.stock[0]) if call is hm.Call.MISS else before.misses
    assert sorted(state.stock) == sorted(misses)
    assert state.stock != misses


def test_shuffle_without_a_strike_limit_is_refused() -> None:
    with pytest.raises(OptionsError, match="needs a strike limit"):
        hm.Options(order=hm.PassOrder.SHUFFLED)


@pytest.mark.parametrize(
    ("text", "limit"),
    [("unlimited", None), ("roll-call", 3), ("two-strike", 2), ("strikes=5", 5), ("Roll-Call", 3)],
)
def test_variant_names(text: str, limit: int | None) -> None:
    assert hm.parse_variant(text) == limit
    if limit is not None:
        assert hm.parse_variant(hm.Options(strikes=limit).variant) == limit


@pytest.mark.parametrize("text", ["three", "", "strikes"])
def test_bad_variant_names(text: str) -> None:
    with pytest.raises(OptionsError, match="unknown variant"):
        hm.parse_variant(text)


@pytest.mark.parametrize("n", ["0", "x", "100001", "9" * 23, "1e400", "-1", str(2**63)])
def test_a_strike_limit_is_bounded_with_the_reason(n: str) -> None:
    """Past MOST_STRIKES a limit wins and loses the same games; strikes=2**63 would
    never end on a stock that repeats."""
    with pytest.raises(NumberError, match="N in strikes=N must be a whole number from 1 to"
                       " 100000 \\(a larger limit wins and loses the same games\\)"):
        hm.parse_variant(f"strikes={n}")
    assert hm.parse_variant(f"strikes={hm.MOST_STRIKES}") == hm.MOST_STRIKES
    with pytest.raises(NumberError):
        hm.Options(strikes=hm.MOST_STRIKES + 1)


def test_every_variant_plays_the_same_deal_to_an_end() -> None:
    deck = deal_cards(0)
    for strikes in (None, 3, 2, 1):
        for order in hm.PassOrder:
            if order is hm.PassOrder.SHUFFLED and strikes is None:
                continue
            state = hm.new_game(hm.Options(strikes, order, seed=0), deck)
            turns = sum(1 for _ in moves_of(hm, state))
            assert turns == hm.result(final_state(hm, state)).turns


@pytest.mark.parametrize("deal", range(20))
def test_a_results_why_is_its_reason_after_won_or_lost(deal: int) -> None:
    result = hm.result(final_state(hm, hm.new_game(hm.Options(3), ranks_only(deal_cards(deal)))))
    said = "won" if result.won else "lost"
    assert result.reason == f"{said}: {result.why}" and result.why
