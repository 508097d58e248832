"""Add/Residue by hand: solitaire_tui/games/add_residue/rules.md."""

from __future__ import annotations

import pytest

from rules import add_residue as ar
from rules.add_residue import Move, Pile
from rules.errors import IllegalMove, OptionsError
from rules.play import final_state
from rules.players.add_residue import GreedyPlayer

pytestmark = pytest.mark.engine_free

ADD, MOD = Pile.ADD, Pile.MOD


def play(options: ar.Options, moves: list[Move]) -> ar.State:
    state = ar.new_game(options)
    for move in moves:
        state = ar.apply(state, move)
    return state


def test_add_raises_m_and_scores_nothing() -> None:
    state = play(ar.Options(2, 3), [Move(ADD, 3)])
    assert state.m == 3 and state.scores == (0, 0) and state.to_move == 1
    assert state.add[0] == {1, 2} and state.mod[0] == {1, 2, 3}


def test_mod_takes_the_residue_and_scores_it() -> None:
    state = play(ar.Options(2, 3), [Move(ADD, 3), Move(ADD, 2), Move(MOD, 3)])
    assert state.m == 5 % 3 == 2 and state.scores == (2, 0)


def test_a_mod_1_move_leaves_0_and_scores_0() -> None:
    state = play(ar.Options(2, 3), [Move(ADD, 3), Move(MOD, 1)])
    assert state.m == 0 and state.scores == (0, 0)


def test_mod_by_a_larger_number_keeps_m_and_scores_all_of_it() -> None:
    state = play(ar.Options(2, 5), [Move(ADD, 4), Move(MOD, 5)])
    assert state.m == 4 and state.scores == (0, 4)


def test_equal_top_scores_share_the_win() -> None:
    # n = 1: each player has add 1 and mod 1 only, so nobody can score: a tie of all.
    end = play(ar.Options(3, 1), [Move(ADD, 1), Move(ADD, 1), Move(MOD, 1)] * 1
               + [Move(MOD, 1), Move(MOD, 1), Move(ADD, 1)])
    result = ar.result(end)
    assert result.scores == (0, 0, 0) and result.winners == (0, 1, 2)
    assert result.ranking() == ((0, (0, 1, 2)),)


def test_a_two_way_tie_above_a_third_player() -> None:
    moves = [Move(MOD, 1), Move(ADD, 2), Move(ADD, 1),  # m: 0 (P1 +0), 2, 3
             Move(ADD, 1), Move(MOD, 1), Move(MOD, 2),  # m: 4, 0 (P2 +0), 0 (P3 +0)
             Move(ADD, 2), Move(ADD, 1), Move(ADD, 2),  # m: 2, 3, 5
             Move(MOD, 2), Move(MOD, 2), Move(MOD, 1)]  # m: 1 (P1 +1), 1 (P2 +1), 0 (P3 +0)
    result = ar.result(play(ar.Options(3, 2), moves))
    assert result.scores == (1, 1, 0)
    assert result.winners == (0, 1)
    assert result.ranking() == ((1, (0, 1)), (0, (2,)))


def test_a_game_lasts_2_n_players_moves_rotating_seats() -> None:
    options = ar.Options(4, 5)
    state = ar.new_game(options)
    seats = []
    while not ar.is_over(state):
        seats.append(state.to_move)
        state = ar.apply(state, ar.legal_moves(state)[0])
    assert len(seats) == 2 * 5 * 4 and seats[:5] == [0, 1, 2, 3, 0]
    assert all(not pile for pile in (*state.add, *state.mod))


def test_a_number_can_be_spent_once_per_pile() -> None:
    state = play(ar.Options(2, 3), [Move(ADD, 2), Move(ADD, 1)])
    with pytest.raises(IllegalMove, match="player 1 has no 2 left in its add pile"):
        ar.apply(state, Move(ADD, 2))
    assert Move(MOD, 2) in ar.legal_moves(state)
    with pytest.raises(IllegalMove, match="no 9 left"):
        ar.apply(state, Move(MOD, 9))


def test_legal_moves_are_the_movers_own_numbers_in_a_fixed_order() -> None:
    assert ar.legal_moves(ar.new_game(ar.Options(2, 2))) == (
        Move(ADD, 1), Move(ADD, 2), Move(MOD, 1), Move(MOD, 2))


@pytest.mark.parametrize(("players", "n"), [(1, 13), (7, 13), (2, 0), (2, 21)])
def test_options_outside_the_ranges_are_refused(players: int, n: int) -> None:
    with pytest.raises(OptionsError):
        ar.Options(players, n)


def test_greedy_takes_the_most_points_now() -> None:
    state = play(ar.Options(2, 13), [Move(ADD, 13)])  # m = 13, P2 to move
    assert GreedyPlayer().choose(state) == Move(MOD, 7)  # 13 mod 7 = 6, the most on offer
    assert ar.is_over(final_state(ar, state, GreedyPlayer().choose))


def test_greedy_with_nothing_to_score_leaves_the_smallest_m() -> None:
    state = ar.new_game(ar.Options(2, 3))  # m = 0: every move scores 0
    assert GreedyPlayer().choose(state) == Move(MOD, 1)  # leaves m = 0, before add 1


def test_moves_left_count_down_to_the_end() -> None:
    options = ar.Options(3, 4)
    state = ar.new_game(options)
    assert ar.moves_left(state) == 2 * 4 * 3
    player = GreedyPlayer()
    while not ar.is_over(state):
        before = ar.moves_left(state)
        state = ar.apply(state, player.choose(state))
        assert ar.moves_left(state) == before - 1
    assert ar.moves_left(state) == 0
