"""The Add/Residue kernel agrees with rules.add_residue on every field, seat by seat."""

from __future__ import annotations

import numpy as np
import pytest

from rules import add_residue as ar
from rules.errors import OptionsError
from rules.fast import add_residue as fast
from tests.support.pure.add_residue import (
    MIXED_BLOCK,
    TWO_SEATS,
    Seats,
    mixed,
    pure,
    pure_mixed,
    pure_result,
    seated_result,
)
from tests.support.replay import AGREEMENT_DEALS, first_difference, pure_rows


@pytest.mark.slow
@pytest.mark.parametrize("seats", TWO_SEATS, ids="-".join)
def test_kernel_agrees_with_the_rules_two_seats_n13(seats: Seats) -> None:
    options = ar.Options(2, 13)
    kernel = fast.deal_results(0, AGREEMENT_DEALS, options, seats)
    rows = pure_rows(pure, (options, seats))
    assert first_difference(fast.fields(options, seats), kernel, rows) is None
    assert {1, 2, 3} <= set(kernel[:, -1].tolist()) or seats == ("greedy", "greedy")


@pytest.mark.slow
def test_kernel_agrees_with_the_rules_on_3_to_6_seats_and_every_n() -> None:
    blocks = AGREEMENT_DEALS // MIXED_BLOCK
    rows = pure_rows(pure_mixed, None, blocks * MIXED_BLOCK)
    differences = []
    for block in range(blocks):
        options, seats = mixed(block)
        start = block * MIXED_BLOCK
        kernel = fast.deal_results(start, MIXED_BLOCK, options, seats)
        difference = first_difference(fast.fields(options, seats), kernel,
                                      rows[start:start + MIXED_BLOCK], start)
        if difference is not None:
            differences.append(f"{options}, {seats}: {difference}")
    assert differences == []


def test_play_fills_a_row_like_the_rules() -> None:
    for options, seats, seed in [
        (ar.Options(3, 1), ("greedy", "random", "greedy"), 5),  # nobody can score: all win
        (ar.Options(2, 20), ("random", "greedy"), 2**64 - 1),  # seat 1's seed wraps to 0
        (ar.Options(6, 20), ("random",) * 6, 2**64 - 3),
        (ar.Options(4, 7), ("greedy",) * 4, 0),
    ]:
        row = fast.deal_results(seed, 1, options, seats)[0]
        assert tuple(row.tolist()) == pure_result(seed, options, seats)


def test_results_do_not_depend_on_how_the_games_are_split() -> None:
    options, seats = ar.Options(3, 13), ("random", "greedy", "random")
    whole = fast.deal_results(1000, 3000, options, seats)  # several blocks of games
    parts = np.concatenate([fast.deal_results(1000, 1234, options, seats),
                            fast.deal_results(2234, 1, options, seats),
                            fast.deal_results(2235, 1765, options, seats)])
    assert (whole == parts).all()


def test_fields_name_each_seats_score_then_the_winners() -> None:
    assert fast.fields(ar.Options(3), ["greedy"] * 3) == (
        "score_1", "score_2", "score_3", "winners")


@pytest.mark.parametrize(
    ("seats", "message"),
    [(["greedy"], "each of the 2 seats, not 1"), (["greedy", "clever"], "not 'clever'")],
)
def test_a_wrong_list_of_players_is_refused(seats: list[str], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        fast.deal_results(0, 1, ar.Options(2), seats)
    with pytest.raises(OptionsError, match=message):
        fast.fields(ar.Options(2), seats)


SEARCHING: list[tuple[ar.Options, Seats, int]] = [  # (table, seats, games)
    (ar.Options(2, 13), ("strong", "greedy"), 20),
    (ar.Options(2, 7), ("random", "strong"), 40),
    (ar.Options(3, 5), ("strong", "random", "strong"), 30),
    (ar.Options(6, 3), ("greedy", "strong", "random", "strong", "strong", "greedy"), 20),
    (ar.Options(2, 5), ("perfect", "random"), 200),
    (ar.Options(2, 4), ("random", "perfect"), 200),
    (ar.Options(2, 5), ("strong", "perfect"), 20),
    (ar.Options(3, 3), ("random", "perfect", "strong"), 100),
]


@pytest.mark.slow
@pytest.mark.parametrize(("options", "seats", "games"), SEARCHING,
                         ids=[f"{o.players}x{o.n}-{'-'.join(s)}" for o, s, _ in SEARCHING])
def test_kernel_strong_and_perfect_seats_agree_with_the_players(
        options: ar.Options, seats: Seats, games: int) -> None:
    kernel = fast.deal_results(100, games, options, seats)
    rows = [seated_result(game, options, seats) for game in range(100, 100 + games)]
    assert first_difference(fast.fields(options, seats), kernel, rows, 100) is None
    assert len({row[:-1] for row in rows}) > 1  # the games differ, so each is a check


def test_a_perfect_seat_at_a_table_too_big_to_solve_is_refused() -> None:
    with pytest.raises(OptionsError, match="perfect play is solved for"):
        fast.deal_results(0, 1, ar.Options(4, 2), ["perfect", "greedy", "greedy", "greedy"])
