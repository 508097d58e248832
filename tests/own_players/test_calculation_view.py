"""What a player of one's own sees of a described game (``rules.own_players.calculation``):
the view on hand-built decks of the shipped games, the moves by the screen's keys
(a turn of the stock among them), the description carried as a run's options and
checked again there, and properties of both on positions reached by random play."""

from __future__ import annotations

import random
import re
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.calculation import game as calc
from rules.calculation.description import Description, DescriptionError, data, parse
from rules.cards import deal_cards
from rules.errors import IllegalMove
from rules.own_players import calculation as own
from rules.own_players.calculation import CalculationView
from tests.support.decks import ranks

pytestmark = pytest.mark.engine_free

SHIPPED = {description.key: description for description in (
    parse(path.read_text(encoding="utf-8"))
    for path in resources.files("rules.calculation").joinpath("games").iterdir()
    if path.name.endswith(".toml"))}
HAND = None


def test_the_view_of_calculation_is_its_table_as_a_player_sees_it() -> None:
    # The bases A 2 3 4 are put out; a king is turned, then 8 6 7 7 7 7 are to come.
    state = calc.new_game(SHIPPED["calculation"], ranks(1, 2, 3, 4, 13, 8, 6, 7, 7, 7, 7))
    view = CalculationView(state, deal=3)
    assert view.hand == 13 and view.finals == (1, 1, 1, 1) and view.storage == ((),) * 4
    assert view.moves == ("1", "2", "3", "4") and view.playable() == ()
    # Foundation 4 counts by 4 from its 4: 8, then queen, then 3.
    assert [view.needs(4, later) for later in range(3)] == [8, 12, 3]
    assert view.needs(1) == 2 and view.fits(8) == (4,) and view.fits(13) == ()
    assert view.wait(12, 4) == 1 and view.soonest(8) == 0 and view.soonest(13) == 11
    assert view.to_come[7] == 4 and view.to_come[8] == 1 and sum(view.to_come) == 6
    assert view.cards_left == 6 and view.deck is None and view.waste == ()
    assert CalculationView(state, 3, clairvoyant=True).deck == (8, 6, 7, 7, 7, 7)
    state = calc.apply(state, own.move_named(state, "1"))  # the king to storage pile 1
    view = CalculationView(state, 3)
    assert view.hand == 8 and view.top(1) == 13 and view.below(1) == ()
    assert view.moves == ("f", "1", "2", "3", "4")
    assert own.move_named(state, "f") == calc.ToFinal(HAND, 3) == own.move_named(state, "F 4")


def test_betsy_ross_turns_its_stock_onto_a_waste_the_player_sees() -> None:
    state = calc.new_game(SHIPPED["betsy-ross"], deal_cards(3))
    view = CalculationView(state, 3)
    assert view.hand is None and view.moves == ("turn",) and view.storage == ()
    assert view.finals == (1,) * 8 and view.needs(1) is None and view.needs(5) == 3
    assert (view.stock_left, view.passes_left, view.cards_left) == (44, 2, 44)
    assert own.move_named(state, "TURN") == calc.TURN
    while calc.TURN in calc.legal_moves(state) and len(state.waste) < 3:
        state = calc.apply(state, calc.TURN)
    view = CalculationView(state, 3)
    assert view.hand == state.waste[-1].rank
    assert view.waste == tuple(card.rank for card in state.waste[:-1])
    assert view.stock_left == 41 and view.cards_left == 43 and sum(view.to_come) == 43
    with pytest.raises(IllegalMove, match=re.escape(
            "'1' names no move; moves are f or f1-f8 (the waste's top card to a final"
            " pile), turn (the stock)")):
        own.move_named(state, "1")


@pytest.mark.parametrize(("name", "said"), [
    ("turn", "'turn' names no move; moves are 1-4 (to storage), f or f1-f4 (the hand card"
             " to a final pile), s1-s4 or s11-s44 (a storage pile's top card to a final"
             " pile)"),
    ("5", "'5' names no move"), ("s15", "'s15' names no move"), ("\u0663", "names no move"),
    ("s2", "storage pile 2 is empty"), ("f", "fits no final pile"),
    (None, "a move is named by a string such as '1', 'f' or 's3'"),
])
def test_a_name_that_is_no_move_of_calculation_says_why(name: object, said: str) -> None:
    state = calc.new_game(SHIPPED["calculation"], ranks(1, 2, 3, 4, 13, 8))
    with pytest.raises(IllegalMove, match=re.escape(said)):
        own.move_named(state, name)


def test_a_pile_that_is_not_there_is_said() -> None:
    view = CalculationView(calc.new_game(SHIPPED["betsy-ross"], deal_cards(0)), 0)
    with pytest.raises(IllegalMove, match="there is no final pile 9: they are numbered 1 to 8"):
        view.needs(9)
    with pytest.raises(IllegalMove, match="there is no storage pile 1: this game has none"):
        view.top(1)


@pytest.mark.parametrize("key", sorted(SHIPPED))
def test_a_run_carries_the_game_as_data_and_starts_each_deal_from_it(key: str) -> None:
    description = SHIPPED[key]
    options = own.options(description)
    assert own.of_options(options) == description
    assert own.start(17, options) == calc.new_game(description, deal_cards(17))


@pytest.mark.parametrize(("change", "said"), [
    (("storage", {"piles": 99}), "storage.piles: 99 is not a whole number from 0 to 8"),
    (("foundation", []), "foundation: give 1 to 9 [[foundation]] tables"),
    (("code", "__import__('os')"), "code: not a field of a description"),
])
def test_options_another_program_wrote_are_checked_as_a_file_is(
        change: tuple[str, object], said: str) -> None:
    tables = data(SHIPPED["hopscotch"]) | dict([change])
    with pytest.raises(DescriptionError, match=re.escape(said)):
        own.start(0, {own.DESCRIPTION: tables})


def reached(description: Description, deal: int, seed: int, moves: int) -> calc.State:
    state, chance = calc.new_game(description, deal_cards(deal)), random.Random(seed)
    for _ in range(moves):
        if calc.is_over(state):
            break
        state = calc.apply(state, chance.choice(calc.legal_moves(state)))
    return state


@settings(max_examples=120, deadline=None)
@given(key=st.sampled_from(sorted(SHIPPED)), deal=st.integers(0, 10**6),
       seed=st.integers(0, 10**6), moves=st.integers(0, 150))
def test_every_move_listed_is_named_once_and_means_that_move(
        key: str, deal: int, seed: int, moves: int) -> None:
    state = reached(SHIPPED[key], deal, seed, moves)
    view = CalculationView(state, deal)
    legal = calc.legal_moves(state)
    assert [own.move_named(state, name) for name in view.moves] == list(legal)
    assert [own.name_of(state, move) for move in legal] == list(view.moves)
    assert all(own.move_named(state, name, view) == own.move_named(state, name.upper())
               for name in view.moves)
    # What a player who counts cards knows: the cards neither in hand nor on the table.
    assert sum(view.to_come) == view.cards_left == 52 - sum(view.finals) - sum(
        map(len, view.storage)) - (view.hand is not None)
    for pile in range(1, len(view.finals) + 1):
        wanted = view.needs(pile)
        assert (wanted is None) == (view.finals[pile - 1] == SHIPPED[key].foundations[
            pile - 1].length)
        assert wanted is None or (view.wait(wanted, pile) == 0 and pile in view.fits(wanted))
