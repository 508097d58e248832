"""Sequence Solitaire on hand-built decks: solitaire_tui/games/sequence/rules.md."""

from __future__ import annotations

import pytest

from rules import sequence as sq
from rules.cards import Card, deal_cards
from rules.errors import IllegalMove
from rules.play import final_state
from rules.players.sequence import GreedyPlayer
from rules.sequence import ToFinal, ToStorage
from tests.support.decks import ranks

pytestmark = pytest.mark.engine_free

HAND = None


def pile_ranks(pile: int) -> tuple[int, ...]:
    return tuple(sq.rank_needed(pile, j) or 0 for j in range(13))


def start(*values: int) -> sq.State:
    return sq.new_game(sq.Options(), ranks(*values))


def test_final_piles_count_by_their_step_and_end_on_a_king() -> None:
    assert pile_ranks(0) == tuple(range(1, 14))
    assert pile_ranks(1) == (2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11, 13)
    assert pile_ranks(2) == (3, 6, 9, 12, 2, 5, 8, 11, 1, 4, 7, 10, 13)
    assert pile_ranks(3) == (4, 8, 12, 3, 7, 11, 2, 6, 10, 1, 5, 9, 13)
    assert sq.rank_needed(0, 13) is None


def test_a_6_that_fits_two_final_piles_is_the_players_choice() -> None:
    state = start(3, 2, 4, 6, 9)
    for move in (ToFinal(HAND, 2), ToFinal(HAND, 1), ToFinal(HAND, 1)):  # 3→F3, 2→F2, 4→F2
        state = sq.apply(state, move)
    assert state.hand == Card(6)
    assert sq.fitting_piles(state, Card(6)) == (1, 2)
    moves = sq.legal_moves(state)
    assert ToFinal(HAND, 1) in moves and ToFinal(HAND, 2) in moves
    on_f2 = sq.apply(state, ToFinal(HAND, 1))
    on_f3 = sq.apply(state, ToFinal(HAND, 2))
    assert on_f2.finals[1][-1] == Card(6) and on_f3.finals[2][-1] == Card(6)
    assert sq.needs(on_f2, 1) == 8 and sq.needs(on_f3, 2) == 9  # the choice matters


def test_the_hand_card_may_go_on_any_storage_pile_and_the_next_turns_up() -> None:
    state = start(7, 8, 9)
    assert sq.legal_moves(state) == tuple(ToStorage(p) for p in range(4))
    state = sq.apply(state, ToStorage(2))
    assert state.storage[2] == ranks(7) and state.hand == Card(8) and state.deck == ranks(9)


def test_only_a_storage_top_moves_and_only_to_a_final_pile() -> None:
    state = start(1, 2, 5)
    state = sq.apply(state, ToStorage(0))  # 1 on S1
    state = sq.apply(state, ToStorage(0))  # 2 on top of it
    assert ToFinal(0, 0) not in sq.legal_moves(state)  # the 1 is buried
    assert ToFinal(0, 1) in sq.legal_moves(state)  # the 2 on top fits F2
    with pytest.raises(IllegalMove, match="final pile 1 takes a 1 next, not 2"):
        sq.apply(state, ToFinal(0, 0))
    state = sq.apply(state, ToFinal(0, 1))
    state = sq.apply(state, ToFinal(0, 0))
    assert state.storage[0] == () and state.final_cards == 2 and state.hand == Card(5)


def test_lost_when_the_deck_is_used_up_and_no_storage_top_fits() -> None:
    state = start(5, 6)
    state = sq.apply(state, ToStorage(0))
    state = sq.apply(state, ToStorage(1))
    assert state.hand is None and sq.is_over(state)
    assert sq.legal_moves(state) == ()
    result = sq.result(state)
    assert not result.won and result.final_cards == 0 and result.moves == 2


def test_a_deck_in_pile_order_is_won_with_52_cards_on_final_piles() -> None:
    deck = tuple(Card(r) for pile in range(4) for r in pile_ranks(pile))
    state = sq.new_game(sq.Options(), deck)
    for pile in range(4):
        for _ in range(13):
            state = sq.apply(state, ToFinal(HAND, pile))
    assert sq.is_won(state) and sq.is_over(state)
    assert sq.result(state) == sq.Result(won=True, final_cards=52, moves=52)


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (ToStorage(4), "no storage pile 5"),
        (ToFinal(HAND, -1), "no final pile 0"),
        (ToFinal(3, 0), "storage pile 4 is empty"),
        (ToFinal(HAND, 1), "final pile 2 takes a 2 next, not 7"),
    ],
)
def test_illegal_moves_say_why(move: sq.Move, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason):
        sq.apply(start(7, 8), move)


def test_a_completed_pile_takes_nothing_more() -> None:
    deck = tuple(Card(r) for r in pile_ranks(0)) + ranks(1)
    state = sq.new_game(sq.Options(), deck)
    for _ in range(13):
        state = sq.apply(state, ToFinal(HAND, 0))
    with pytest.raises(IllegalMove, match="final pile 1 is complete"):
        sq.apply(state, ToFinal(HAND, 0))


def test_greedy_player_prefers_final_piles_then_the_lowest_storage_pile() -> None:
    player = GreedyPlayer()
    state = start(5, 1, 9)
    assert player.choose(state) == ToStorage(0)
    state = sq.apply(state, ToStorage(0))
    assert player.choose(state) == ToFinal(HAND, 0)
    state = sq.apply(state, ToFinal(HAND, 0))
    assert player.choose(state) == ToStorage(1)
    assert sq.is_over(final_state(sq, state, player.choose))


def test_the_card_a_move_would_play_or_why_there_is_none() -> None:
    state = sq.new_game(sq.Options(), deal_cards(0))
    assert sq.card_at(state, None) == state.hand
    with pytest.raises(IllegalMove, match="storage pile 2 is empty"):
        sq.card_at(state, 1)
    with pytest.raises(IllegalMove, match="no storage pile 5"):
        sq.card_at(state, 4)
    stored = sq.apply(state, sq.ToStorage(1))
    assert sq.card_at(stored, 1) == state.hand
    assert sq.card_moved(stored, sq.ToFinal(1, 0)) == state.hand
    # An illegal move says the same as asking for its card.
    with pytest.raises(IllegalMove, match="storage pile 3 is empty"):
        sq.apply(state, sq.ToFinal(2, 0))
