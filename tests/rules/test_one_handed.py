"""One-Handed Solitaire on hand-built decks: solitaire_tui/games/one_handed/rules.md."""

from __future__ import annotations

import pytest

from rules import one_handed as oh
from rules.cards import FULL_DECK, Card, deal_cards
from rules.errors import DeckError, IllegalMove
from rules.play import final_state
from tests.support.decks import cards, ranks

pytestmark = pytest.mark.engine_free

M = oh.Move


def steps(state: oh.State, count: int) -> tuple[oh.State, list[oh.Move]]:
    made = []
    for _ in range(count):
        (move,) = oh.legal_moves(state)
        made.append(move)
        state = oh.apply(state, move)
    return state, made


def deck_starting(text: str) -> tuple[Card, ...]:
    head = cards(text)
    return head + tuple(card for card in FULL_DECK if card not in head)


def test_draws_until_four_are_in_view() -> None:
    state, made = steps(oh.new_game(oh.Options(), deck_starting("2C 5D 7H 9S")), 4)
    assert made == [M.DRAW] * 4
    assert state.window == cards("2C 5D 7H 9S")


def test_same_suit_at_the_ends_discards_the_middle_two() -> None:
    state, made = steps(oh.new_game(oh.Options(), deck_starting("2C 5D 7H KC")), 5)
    assert made == [M.DRAW] * 4 + [M.DISCARD_MIDDLE]
    assert state.hand == cards("2C KC") and state.discards == cards("5D 7H")


def test_same_rank_at_the_ends_discards_all_four() -> None:
    state, made = steps(oh.new_game(oh.Options(), deck_starting("7C 5D 9H 7S")), 5)
    assert made[-1] is M.DISCARD_FOUR
    assert state.hand == () and state.discards == cards("7C 5D 9H 7S")


def test_a_four_card_discard_exposes_a_same_suit_pair() -> None:
    """7H…7S go; 2C 5D stay, and the draws that bring four back in view (3H, KC)
    make 2C…KC a same-suit pair, which discards the middle two at once."""
    state, made = steps(oh.new_game(oh.Options(), deck_starting("2C 5D 7H 9S JH 7S 3H KC")), 10)
    assert made == [M.DRAW] * 6 + [M.DISCARD_FOUR, M.DRAW, M.DRAW, M.DISCARD_MIDDLE]
    assert state.hand == cards("2C KC")
    assert state.discards == cards("7H 9S JH 7S 5D 3H")


def test_a_middle_discard_exposes_a_pair_below_and_it_is_taken_too() -> None:
    """2S…5S drop JD 4C; that brings 5C 9H 2S 5S into view, a rank pair: all four go."""
    state, made = steps(oh.new_game(oh.Options(), deck_starting("5C 9H 2S JD 4C 5S")), 8)
    assert made == [M.DRAW] * 6 + [M.DISCARD_MIDDLE, M.DISCARD_FOUR]
    assert state.hand == () and state.discards == cards("JD 4C 5C 9H 2S 5S")


def test_four_card_discards_never_expose_a_pair_already_in_hand() -> None:
    """The four cards under a removed four were in view together before, with no pair
    (else they would have gone then): a pair can only come with the draws that refill
    the view. Checked over real deals, since the rules rely on it nowhere."""
    for deal in range(500):
        state = oh.new_game(oh.Options(), deal_cards(deal))
        while not oh.is_over(state):
            (move,) = oh.legal_moves(state)
            state = oh.apply(state, move)
            if move is M.DISCARD_FOUR and len(state.hand) >= 4:
                assert oh.forced_move(state) in (M.DRAW, None), deal


def test_wrong_choice_is_explained_and_not_applied() -> None:
    state, _ = steps(oh.new_game(oh.Options(), deck_starting("2C 5D 7H KC")), 4)
    with pytest.raises(IllegalMove, match="share a suit: discard middle two"):
        oh.apply(state, M.DRAW)
    with pytest.raises(IllegalMove, match="share a suit"):
        oh.apply(state, M.DISCARD_FOUR)
    short = oh.new_game(oh.Options(), deck_starting("2C"))
    with pytest.raises(IllegalMove, match="no cards in hand: draw"):
        oh.apply(short, M.DISCARD_MIDDLE)


def test_the_game_ends_when_the_deck_is_empty_and_nothing_applies() -> None:
    end = final_state(oh, oh.new_game(oh.Options(), cards("2C 5D 7H 9S JH")))
    assert oh.is_over(end) and end.deck == ()
    result = oh.result(end)
    assert not result.won and result.cards_left == 5
    won = final_state(oh, oh.new_game(oh.Options(), cards("7C 5D 9H 7S")))
    assert oh.result(won).won and oh.result(won).cards_left == 0


def test_rank_only_decks_are_refused() -> None:
    with pytest.raises(DeckError, match="needs suits"):
        oh.new_game(oh.Options(), ranks(1, 2, 3, 4))
