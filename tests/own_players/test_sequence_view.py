"""What a player of one's own sees of Sequence Solitaire (``rules.own_players.sequence``): the
view on hand-built decks, the moves by the screen's keys, and properties of both on
positions reached by random play."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import sequence as sq
from rules.cards import deal_cards
from rules.errors import IllegalMove
from rules.own_players import sequence as own
from rules.own_players.sequence import SequenceView
from rules.sequence import ToFinal, ToStorage
from tests.support.decks import ranks
from tests.support.players import reached

pytestmark = pytest.mark.engine_free

HAND = None


def start(*values: int) -> sq.State:
    return sq.new_game(sq.Options(), ranks(*values))


def after(state: sq.State, *moves: sq.Move) -> sq.State:
    for move in moves:
        state = sq.apply(state, move)
    return state


def test_the_view_is_the_table_as_a_player_sees_it() -> None:
    # 3 to final pile 3, 5 and 9 to storage 1, then 13 in hand with 2 2 7 to come.
    state = after(start(3, 5, 9, 13, 2, 2, 7), ToFinal(HAND, 2), ToStorage(0), ToStorage(0))
    view = SequenceView(state, deal=7)
    assert view.hand == 13 and view.finals == (0, 0, 1, 0)
    assert view.storage == ((5, 9), (), (), ())
    assert view.top(1) == 9 and view.top(2) is None and view.below(1) == (5,)
    assert view.to_come[2] == 2 and view.to_come[7] == 1 and view.to_come[13] == 0
    assert view.cards_left == 3 and view.moves_made == 3 and view.deal == 7
    assert view.deck is None  # the order is for clairvoyant players only
    assert SequenceView(state, 7, clairvoyant=True).deck == (2, 2, 7)
    assert view.moves == ("1", "2", "3", "4")  # 9 fits no final pile, nor does 13
    # Final pile 3 counts by 3: it has its 3 and takes 6, then 9, then queen.
    assert view.needs(3) == 6 and view.needs(3, 1) == 9 and view.needs(3, 2) == 12
    assert view.wait(9, 3) == 1 and view.wait(9, 1) == 8 and view.soonest(9) == 1
    assert view.fits(9) == () and view.fits(1) == (1,) and view.fits(None) == ()


def test_a_card_that_fits_several_final_piles_names_the_pile() -> None:
    state = after(start(3, 2, 4, 6, 9), ToFinal(HAND, 2), ToFinal(HAND, 1), ToFinal(HAND, 1))
    view = SequenceView(state, 0)
    assert view.hand == 6 and view.fits(6) == (2, 3)
    assert view.moves[:2] == ("f2", "f3") and view.playable() == ("f2", "f3")
    assert own.move_named(state, "f3") == ToFinal(HAND, 2)
    assert own.move_named(state, " F 2") == ToFinal(HAND, 1)  # as typed: spaces, capitals
    with pytest.raises(IllegalMove, match="fits final piles 2 and 3: say which, f2"):
        own.move_named(state, "f")


def test_a_storage_pile_to_a_final_pile_is_s_and_its_number() -> None:
    state = after(start(3, 1, 5), ToStorage(2), ToFinal(HAND, 0))  # the 3 waits on S3
    view = SequenceView(state, 0)
    assert view.moves[0] == "s3" and own.move_named(state, "s3") == ToFinal(2, 2)
    assert own.move_named(state, "s33") == ToFinal(2, 2)
    state = after(start(2, 1, 5), ToStorage(2), ToFinal(HAND, 0))  # a 2 fits F1 and F2
    assert SequenceView(state, 0).moves[:2] == ("s31", "s32")


def test_a_storage_piles_number_is_its_moves_name_too() -> None:
    assert own.move_named(start(5, 7), 3) == ToStorage(2)


@pytest.mark.parametrize(("name", "said"), [
    ("x", "'x' names no move"), (7, "'7' names no move"), ("s5", "'s5' names no move"),
    (1.5, "a move is named by a string such as '1', 'f' or 's3' (one of view.moves), not"
          " float 1.5"),
    ("s2", "storage pile 2 is empty"), ("f", "5♣ fits no final pile"),
])
def test_a_name_that_is_no_move_here_says_why(name: object, said: str) -> None:
    state = start(5, 7)
    with pytest.raises(IllegalMove, match=re.escape(said).replace("♣", ".?")):
        own.move_named(state, name)


def test_a_pile_that_is_not_there_is_said() -> None:
    with pytest.raises(IllegalMove, match="there is no final pile 5: they are numbered 1 to 4"):
        SequenceView(start(5), 0).needs(5)


@settings(max_examples=150, deadline=None)
@given(deal=st.integers(0, 10**6), seed=st.integers(0, 10**6), moves=st.integers(0, 90))
def test_every_move_listed_is_named_once_and_means_a_legal_move(
        deal: int, seed: int, moves: int) -> None:
    state = reached(deal, seed, moves)
    view = SequenceView(state, deal)
    named = [own.move_named(state, name) for name in view.moves]
    assert named == list(sq.legal_moves(state)) and len(set(view.moves)) == len(named)
    for rank in range(1, 14):
        assert view.fits(rank) == tuple(pile + 1 for pile in sq.fitting_piles(
            state, ranks(rank)[0]))
        waits = [view.wait(rank, pile) for pile in (1, 2, 3, 4)]
        assert view.soonest(rank) == min((w for w in waits if w is not None), default=None)
        for pile, wait in enumerate(waits, 1):
            assert wait is None or view.needs(pile, wait) == rank
    left = state.deck
    assert sum(view.to_come) == len(left) == view.cards_left and view.to_come[0] == 0


def test_a_deals_first_position_and_a_finished_games_row() -> None:
    state = own.start(5)
    assert state.hand == deal_cards(5)[0] and len(state.deck) == 51
    end = after(start(1), ToFinal(HAND, 0))
    assert own.row(end) == (0, 1, 1)
