"""The undo/redo history behind every game screen."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import one_handed
from rules.cards import deal_cards
from rules.errors import IllegalMove
from rules.one_handed import Move
from solitaire_tui.session import Session

pytestmark = pytest.mark.engine_free


def new_session(deal: int = 3) -> Session[one_handed.State, Move]:
    return Session(one_handed, one_handed.new_game(one_handed.Options(), deal_cards(deal)))


def play_forced(session: Session[one_handed.State, Move], moves: int) -> list[one_handed.State]:
    seen = [session.state]
    for _ in range(moves):
        (move,) = one_handed.legal_moves(session.state)
        seen.append(session.play(move))
    return seen


def test_an_illegal_move_changes_nothing() -> None:
    session = new_session()
    with pytest.raises(IllegalMove, match="draw"):
        session.play(Move.DISCARD_FOUR)
    assert session.state == session.start and not session.moves and not session.can_undo


def test_a_move_after_undo_drops_the_moves_ahead() -> None:
    session = new_session()
    play_forced(session, 5)
    session.undo()
    session.undo()
    assert session.can_redo
    (move,) = one_handed.legal_moves(session.state)
    session.play(move)
    assert not session.can_redo and len(session.moves) == 4


def test_restart_keeps_the_moves_for_redo() -> None:
    session = new_session()
    seen = play_forced(session, 6)
    session.restart()
    assert session.state == session.start and not session.moves
    while session.redo():
        pass
    assert session.state == seen[-1]


@given(st.integers(0, 2**64 - 1), st.integers(0, 40), st.data())
def test_undo_restores_the_exact_state_and_redo_replays(deal: int, moves: int,
                                                        data: st.DataObject) -> None:
    session = new_session(deal)
    seen = play_forced(session, moves)
    back = data.draw(st.integers(0, moves))
    for _ in range(back):
        assert session.undo()
    assert session.state == seen[moves - back]
    assert list(session.moves) == [*session.moves]  # a plain sequence, first move first
    for _ in range(back):
        assert session.redo()
    assert session.state == seen[-1] and not session.redo()
