"""An Add/Residue game's review (``rules.players.add_residue_review``): perfect play's
verdict where the game is solved, the strong player's playouts beyond, the same draws
each time."""

from __future__ import annotations

from rules import add_residue as ar
from rules.players.add_residue import seated
from rules.players.add_residue_review import PERFECT, STRONG, chance_words, chances, review


def played(options: ar.Options, seed: int) -> tuple[ar.State, list[ar.Move]]:
    players = seated(["greedy", "random"], seed, options)
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


def test_beyond_a_chance_is_the_movers_share_of_the_strong_players_playouts() -> None:
    options = ar.Options(2, 13)
    assert chance_words(options) == STRONG
    first, moves = played(options, 2)
    decisions = review(first, moves[:8], 2, samples=40)
    assert decisions == review(first, moves[:8], 2, samples=40)  # the same draws
    for decision in decisions:
        assert all(0 <= chance <= 1 for chance in decision.chances.values())
        assert decision.chances[decision.best] == max(decision.chances.values())
    # The last move of a game: its playouts are the game's end, whatever the draws.
    state = first
    for move in moves[:-1]:
        state = ar.apply(state, move)
    (last,) = ar.legal_moves(state)
    winners = ar.result(ar.apply(state, last)).winners
    share = 1 / len(winners) if state.to_move in winners else 0.0
    assert chances(state, [last], seed=5, samples=3) == [share]
