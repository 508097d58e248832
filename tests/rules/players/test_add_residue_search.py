"""Perfect and strong Add/Residue: the exact search against plain minimax and its
pure-Python reference, the pinned game values, and the players' moves."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import add_residue as ar
from rules.errors import OptionsError
from rules.fast import add_residue as fast
from rules.play import final_state
from rules.players import RandomPlayer
from rules.players.add_residue import PerfectPlayer, StrongPlayer, player
from rules.players.add_residue_search import solve, worth
from rules.roster import SOLVABLE

# Under perfect play (see rules.players.add_residue_search for the concepts):
# (players, n): (value, final scores along the first optimal line).
VALUES = {
    (2, 1): (0, (0, 0)), (2, 2): (0, (0, 0)), (2, 3): (0, (0, 0)), (2, 4): (0, (0, 0)),
    (2, 5): (0, (0, 0)),
    (3, 1): ((0, 0, 0), (0, 0, 0)), (3, 2): ((1, 1, 1), (1, 1, 1)),
    (3, 3): ((3, 3, 3), (3, 3, 3)),
}


def minimax(state: ar.State) -> tuple[tuple[int, ...], tuple[ar.Move, ...]]:
    """Future scores from the mover on and every optimal move, by plain exhaustive
    search through the rules, no table: the first optimal move's line is followed."""
    if ar.is_over(state):
        return (0,) * state.options.players, ()
    players, mover = state.options.players, state.to_move
    lines = []
    for move in ar.legal_moves(state):
        after = ar.apply(state, move)
        rest, _ = minimax(after)
        gain = after.scores[mover] - state.scores[mover]
        lines.append((move, (gain + rest[-1], *rest[:-1])))
    top = max(worth(players, future) for _, future in lines)
    best = tuple(move for move, future in lines if worth(players, future) == top)
    return next(future for move, future in lines if move == best[0]), best


def prefix(options: ar.Options, moves: int, seed: int) -> ar.State:
    """The position after ``moves`` seeded random moves."""
    state = ar.new_game(options)
    chooser = RandomPlayer(ar.legal_moves, seed)
    for _ in range(moves):
        state = ar.apply(state, chooser.choose(state))
    return state


@pytest.mark.parametrize(("players", "n"), [(2, 1), (2, 2), (3, 1), (3, 2)])
@pytest.mark.parametrize("reference", [False, True])
def test_the_search_agrees_with_plain_minimax(players: int, n: int, reference: bool) -> None:
    options = ar.Options(players, n)
    for moves in range(0, 2 * n * players, 3):
        state = prefix(options, moves, seed=moves)
        future, best = minimax(state)
        solved = solve(options, state, reference=reference)
        assert solved.scores == tuple(
            state.scores[seat] + future[(seat - state.to_move) % players]
            for seat in range(players))
        assert solved.best_moves == best


@pytest.mark.parametrize(("players", "n", "moves"),
                         [(2, 3, 0), (2, 3, 5), (2, 4, 5), (2, 4, 14), (3, 2, 0), (3, 3, 6),
                          (3, 3, 16)])
def test_the_compiled_search_agrees_with_the_reference(players: int, n: int,
                                                       moves: int) -> None:
    options = ar.Options(players, n)
    state = prefix(options, moves, seed=moves)
    exact, reference = solve(options, state), solve(options, state, reference=True)
    assert (exact.value, exact.scores, exact.best_moves) == (
        reference.value, reference.scores, reference.best_moves)


@pytest.mark.parametrize(("players", "n"), sorted(VALUES))
@pytest.mark.slow
def test_game_values_are_pinned(players: int, n: int) -> None:
    solved = solve(ar.Options(players, n))
    assert (solved.value, solved.scores) == VALUES[players, n]


@pytest.mark.parametrize(("players", "n"), [(2, 3), (2, 4), (3, 3)])
def test_every_best_move_keeps_the_value_and_no_other_does(players: int, n: int) -> None:
    options = ar.Options(players, n)
    state = prefix(options, players, seed=n)  # mid-game, where moves differ more
    solved = solve(options, state)
    mover = state.to_move
    for move in ar.legal_moves(state):
        after = solve(options, ar.apply(state, move))
        if players == 2:
            margin = after.scores[mover] - after.scores[1 - mover]
            optimal = solved.scores[mover] - solved.scores[1 - mover]
        else:
            margin, optimal = after.scores[mover], solved.scores[mover]
        assert (margin == optimal) == (move in solved.best_moves)
        assert margin <= optimal


