"""Hit or Miss relay on hand-built decks: solitaire_tui/games/relay/rules.md."""

from __future__ import annotations

import pytest

from rules import relay
from rules.cards import Card, deal_cards, ranks_only
from rules.errors import IllegalMove, OptionsError
from rules.play import final_state
from tests.support.decks import ranks

pytestmark = pytest.mark.engine_free

SAMPLE_1 = ranks(*range(1, 14)) * 4
SAMPLE_2 = ranks(*range(2, 14), 1) * 4


def play(deck: tuple[object, ...], players: int) -> relay.State:
    return final_state(relay, relay.new_game(relay.Options(players), deck))  # type: ignore[arg-type]


def test_contest_sample_case_1_every_player_last_matches_a_king() -> None:
    result = relay.result(play(SAMPLE_1, 4))
    assert result.won
    assert [card.rank for card in result.last_hits if card] == [13, 13, 13, 13]


def test_contest_sample_case_2_is_unwinnable() -> None:
    end = play(SAMPLE_2, 4)
    result = relay.result(end)
    assert not result.won
    assert end.rounds == 52 == end.quiet_rounds  # lcm(52, 13): one full cycle, no hit
    assert "unwinnable" in result.reason


def test_lockstep_round_passes_the_hit_to_the_next_players_bottom() -> None:
    state = relay.new_game(relay.Options(3), ranks(1, 5, 2))
    state = relay.apply(state, relay.ROUND)  # P1 hits the 1 and passes it on
    assert state.decks == (ranks(5, 2), ranks(1), ())
    assert state.passed == (ranks(1)[0], None, None)
    assert state.counts == (2, 1, 1)  # P2 held no card during step 1: it did not count
    state = relay.apply(state, relay.ROUND)  # P1: 5 at count 2, miss; P2: 1 at count 1, hit
    assert state.decks == (ranks(2, 5), (), ranks(1))
    assert state.counts == (3, 2, 1)


def test_an_empty_player_resumes_from_its_last_count_plus_one() -> None:
    state = relay.new_game(relay.Options(2), ranks(1, 9, 9, 2))
    state = relay.apply(state, relay.ROUND)  # P1 hits 1; P2 gets it
    state = relay.apply(state, relay.ROUND)  # P1 misses 9; P2 hits the 1 at count 1 and is empty
    assert state.decks[1] == () and state.counts[1] == 2
    for _ in range(20):
        if state.decks[1]:
            break
        state = relay.apply(state, relay.ROUND)
    assert state.counts[1] == 2  # it waited, holding its count


def test_the_last_player_discards_and_the_result_names_each_last_hit() -> None:
    end = play(ranks(1, 2), 2)
    result = relay.result(end)
    assert result.won and end.discards == ranks(1, 2)
    assert result.last_hits == ranks(2, 2)


def never(size: int, first_count: int = 1) -> tuple[Card, ...]:
    """A deck whose card i never meets its count (first_count + i, then every cycle)."""
    return ranks(*(((first_count + i) % 13) + 1 for i in range(size)))


def test_unwinnable_exactly_after_the_longest_cycle_without_a_hit() -> None:
    # Both players stall: P2's 13 cards cycle in 13 rounds, P1's 26 in 26 rounds.
    state = relay.State(
        relay.Options(2), decks=(never(26), never(13)), counts=(1, 1),
        last_hits=(None, None), passed=(None, None), discards=(),
    )
    assert relay.hopeless_after(state) == 26
    for _ in range(25):
        state = relay.apply(state, relay.ROUND)
        assert not relay.is_over(state)
    state = relay.apply(state, relay.ROUND)
    assert relay.is_over(state) and not relay.result(state).won
    assert state.decks == (never(26), never(13)) and state.counts == (1, 1)


def test_quiet_rounds_restart_after_a_hit() -> None:
    end = play((*ranks(1), *never(26, first_count=2)), 2)
    # Round 1: P1 hits the ace; round 2: P2 hits it and discards it; then 26 quiet rounds.
    assert end.discards == ranks(1) and end.rounds == 2 + 26 and end.quiet_rounds == 26


def test_one_round_is_the_only_move_and_none_after_the_end() -> None:
    end = play(SAMPLE_1, 2)
    assert relay.legal_moves(end) == ()
    with pytest.raises(IllegalMove, match="over"):
        relay.apply(end, relay.ROUND)


@pytest.mark.parametrize("players", [0, 11])
def test_player_count_outside_1_to_10_is_refused(players: int) -> None:
    with pytest.raises(OptionsError, match=r"1\.\.10"):
        relay.Options(players)


@pytest.mark.parametrize("deal", range(12))
def test_a_results_why_is_its_reason_after_its_verdict(deal: int) -> None:
    result = relay.result(final_state(relay, relay.new_game(relay.Options(4),
                                                            ranks_only(deal_cards(deal)))))
    said = "won" if result.won else "unwinnable"
    assert result.reason == f"{said}: {result.why}" and result.why
