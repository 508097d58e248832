"""The relay kernel agrees with rules.relay on every field, for 1 to 10 players, and
with the POJ 2035 judge on contest decks."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from rules import relay
from rules.fast import relay as fast
from rules.play import final_state
from solitaire_tui.judge import Case, parse, solve
from tests.support.decks import ranks
from tests.support.pure.relay import PLAYER_COUNTS, Row, players_of, pure
from tests.support.replay import AGREEMENT_DEALS, first_difference, pure_rows

DATA = Path(__file__).parents[2] / "data"
SOLO_DEALS = 500
RANDOM_DECKS = 300


def pure_on_ranks(values: list[int], players: int) -> Row:
    """The rules on a rank-only deck: won, rounds, then each player's last hit rank."""
    end = final_state(relay, relay.new_game(relay.Options(players), ranks(*values)))
    r = relay.result(end)
    return (r.won, r.rounds, *(0 if c is None else c.rank for c in r.last_hits))


def kernel_on_ranks(values: list[int], players: int) -> Row:
    """``fast.play`` as pure_on_ranks reads: its last hits, positions, become ranks."""
    won, rounds, *last = (int(v) for v in fast.play(np.array(values, np.int8), players))
    return (won, rounds, *(0 if p == fast.NO_HIT else values[p] for p in last))


def test_fields_name_each_players_last_hit() -> None:
    assert fast.fields(relay.Options(3)) == ("won", "rounds", "last_hit_1", "last_hit_2",
                                             "last_hit_3")


@pytest.mark.slow
def test_kernel_agrees_with_the_rules_on_numbered_deals_for_2_to_10_players() -> None:
    """Each of the AGREEMENT_DEALS deals is compared once, with players_of(deal)."""
    rows = pure_rows(pure, None)
    mismatches = []
    won = set()
    for players in PLAYER_COUNTS:
        options = relay.Options(players)
        kernel = fast.deal_results(0, AGREEMENT_DEALS, options)
        deals = [d for d in range(AGREEMENT_DEALS) if players_of(d) == players]
        mismatches += [first_difference(fast.fields(options), kernel[d:d + 1], [rows[d]], d)
                       for d in deals]
        won |= {bool(kernel[d, 0]) for d in deals}
    assert [m for m in mismatches if m] == []
    assert won == {True, False}


@pytest.mark.slow
def test_kernel_agrees_with_the_rules_for_one_player() -> None:
    kernel = fast.deal_results(0, SOLO_DEALS, relay.Options(1))
    rows = pure_rows(pure, 1, deals=SOLO_DEALS)
    assert first_difference(fast.fields(relay.Options(1)), kernel, rows) is None


def test_contest_sample() -> None:
    """Case 1 is won with every last hit a king; case 2 never hits and is unwinnable
    after lcm(52, 13) = 52 rounds."""
    case_1, case_2 = parse((DATA / "poj2035_sample.in").read_text())
    assert kernel_on_ranks(list(case_1.cards), case_1.players)[2:] == (13, 13, 13, 13)
    assert kernel_on_ranks(list(case_2.cards), case_2.players) == (0, 52, 0, 0, 0, 0)
    for case in (case_1, case_2):
        values = list(case.cards)
        assert kernel_on_ranks(values, case.players) == pure_on_ranks(values, case.players)


def random_decks() -> list[Case]:
    """Contest-style decks that need not hold four of each value, and short decks,
    which reach the stalls (sizes that are multiples of 13) often."""
    rng = random.Random(2035)
    decks = []
    for k in range(RANDOM_DECKS):
        size = 52 if k % 2 else rng.randint(1, 52)
        decks.append(Case(rng.randint(1, relay.MAX_PLAYERS),
                          tuple(rng.randint(1, 13) for _ in range(size))))
    return decks


def test_kernel_agrees_with_the_judge_on_random_decks() -> None:
    outcomes = set()
    for case in random_decks():
        values = list(case.cards)
        got = kernel_on_ranks(values, case.players)
        answer = solve(case)
        assert got[0] == (answer is not None), case
        if answer is not None:
            assert list(got[2:]) == answer, case
        outcomes.add(got[0])
    assert outcomes == {0, 1}


def test_kernel_agrees_with_the_rules_on_random_decks() -> None:
    for case in random_decks()[::3]:
        values = list(case.cards)
        assert kernel_on_ranks(values, case.players) == pure_on_ranks(values, case.players)


def test_play_refuses_more_than_52_cards() -> None:
    with pytest.raises(ValueError, match="1 to 52 cards"):
        fast.play(np.ones(53, np.int8), 2)


def test_results_do_not_depend_on_how_the_deals_are_split() -> None:
    options = relay.Options(5)
    whole = fast.deal_results(1000, 3000, options)
    parts = np.concatenate([fast.deal_results(1000, 1234, options),
                            fast.deal_results(2234, 1766, options)])
    assert (whole == parts).all()
