"""What ``sequence_proofs`` proves holds: a position it calls stuck or tangled cannot
be won in any order of the cards still to turn."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import sequence as sq
from rules.cards import Card, deal_cards
from rules.fast.sequence_proofs import RANKS, RELAXED_NODES, RELAXED_TABLE, stuck, tangled
from rules.fast.sequence_solver import solve
from tests.support.decks import ranks
from tests.support.sequence import arrays, endgame, winnable


def cards_left(state: sq.State) -> np.ndarray:
    left = np.zeros(RANKS, np.int64)
    hand = () if state.hand is None else (state.hand,)
    for card in (*hand, *state.deck, *(card for pile in state.storage for card in pile)):
        left[card.rank] += 1
    return left


def is_stuck(state: sq.State) -> bool:
    storage, heights, placed, _, _ = arrays(state)
    scratch = [np.zeros(n, np.int64) for n in (sq.PILES, RANKS, RANKS, RANKS)]
    return bool(stuck(storage, heights, placed, cards_left(state), *scratch))


SEEN = np.zeros(RELAXED_TABLE, np.int64)


def is_tangled(state: sq.State) -> bool:
    storage, heights, placed, _, _ = arrays(state)
    answer = bool(tangled(storage, heights, placed, cards_left(state), SEEN,
                          np.zeros(RELAXED_NODES, np.int64)))
    assert not SEEN.any()  # left as it came, for the next search
    return answer


def finals(*counts: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(ranks(*(sq.rank_needed(pile, j) or 0 for j in range(count)))
                 for pile, count in enumerate(counts))


# Two kings above the last ten but one final pile free to take a king before a ten,
# a jack or the queen (both jacks and the queen are held under kings too): one king
# can go, the other never, so neither ten ever comes out. No rank is blocked outright,
# so only counting the piles free for each rank sees it.
KINGS = sq.State(sq.Options(), finals(4, 11, 8, 9),
                 (ranks(10, 7, 12), ranks(1, 8), ranks(13), ranks(11, 11, 13, 10, 13, 9, 13)),
                 Card(5), ranks(4, 1, 9, 6, 7, 5))


def test_too_many_kings_for_the_piles_free_to_take_them_is_stuck() -> None:
    assert is_stuck(KINGS)


@pytest.mark.slow
@settings(max_examples=3, deadline=None)  # the plain search takes seconds an order
@given(order=st.permutations(KINGS.deck))
def test_the_kings_position_is_lost_in_every_order(order: list[Card]) -> None:
    assert not winnable(sq.State(KINGS.options, KINGS.finals, KINGS.storage, KINGS.hand,
                                 tuple(order)), {})


@cache
def lost_by_plain_search(state: sq.State) -> bool:
    """The plain exhaustive search's verdict, kept: the stuck test's endgames (deals
    0..99) are the tangled test's first hundred, and each called stuck is called
    tangled too, so a process that runs both searches each endgame once (a third of
    their time went to searching the stuck ones again)."""
    return not winnable(state, {})


@pytest.mark.slow
def test_stuck_positions_of_numbered_deals_cannot_be_won() -> None:
    """Endgames of deals 0..99 at 0..4 cards to turn: every one called stuck is lost
    by the plain exhaustive search, and many are called stuck."""
    called = 0
    for deal in range(100):
        state = endgame(deal_cards(deal), deal, deal % 5)
        if is_stuck(state):
            called += 1
            assert lost_by_plain_search(state)
    assert called >= 20


# Deal 10 played greedily to 13 cards to turn. Kings lie on top of a ten and of a
# queen, and on a pile the nine and ten wanted next are under a jack: whatever order
# the storage piles give their cards up in, with every card to turn at hand, some
# final pile waits for a card held under one it needs later. ``stuck`` sees no rank
# blocked (each has a free final pile); the relaxed game does.
UNDER_KINGS = sq.State(sq.Options(), finals(8, 3, 1, 5),
                       (ranks(5, 8, 7, 11, 2, 9), ranks(9, 10, 12, 13, 10, 13),
                        ranks(1, 6, 5, 9, 5), ranks(11, 13, 8, 1, 9)),
                       Card(1), ranks(12, 11, 13, 4, 10, 11, 6, 10, 3, 7, 12, 2))


def test_cards_held_under_the_cards_they_wait_for_are_tangled() -> None:
    assert is_tangled(UNDER_KINGS)
    assert not is_stuck(UNDER_KINGS)


# Deal 0 played greedily to 13 cards to turn: not tangled yet, but lost once every
# line is searched (90,051 positions).
DEAL_0 = sq.State(sq.Options(), finals(7, 2, 3, 5),
                  (ranks(13, 11, 13, 1, 10, 7), ranks(10, 13, 11, 5, 12, 1),
                   ranks(9, 12, 11, 13, 1), ranks(10, 5, 8, 12, 5)),
                  Card(8), ranks(6, 4, 2, 11, 9, 8, 3, 6, 9, 2, 10, 7))


def test_a_peek_with_13_cards_to_turn_decides() -> None:
    """With 13 cards to turn the solver searches every line, and the relaxed game,
    tried after each card put on storage, cuts it short: deals 0 and 10 played
    greedily there are proved lost (a peek there always decides)."""
    assert solve(UNDER_KINGS).verdict == "lost"
    assert not is_tangled(DEAL_0)
    assert solve(DEAL_0).verdict == "lost"


def test_a_peek_with_13_cards_in_the_deck_decides() -> None:
    """The screen counts the deck without the hand card: with "deck 13" there are 14
    cards to turn, and the search with no limit starts there too (before, the peek
    spent its 12,000,000 positions on such a position and said "undecided")."""
    for deal in range(8):
        state = endgame(deal_cards(deal), deal, 13)
        assert len(state.deck) == 13 and state.hand is not None
        assert solve(state).verdict != "unknown"


@pytest.mark.slow
def test_tangled_positions_of_numbered_deals_cannot_be_won() -> None:
    """Endgames of deals 0..199 at 0..4 cards to turn: every one called tangled is
    lost by the plain exhaustive search; many are called tangled, and some that
    ``stuck`` does not see."""
    called = unseen_by_stuck = 0
    for deal in range(200):
        state = endgame(deal_cards(deal), deal, deal % 5)
        if is_tangled(state):
            called += 1
            unseen_by_stuck += not is_stuck(state)
            assert lost_by_plain_search(state)
    assert called >= 100 and unseen_by_stuck >= 5


def test_no_position_of_a_winning_line_is_tangled() -> None:
    """Along the solver's winning lines of deals 0..29, every position can still be
    won, so none may be called tangled."""
    lines = 0
    for deal in range(30):
        state = sq.new_game(sq.Options(), deal_cards(deal))
        solution = solve(state)
        if solution.verdict != "won":
            continue
        lines += 1
        for move in solution.moves:
            assert not is_tangled(state)
            state = sq.apply(state, move)
    assert lines >= 25
