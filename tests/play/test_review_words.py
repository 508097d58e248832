"""The review's table in words: a seat column where seats differ, moves in line."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from rules.review import Decision
from solitaire_tui.play.review_words import COSTLY_MARK, EXACT_MARK, columns, given_up

pytestmark = pytest.mark.engine_free


@dataclass(frozen=True)
class Move:
    """A move whose name (``name``) and rules' words (its ``str``) differ."""

    name: str
    words: str

    def __str__(self) -> str:
        return self.words


S3, F4, ONE = Move("s3", "S3→F2"), Move("f4", "hand→F4"), Move("1", "hand→S1")


def named(state: str, move: Move) -> str:
    return move.name


def test_one_seat_has_no_seat_column_and_the_rules_words_line_up() -> None:
    decisions = [Decision(3, "P1", S3, {S3: 0.5, ONE: 0.25}),
                 Decision(7, "P1", ONE, {F4: 0.75, ONE: 0.5})]
    headings, rows = columns(decisions, named, lambda state: state)
    assert headings == ["move", "", "played", "chance", "best", "chance", "given up"]
    assert rows == [["3", "", "s3  S3→F2", "50.0%", "", "", ""],
                    ["7", COSTLY_MARK, "1   hand→S1", "50.0%", "f4  hand→F4", "75.0%", "25.0"]]
    moves = [cell for row in rows for cell in (row[2], row[4]) if cell]
    assert {cell.rindex(" ") + 1 for cell in moves} == {4}  # the words in one column


def test_among_decisions_weighed_on_draws_the_exact_ones_are_marked() -> None:
    """Sequence's last cards are weighed exactly after estimates: a chance may leap
    there (60.6% to 0.0%, a newcomer saw), and the rows say why. A review exact
    throughout marks none."""
    drawn = Decision(5, "P1", ONE, {ONE: 0.6, F4: 0.61}, margin=0.02)
    exact, lost = (Decision(9, "P1", ONE, {ONE: 0.0, F4: 0.0}),
                   Decision(11, "P1", ONE, {ONE: 0.0, F4: 1.0}))
    _, rows = columns([drawn, exact, lost], named)
    assert [row[1] for row in rows] == ["", EXACT_MARK, COSTLY_MARK]
    assert [row[1] for row in columns([exact], named)[1]] == [""]


def test_what_a_move_gave_up_is_said_with_its_interval_where_it_has_one() -> None:
    sampled = Decision(4, "P1", ONE, {ONE: 0.25, F4: 0.5}, margin=0.0375)
    assert given_up(sampled) == "25.0 ± 3.8"
    assert given_up(Decision(4, "P1", ONE, {ONE: 0.0, F4: 1.0})) == "100.0"  # exact
    assert given_up(Decision(4, "P1", F4, {ONE: 0.25, F4: 0.5}, margin=0.01)) == ""


def test_decisions_of_two_seats_say_whose() -> None:
    decisions = [Decision(1, "Ada", ONE, {ONE: 0.5}), Decision(2, "Bo", S3, {S3: 0.5})]
    headings, rows = columns(decisions, named, lambda state: state)
    assert headings[:3] == ["move", "", "seat"] and [row[2] for row in rows] == ["Ada", "Bo"]
    assert columns(decisions, named)[0][2] == "played"  # no mover: no seat column
