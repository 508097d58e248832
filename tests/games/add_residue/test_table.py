"""The Add/Residue table: seats, names and n, refused in one sentence when wrong."""

from __future__ import annotations

import re

import pytest

from rules import add_residue
from rules.errors import NumberError, RulesError
from rules.roster import ADD_RESIDUE
from solitaire_tui.games.add_residue.seating import Seat, Seating, default_seating, make_seating
from solitaire_tui.games.add_residue.setup_screen import WEAKEST_FIRST

pytestmark = pytest.mark.engine_free


def test_the_default_table_is_you_against_greedy_computers() -> None:
    table = default_seating(add_residue.Options(3, 7))
    assert table == Seating((Seat("You"), Seat("Bea", "greedy"), Seat("Cal", "greedy")), 7)
    assert table.options == add_residue.Options(3, 7)
    assert table.people == (0,)
    assert not table.all_people
    assert table.variant == "3 players, n = 7, against 2 greedy"
    assert default_seating().options == add_residue.Options()


def test_a_form_becomes_a_table_with_names_trimmed() -> None:
    table = make_seating([(" Ann ", None), ("Ben", None)], " 5 ")
    assert table == Seating((Seat("Ann"), Seat("Ben")), 5)
    assert table.all_people
    assert Seat("Ben", "random").label == "Ben (random)"


@pytest.mark.parametrize(("seats", "n", "message"), [
    ([("Ann", None), ("", None)], "13", "Seat 2 needs a name"),
    ([("Ann", None), ("ann", "greedy")], "13", "Seats 1 and 2 are both called ann"),
    ([("Ann", None), ("Bartholomew", None)], "13", "at most 10 characters"),
    ([("Ann", "greedy"), ("Ben", "random")], "13", "At least one seat must be played by a"),
    ([("Ann", None), ("Ben", "clever")], "13",
     "greedy, random, strong, perfect or one of your players \\(a .py file\\), not 'clever'"),
    ([("Ann", None)], "13", "2..6 players, not 1"),
    ([("Ann", None), ("Ben", None)], "21", "n must be a whole number from 1 to 20, not '21'"),
    ([("Ann", None), ("Ben", None)], "", "n must be a whole number from 1 to 20"),
])
def test_a_wrong_table_is_refused_in_one_sentence(
    seats: list[tuple[str, str | None]], n: str, message: str,
) -> None:
    with pytest.raises(RulesError, match=message) as error:
        make_seating(seats, n)
    assert not str(error.value).endswith(".")  # the set-up adds the full stop


def test_hints_come_from_the_best_computer_or_a_player_of_ones_own() -> None:
    from solitaire_tui.games.add_residue.game import GAME

    table = make_seating([("Ann", None), ("Ben", "greedy")], "9", "mine.py")
    assert table.helper == "mine.py"
    assert make_seating([("Ann", None), ("Ben", None)], "9").helper is None
    assert GAME.OPTIONS.decode(GAME.OPTIONS.encode(table), None) == table  # kept
    older = {"seats": [["Ann", None], ["Ben", "greedy"]], "n": 9}  # kept before the choice
    assert GAME.OPTIONS.decode(older, None).helper is None
    with pytest.raises(RulesError, match=re.escape("or one of your players (a .py file),"
                                                   " not '../x.py'")):
        make_seating([("Ann", None), ("Ben", None)], "9", "../x.py")


def test_n_is_a_whole_number_in_the_rules_range() -> None:
    assert add_residue.N("20") == 20
    for text in ("0", "-1", "1.5", "x"):
        with pytest.raises(NumberError):
            add_residue.N(text)


def test_the_computers_levels_are_given_once_for_all_or_once_each() -> None:
    options = add_residue.Options(3, 5)
    assert [seat.level for seat in default_seating(options, ["strong"]).seats] == [
        None, "strong", "strong"]
    assert [seat.level for seat in default_seating(options, ["random", "strong"]).seats] == [
        None, "random", "strong"]
    with pytest.raises(RulesError, match="once for each of the other 2 seats, not 3 times"):
        default_seating(options, ["random"] * 3)
    with pytest.raises(RulesError, match="Seat 2 cannot play perfectly"):
        default_seating(add_residue.Options(2, 13), ["perfect"])
    assert sorted(WEAKEST_FIRST) == sorted(ADD_RESIDUE)
