"""Hints asked for and answered: an answer for a position left behind is dropped."""

from __future__ import annotations

import itertools

import pytest

from rules import one_handed
from rules.cards import deal_cards
from solitaire_tui.play.hints import AUTO, HINT, Asks, hint_moves, line

pytestmark = pytest.mark.engine_free


def test_an_answer_serves_every_purpose_asked_for_its_position() -> None:
    asks: Asks[object] = Asks()
    state = object()
    assert asks.ask(state, HINT) is True  # a new question: worked out
    assert asks.ask(state, AUTO) is False  # the same one, wanted for more
    assert asks.busy
    assert asks.answered(state) == {HINT, AUTO}
    assert not asks.busy


def test_an_answer_for_a_position_left_behind_is_dropped() -> None:
    asks: Asks[object] = Asks()
    old, new = object(), object()
    asks.ask(old, HINT)
    assert asks.ask(new, AUTO) is True
    assert asks.answered(old) is None  # stale
    assert asks.failed(old) is False  # nor does its failure concern the question now
    assert asks.answered(new) == {AUTO}  # not the old purpose


def test_a_dropped_question_takes_no_answer() -> None:
    asks: Asks[object] = Asks()
    state = object()
    asks.ask(state, HINT)
    asks.drop()
    assert asks.answered(state) is None


def test_the_hint_players_line_is_its_game_and_stops_at_most_moves() -> None:
    start = one_handed.new_game(one_handed.Options(), deal_cards(3))

    def first(state: one_handed.State) -> one_handed.Move | None:
        return one_handed.legal_moves(state)[0]

    whole = list(hint_moves(one_handed, first, start))
    state = start
    for move in whole:
        state = one_handed.apply(state, move)
    assert one_handed.is_over(state)
    assert line(one_handed, first, start, 5) == whole[:5]
    ticks = itertools.count(0, 1.0)  # a clock that runs out after the first move
    assert line(one_handed, first, start, 100, clock=lambda: next(ticks)) == whole[:1]
