"""A Sequence game's review (``rules.players.sequence_review``): every decision weighed,
the same each time, the best move the likeliest to win, and positions with nothing
unseen weighed exactly."""

from __future__ import annotations

import itertools

import pytest

from rules import sequence as sq
from rules.own_players.sequence import start
from rules.players.sequence import player
from rules.players.sequence_review import chance, chances, review
from rules.review import Stopped
from rules.sequence import ToFinal
from tests.support.decks import ranks


def played(deal: int, name: str = "greedy") -> tuple[sq.State, list[sq.Move]]:
    first = state = start(deal)
    chooser, moves = player(name, deal), []
    while not sq.is_over(state):
        moves.append(chooser.choose(state))
        state = sq.apply(state, moves[-1])
    return first, moves


def test_every_decision_is_weighed_and_the_best_move_is_the_likeliest() -> None:
    first, moves = played(7)
    heard: list[tuple[int, int]] = []
    decisions = review(first, moves, 7, samples=64, progress=lambda *at: heard.append(at))
    state, expected = first, []
    for number, move in enumerate(moves, 1):
        if len(sq.legal_moves(state)) > 1:
            expected.append(number)
        state = sq.apply(state, move)
    assert [decision.number for decision in decisions] == expected
    assert heard[-1] == (len(moves), len(moves))
    for decision in decisions:
        assert set(decision.chances) == set(sq.legal_moves(decision.state))
        assert all(0 <= chance <= 1 for chance in decision.chances.values())
        assert decision.chances[decision.best] == max(decision.chances.values())
        assert decision.cost >= 0 and decision.margin >= 0
        assert decision.costly == (round(decision.cost - decision.margin, 9) >= 0.02)
    assert review(first, moves, 7, samples=64) == decisions  # the same orders each time


def test_a_stop_ends_the_review() -> None:
    first, moves = played(3)
    try:
        review(first, moves, 3, samples=16, stop=lambda: True)
    except Stopped:
        return
    raise AssertionError("the review went on")


def test_with_nothing_face_down_each_move_is_weighed_exactly() -> None:
    """Nothing unseen (the last card in hand, or none left): each move's chance is 1 or
    0, as the solver says of the position it reaches (positions from the ends of
    greedy games, several moves still open)."""
    from rules.fast.sequence_solver import solve

    found, last_in_hand = 0, 0
    for deal in range(200):
        state, moves = played(deal)
        for move in moves:
            state = sq.apply(state, move)
            legal = sq.legal_moves(state)
            if not state.deck and len(legal) > 1:
                weighed = chances(state, list(legal), deal)
                assert weighed == [float(solve(sq.apply(state, option)).verdict == "won")
                                   for option in legal]
                found += 1
                last_in_hand += state.hand is not None
    assert found and last_in_hand


def test_an_endgame_with_one_winning_move_is_found() -> None:
    """The last cards of a deck in pile order, one left unseen: the move that wins is
    the likeliest."""
    deck = tuple(card for pile in range(4) for card in ranks(*(
        sq.rank_needed(pile, step) or 13 for step in range(13))))
    state = sq.new_game(sq.Options(), deck)
    while len(state.deck) > 2:
        move = next(move for move in sq.legal_moves(state) if isinstance(move, ToFinal))
        state = sq.apply(state, move)
    found = chances(state, list(sq.legal_moves(state)), 5, samples=32)
    assert max(found) == 1.0


@pytest.mark.slow
def test_over_the_last_cards_the_fair_players_move_is_the_reviews_best() -> None:
    """Once at most EXACT_FAIR cards are face down the fair player plays the best move
    there is, and with up to EXACT_TRY where its search ends within its budget; the
    review weighs every move exactly there: the hint's move has the top chance, and a
    game the fair player plays loses nothing there."""
    import math

    from rules.fast.sequence_fair import EXACT_FAIR, EXACT_TRY
    from rules.players.sequence_review import CHANCE, outcomes

    assert f"with {EXACT_FAIR} cards or fewer face down ({EXACT_TRY}, where" in CHANCE
    weighed = tried = 0
    for deal in range(12):
        state, chooser = start(deal), player("fair", deal)
        while not sq.is_over(state):
            move, legal = chooser.choose(state), list(sq.legal_moves(state))
            if 0 < len(state.deck) <= EXACT_TRY and len(legal) > 1:
                found = outcomes(state, legal, deal)
                exact = all(len(drawn) == 1 for drawn in found)
                assert exact or len(state.deck) > EXACT_FAIR
                if exact:
                    values = [value for (value,) in found]
                    assert all(0 <= value <= 1 for value in values)
                    assert math.isclose(values[legal.index(move)], max(values), abs_tol=1e-12)
                    weighed += 1
                    tried += len(state.deck) > EXACT_FAIR
            state = sq.apply(state, move)
    assert weighed and tried


