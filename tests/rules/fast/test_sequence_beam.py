"""The Sequence solver's beam: its lines win under the rules, from the start of a deal
and from the middle of a game; it leaves the position's arrays as they came; it never
calls a lost deck won; it stops when told."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from rules import sequence as sq
from rules.cards import deal_cards
from rules.fast.sequence_beam import _best_first, beam
from rules.fast.sequence_positions import CONTROLS, STOP
from rules.fast.sequence_solver import MOVES, arrays
from tests.support.decks import ranks
from tests.support.sequence import PILE_ORDER, endgame, replays_to_a_win


def beamed(state: sq.State, width: int, max_nodes: int = 10**9,
           control: np.ndarray | None = None) -> tuple[bool, int, tuple[sq.Move, ...]]:
    """The beam on ``state``: (won, nodes, the winning line's moves); the arrays it is
    given are checked to come back unchanged."""
    deck, storage, heights, placed = arrays(state)
    before = [array.copy() for array in (deck, storage, heights, placed)]
    path = np.empty((3 * len(deck) + 1, 2), np.int64)
    control = np.zeros(CONTROLS, np.int64) if control is None else control
    won, nodes, best, steps = beam(deck, 0, storage, heights, placed, width, max_nodes,
                                   control, path)
    for array, was in zip((deck, storage, heights, placed), before, strict=True):
        assert np.array_equal(array, was)
    assert 0 <= best <= 52 and (best == 52) == won
    moves = tuple(MOVES[source][target] for source, target in path[:steps].tolist())
    return won, nodes, moves


def test_its_wins_replay_under_the_rules_and_a_wider_beam_wins_more() -> None:
    narrow = wide = 0
    for deal in range(40):
        state = sq.new_game(sq.Options(), deal_cards(deal))
        for width in (1, 16):
            won, _, moves = beamed(state, width)
            assert not won or replays_to_a_win(state, moves)
            narrow += won and width == 1
            wide += won and width == 16
    assert 0 < narrow < wide


def test_it_wins_from_the_middle_of_a_game() -> None:
    start = sq.new_game(sq.Options(), ranks(4, 3, 2, 1) + PILE_ORDER[4:])
    state = start
    for pile in range(4):
        state = sq.apply(state, sq.ToStorage(pile))
    won, _, moves = beamed(state, 4)
    assert won and replays_to_a_win(state, moves)
    wins = 0
    for seed in range(30):
        state = endgame(deal_cards(seed), seed, 20)
        won, _, moves = beamed(state, 8)
        assert not won or replays_to_a_win(state, moves)
        wins += won
    assert wins > 0


def test_a_deck_that_cannot_be_won_is_never_won() -> None:
    for deck in (PILE_ORDER[:12] + PILE_ORDER[13:] + ranks(12), ranks(5, 6)):
        won, nodes, moves = beamed(sq.new_game(sq.Options(), deck), 64)
        assert (won, moves) == (False, ())
        assert nodes >= 0


def test_it_ends_at_its_budget_or_when_stopped() -> None:
    state = sq.new_game(sq.Options(), deal_cards(2264))  # undecided after 20 million positions
    one_position = 4 * (1 + 52)  # its children and their play-outs' choices, at most
    won, nodes, _ = beamed(state, 4096, max_nodes=3_000)
    assert not won and 3_000 <= nodes < 3_000 + one_position
    control = np.zeros(CONTROLS, np.int64)
    control[STOP] = 1
    won, nodes, _ = beamed(state, 4096, control=control)
    assert not won and 0 < nodes <= one_position


@given(st.lists(st.integers(-3, 3), max_size=70), st.integers(0, 70))
def test_its_children_are_ranked_as_numpy_ranks_them(scores: list[int], count: int) -> None:
    """``_best_first`` is numpy's stable argsort of the negated scores: highest first,
    equal scores in their order (the beam keeps the first of equal children)."""
    count = min(count, len(scores))
    values = np.array([*scores, 0], np.int64)
    order, spare = np.empty(len(values), np.int64), np.empty(len(values), np.int64)
    ranked = _best_first(values, count, order, spare)[:count]
    assert ranked.tolist() == np.argsort(-values[:count], kind="mergesort").tolist()
