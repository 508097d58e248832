"""What ``sequence_proofs`` proves holds: a position it calls stuck cannot be won in
any order of the cards still to turn."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import sequence as sq
from rules.cards import Card, deal_cards
from rules.fast.sequence_proofs import RANKS, stuck
from tests.decks import ranks
from tests.rules.fast.test_sequence_endgame import arrays
from tests.rules.players.test_sequence_solver import endgame, winnable


def is_stuck(state: sq.State) -> bool:
    storage, heights, placed, _, _ = arrays(state)
    left = np.zeros(RANKS, np.int64)
    hand = () if state.hand is None else (state.hand,)
    for card in (*hand, *state.deck, *(card for pile in state.storage for card in pile)):
        left[card.rank] += 1
    scratch = [np.zeros(n, np.int64) for n in (sq.PILES, RANKS, RANKS, RANKS)]
    return bool(stuck(storage, heights, placed, left, *scratch))


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


@settings(max_examples=3, deadline=None)  # the plain search takes seconds an order
@given(order=st.permutations(KINGS.deck))
def test_the_kings_position_is_lost_in_every_order(order: list[Card]) -> None:
    assert not winnable(sq.State(KINGS.options, KINGS.finals, KINGS.storage, KINGS.hand,
                                 tuple(order)), {})


def test_stuck_positions_of_numbered_deals_cannot_be_won() -> None:
    """Endgames of deals 0..99 at 0..4 cards to turn: every one called stuck is lost
    by the plain exhaustive search, and many are called stuck."""
    called = 0
    for deal in range(100):
        state = endgame(deal_cards(deal), deal, deal % 5)
        if is_stuck(state):
            called += 1
            assert not winnable(state, {})
    assert called >= 20