def test_the_first_player_moves_first_and_values_count_past_scores() -> None:
    options = ar.Options(2, 3)
    state = ar.State(options, add=(frozenset(), frozenset()),
                     mod=(frozenset({3}), frozenset({2})), scores=(4, 1), m=5, turn=10)
    solved = solve(options, state)  # 5 % 3 = 2 for the first, then 2 % 2 = 0
    assert (solved.value, solved.scores, solved.best_moves) == (5, (6, 1), (ar.Move(
        ar.Pile.MOD, 3),))


@pytest.mark.parametrize(("players", "n"), [(2, 6), (3, 4), (4, 1), (6, 13)])
def test_sizes_beyond_the_search_are_refused(players: int, n: int) -> None:
    with pytest.raises(OptionsError, match="2 players with n up to 5 and 3 players"):
        solve(ar.Options(players, n))
    with pytest.raises(OptionsError, match=f"not {players} players with n = {n}"):
        player("perfect", 0, ar.Options(players, n))


def test_a_position_of_another_table_is_refused() -> None:
    with pytest.raises(OptionsError, match="the position is a game of"):
        solve(ar.Options(2, 3), ar.new_game(ar.Options(2, 4)))


@pytest.mark.parametrize("n", range(1, SOLVABLE[2] + 1))
@pytest.mark.parametrize("opponent", ["random", "greedy", "strong"])
def test_perfect_never_ends_below_the_game_value(n: int, opponent: str) -> None:
    options = ar.Options(2, n)
    value = VALUES[2, n][0]
    games = 20 if opponent == "strong" else 2000
    first = fast.deal_results(0, games, options, ["perfect", opponent])
    second = fast.deal_results(0, games, options, [opponent, "perfect"])
    assert (first[:, 0] - first[:, 1] >= value).all()
    assert (second[:, 1] - second[:, 0] >= -value).all()


@pytest.mark.parametrize(("players", "n"), sorted(VALUES))
def test_perfect_players_together_reach_the_value(players: int, n: int) -> None:
    options = ar.Options(players, n)
    scores = VALUES[players, n][1]
    row = fast.deal_results(0, 1, options, ["perfect"] * players)[0]
    assert tuple(row[:players].tolist()) == scores
    seats = {seat: PerfectPlayer(options) for seat in range(players)}
    end = final_state(ar, ar.new_game(options), lambda s: seats[s.to_move].choose(s))
    assert end.scores == scores


@st.composite
def positions(draw: st.DrawFn, solvable: bool) -> ar.State:
    players = draw(st.sampled_from(sorted(SOLVABLE)) if solvable
                   else st.integers(ar.MIN_PLAYERS, ar.MAX_PLAYERS))
    # n = 5 is left to the kernel's games: a fresh solve of an early position takes seconds
    n = draw(st.integers(1, min(SOLVABLE[players], 4) if solvable else ar.MAX_N))
    moves = draw(st.integers(0, 2 * n * players - 1))
    return prefix(ar.Options(players, n), moves, draw(st.integers(0, 2**64 - 1)))


@settings(max_examples=40, deadline=None)
@given(positions(solvable=False), st.integers(0, 2**64 - 1))
def test_strong_plays_only_legal_moves(state: ar.State, seed: int) -> None:
    assert StrongPlayer(seed, iterations=50).choose(state) in ar.legal_moves(state)


@settings(max_examples=60, deadline=None)
@given(positions(solvable=True))
def test_perfect_plays_only_legal_and_optimal_moves(state: ar.State) -> None:
    move = PerfectPlayer(state.options).choose(state)
    assert move == solve(state.options, state).best_moves[0]
    assert move in ar.legal_moves(state)


def test_strong_is_seeded_and_its_budget_counts() -> None:
    state = prefix(ar.Options(4, 9), 6, seed=3)
    assert StrongPlayer(5).choose(state) == StrongPlayer(5).choose(state)
    # one playout only tries the first move in the rules' order
    assert StrongPlayer(5, iterations=1).choose(state) == ar.legal_moves(state)[0]


@pytest.mark.parametrize(("players", "n"), [(2, 13), (3, 7), (6, 4)])
def test_strong_beats_greedy_from_every_seat(players: int, n: int) -> None:
    options, games, alone = ar.Options(players, n), 10, 0
    for seat in range(players):
        seats = ["greedy"] * players
        seats[seat] = "strong"
        winners = fast.deal_results(0, games, options, seats)[:, -1]
        alone += int((winners == 1 << seat).sum())
    assert alone >= 0.75 * games * players  # measured in full by --strong-vs-greedy