@pytest.mark.slow
def test_a_game_the_fair_player_plays_has_no_costly_decision() -> None:
    """The review weighs every move as the fair player weighs its own: on the orders
    its hint weighs, and exactly over the last cards where its own search is exact
    (where that search gives up within its budget, the review samples as it does).
    Its moves give up no chance beyond the noise (deals drawn afresh): none of 6,152
    decisions of deals 0..79. One may still be, rarely: the fair player drops a move
    that trails at a look (from FIRST_LOOK orders on), and all the orders might rank
    it first (1 of 3,071 decisions of deals 0..39 when it looked from the 8th)."""
    import random

    decisions, costly = 0, []
    for deal in random.Random().sample(range(10**6), 3):
        first, moves = played(deal, "fair")
        found = review(first, moves, deal)
        decisions += len(found)
        costly += [(deal, decision.number) for decision in found if decision.costly]
    assert decisions > 100 and len(costly) <= 1, costly


@pytest.mark.slow
def test_the_fair_hint_is_the_reviews_best_in_other_players_games() -> None:
    """At the positions of greedy games (deals drawn afresh) where a storage top fits
    a final pile, or the hand card must be stored, the fair player weighs every move
    as the review does: its hint gives up nothing beyond the noise (or once, rarely,
    as above)."""
    import random

    from rules.players.sequence_review import outcomes
    from rules.review import weighed

    checked, costly = 0, []
    for deal in random.Random().sample(range(10**6), 2):
        state = start(deal)
        hint, greedy = player("fair", deal), player("greedy", deal)
        while not sq.is_over(state):
            legal = sq.legal_moves(state)
            if len(state.deck) > 7 and len(legal) > 1 and (
                    all(isinstance(move, sq.ToStorage) for move in legal)
                    or any(isinstance(move, ToFinal) and move.source is not None
                           for move in legal)):
                found = dict(zip(legal, outcomes(state, legal, deal), strict=True))
                if weighed(1, state, hint.choose(state), found, chance).costly:
                    costly.append((deal, state.moves))
                checked += 1
            state = sq.apply(state, greedy.choose(state))
    assert checked and len(costly) <= 1, costly


def test_a_chance_rises_with_the_fair_players_score() -> None:
    """The review's best move is the fair player's best score: a chance rises with the
    score, whatever the cards still to come, beyond the scores of the fair player's own
    games too (where it was once held level, and unlike moves read alike)."""
    from dataclasses import replace

    first = start(11)
    for unseen in (1, 8, 20, 35, 50):
        state = replace(first, deck=first.deck[:unseen])
        chances_at = [chance(state, score) for score in range(0, 73, 2)]
        assert all(low < high for low, high in itertools.pairwise(chances_at))
        assert all(0 <= found <= 1 for found in chances_at)


@pytest.mark.slow
def test_off_the_fair_players_path_the_reviews_best_is_the_best_score() -> None:
    """Every card put on storage pile 1, aces and all (deals drawn afresh): positions
    the fair player's games never reach. At each decision the review's best is a move
    of the best mean score, as the hint ranks them; it was once the move played, every
    move read at the curve's lowest chance (a newcomer's hint said A♥ to its final
    pile where the review's best buried it)."""
    import random

    from rules.players.sequence_review import outcomes

    for deal in random.Random().sample(range(10**6), 2):
        state, moves = start(deal), []
        while not sq.is_over(state):
            moves.append(next((move for move in sq.legal_moves(state)
                               if move == sq.ToStorage(0)), sq.legal_moves(state)[0]))
            state = sq.apply(state, moves[-1])
        for decision in review(start(deal), moves, deal):
            legal = list(decision.chances)
            scores = dict(zip(legal, (sum(drawn) / len(drawn) for drawn in
                                      outcomes(decision.state, legal, deal)), strict=True))
            assert scores[decision.best] == max(scores.values()), (deal, decision.number)
