"""An Add/Residue game's review (``rules.players.add_residue_review``): perfect play's
verdict where the game is solved, the strong player's search weighing every move
beyond, the same draws each time."""

from __future__ import annotations

import random

import pytest

from rules import add_residue as ar
from rules.players.add_residue import WeighingPlayer, seated
from rules.players.add_residue_review import (
    EACH,
    LEAST,
    PERFECT,
    PLIES,
    STRONG,
    chance_words,
    chances,
    each_for,
    outcomes,
    review,
)


def played(options: ar.Options, seed: int) -> tuple[ar.State, list[ar.Move]]:
    players = seated(["greedy", "random", "greedy"][:options.players], seed, options)
    first = state = ar.new_game(options)
    moves = []
    while not ar.is_over(state):
        moves.append(players[state.to_move].choose(state))
        state = ar.apply(state, moves[-1])
    return first, moves


def test_where_the_game_is_solved_a_chance_is_what_perfect_play_makes_of_the_move() -> None:
    from rules.players.add_residue import PerfectPlayer

    options = ar.Options(2, 4)
    assert chance_words(options) == PERFECT
    first, moves = played(options, 8)
    decisions = review(first, moves, 8)
    assert decisions and all(set(d.chances.values()) <= {0.0, 0.5, 1.0} for d in decisions)
    perfect = PerfectPlayer(options)
    for decision in decisions[:6]:
        for move, chance in decision.chances.items():
            after = ar.apply(decision.state, move)
            while not ar.is_over(after):
                after = ar.apply(after, perfect.choose(after))
            winners = ar.result(after).winners
            seat = decision.state.to_move
            assert chance == (1 / len(winners) if seat in winners else 0.0)


def test_beyond_a_chance_is_the_movers_share_in_the_strong_players_search() -> None:
    options = ar.Options(2, 13)
    assert chance_words(options) == STRONG
    first, moves = played(options, 2)
    decisions = review(first, moves[:8], 2, each=40)
    assert decisions == review(first, moves[:8], 2, each=40)  # the same draws
    for decision in decisions:
        assert all(0 <= chance <= 1 for chance in decision.chances.values())
        assert decision.chances[decision.best] == max(decision.chances.values())
        assert 0 < decision.margin < 1
    # The last move of a game: its games are the game's end, whatever the draws.
    state = first
    for move in moves[:-1]:
        state = ar.apply(state, move)
    (last,) = ar.legal_moves(state)
    winners = ar.result(ar.apply(state, last)).winners
    share = 1 / len(winners) if state.to_move in winners else 0.0
    assert chances(state, [last], seed=5, each=3) == [share]


@pytest.mark.parametrize("players, sizes", [(2, (6, 13)), (3, (4, 20))])
def test_a_game_the_hints_helper_plays_has_no_costly_decision(
        players: int, sizes: tuple[int, int]) -> None:
    """Beyond the solved sizes the hint is the review's best move: a seat that follows
    it, against strong players, makes no decision the review marks costly."""
    seed = random.randrange(2**32)
    options = ar.Options(players, random.randint(*sizes))
    table = seated([None] + ["strong"] * (players - 1), seed, options)
    helper = WeighingPlayer(seed)
    first = state = ar.new_game(options)
    moves = []
    while not ar.is_over(state):
        chooser = table.get(state.to_move, helper)
        moves.append(chooser.choose(state))
        state = ar.apply(state, moves[-1])
    mine = [decision for decision in review(first, moves, seed) if decision.state.to_move == 0]
    assert mine, (seed, options)
    assert not [decision for decision in mine if decision.cost], (seed, options)


@pytest.mark.parametrize("players", range(ar.MIN_PLAYERS, ar.MAX_PLAYERS + 1))
def test_a_larger_table_weighs_each_move_on_fewer_games_down_to_a_floor(players: int) -> None:
    """Two players at n = 13 get EACH games a move; any table's decision, at most the
    moves those take, or LEAST a move: a review of the largest table ends in seconds."""
    assert each_for(ar.new_game(ar.Options(2, 13))) == EACH
    for n in range(ar.MIN_N, ar.MAX_N + 1):
        state = ar.new_game(ar.Options(players, n))
        each = each_for(state)
        games = each * len(ar.legal_moves(state)) * players * 2 * n
        assert LEAST <= each <= EACH and (games <= PLIES or each == LEAST)


def test_the_weighing_gives_every_move_an_even_share_of_the_search() -> None:
    options = ar.Options(3, 9)
    first, moves = played(options, 4)
    state = ar.apply(first, moves[0])
    outcomes_ = outcomes(state, ar.legal_moves(state), seed=9, each=30)
    assert [len(drawn) for drawn in outcomes_] == [30] * len(ar.legal_moves(state))
    assert all(value in (0.0, 1 / 3, 0.5, 1.0) for drawn in outcomes_ for value in drawn)


@pytest.mark.slow
def test_where_perfect_play_is_known_the_weighings_best_is_mostly_perfect() -> None:
    """The judge beyond the solved sizes, tried where the answer is known: the move it
    weighs best is an optimal one (by perfect play's share of the win) at 95-96% of the
    decisions of random games (3,960 measured: 97.6% of two players' at n = 5, 93.4% of
    three players' at n = 3); 90% at the least here, on 1,320 decisions of 80 games
    (some 1.5 s). Twelve games, as this test had, came under 90% one time in twenty."""
    import numpy as np

    from rules.fast.add_residue_search import code_of, piles_of, strong_weighing

    optimal = decisions = 0
    for options in (ar.Options(2, 5), ar.Options(3, 3)):
        for _ in range(40):
            seed = random.randrange(2**32)
            first, moves = played(options, seed)
            state = first
            for move in moves:
                legal = ar.legal_moves(state)
                if len(legal) > 1:
                    firsts, won = strong_weighing(
                        options.n, piles_of(state), state.to_move, state.m,
                        np.array(state.scores, np.int64), np.uint64(seed), 200 * len(legal), 200)
                    weighed = [won[firsts == code_of(each, options.n)].mean() for each in legal]
                    exact = chances(state, legal, seed)  # perfect play's, at these sizes
                    optimal += exact[weighed.index(max(weighed))] == max(exact)
                    decisions += 1
                state = ar.apply(state, move)
    assert optimal >= 0.9 * decisions, (optimal, decisions)
