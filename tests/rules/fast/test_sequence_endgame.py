"""The endgame player's values equal a plain expectimax over the rules' own moves, on
positions that play brought about; its move is one of the best; it never looks at the
order of the deck."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import sequence as sq
from rules.cards import deal_cards
from rules.fast import sequence_endgame as endgame
from rules.fast.sequence import HAND, NO_MOVE, PILES
from rules.players.sequence_fair import FairPlayer
from tests.support.sequence import arrays

Key = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int, tuple[int, ...]]


def key(state: sq.State) -> Key:
    """What the player sees, with the storage piles as a multiset."""
    return (tuple(len(pile) for pile in state.finals),
            tuple(sorted(tuple(card.rank for card in pile) for pile in state.storage)),
            0 if state.hand is None else state.hand.rank,
            tuple(sorted(card.rank for card in state.deck)))


def turned(state: sq.State) -> list[tuple[float, sq.State]]:
    """The positions after the next card is turned, each with its chance: the deck's
    order is unknown, so each rank comes up as often as it has cards there."""
    pool = state.deck if state.hand is None else (state.hand, *state.deck)
    if not pool:
        return [(1.0, state)]
    firsts: dict[int, int] = {}
    for at, card in enumerate(pool):
        firsts.setdefault(card.rank, at)
    counts = Counter(card.rank for card in pool)
    return [(counts[rank] / len(pool),
             sq.State(state.options, state.finals, state.storage, pool[at],
                      pool[:at] + pool[at + 1:], state.moves))
            for rank, at in firsts.items()]


def move_value(state: sq.State, move: sq.Move) -> float:
    after = sq.apply(state, move)
    if isinstance(move, sq.ToFinal) and move.source is not None:
        return value(after)  # a storage card moved: the hand card stays
    return sum(chance * value(next_state) for chance, next_state in turned(after))


# Values met so far, by what the player sees: the rules read ranks and how many cards
# each final pile holds, not suits; the storage piles are alike; and the deck's order
# is unknown, so every position with one key has one value. Kept by the whole state
# (suits, the order of the deck and the moves made, as a cache of both arguments
# kept them), each position was worked out again for every way play reached it: a
# third of the time with three cards unseen, and minutes for some drawn deals.
VALUES: dict[Key, float] = {}


def value(state: sq.State) -> float:
    seen = key(state)
    if seen not in VALUES:
        VALUES[seen] = 1.0 if sq.is_won(state) else max(
            (move_value(state, move) for move in sq.legal_moves(state)), default=0.0)
    return VALUES[seen]


def as_move(source: int, target: int) -> sq.Move:
    if target >= PILES:
        return sq.ToStorage(target - PILES)
    return sq.ToFinal(None if source == HAND else source, target)


def late(deal: int, unseen: int) -> sq.State:
    """Deal ``deal`` played by the quick player until at most ``unseen`` cards are
    left in the deck."""
    state = sq.new_game(sq.Options(), deal_cards(deal))
    player = FairPlayer(deal, "quick")
    while len(state.deck) > unseen and not sq.is_over(state):
        state = sq.apply(state, player.choose(state))
    return state


def check(state: sq.State, table: tuple[np.ndarray, np.ndarray]) -> None:
    before = arrays(state)
    source, target, best = endgame.plain_best_move(*before, *table)
    if sq.is_over(state):
        assert source == NO_MOVE
        return
    values = [move_value(state, move) for move in sq.legal_moves(state)]
    assert best == pytest.approx(max(values), abs=1e-12)
    assert move_value(state, as_move(source, target)) == pytest.approx(max(values), abs=1e-12)
    storage, heights, *rest = before  # the position is left as it came (above the
    for pile in range(PILES):          # storage tops, cells are scratch)
        assert (storage[pile, :heights[pile] + 1]
                == arrays(state)[0][pile, :heights[pile] + 1]).all()
    for came, left in zip([heights, *rest], arrays(state)[1:], strict=True):
        assert np.array_equal(came, left)


# The plain expectimax takes about a second a position with three cards unseen, so
# fewer deals there; deal 30's is worth 2/3, neither won nor lost.
@pytest.mark.slow
@pytest.mark.parametrize(("unseen", "deals"), [(0, range(40)), (1, range(40)),
                                               (2, range(40)), (3, range(25, 35))])
def test_values_equal_a_plain_expectimax_on_played_positions(unseen: int,
                                                             deals: range) -> None:
    table = endgame.table()  # one table for all: its values hold for every game
    decided = set()
    for deal in deals:
        state = late(deal, unseen)
        check(state, table)
        decided.add(round(value(state), 6))
    assert {0.0, 1.0} <= decided  # won and lost positions were both met,
    assert unseen < 3 or len(decided) > 2  # and with three cards unseen, uncertain ones


def shuffled(state: sq.State, data: st.DataObject) -> sq.State:
    return sq.State(state.options, state.finals, state.storage, state.hand,
                    tuple(data.draw(st.permutations(state.deck))), state.moves)


@pytest.mark.slow
@settings(max_examples=12, deadline=None)  # the plain expectimax is slow past 3 cards
@given(deal=st.integers(0, 2**64 - 1), unseen=st.integers(0, 3))
def test_the_move_is_best_on_any_deal(deal: int, unseen: int) -> None:
    check(late(deal, unseen), endgame.table())


@settings(max_examples=12, deadline=None)
@given(deal=st.integers(0, 2**64 - 1), unseen=st.integers(0, 3), data=st.data())
def test_the_move_ignores_the_order_of_the_deck(deal: int, unseen: int,
                                                data: st.DataObject) -> None:
    """The deck's order is hidden from a player: the same move however it lies (the
    move's worth against a plain expectimax is the slow tests' business)."""
    state = late(deal, unseen)
    assert (endgame.plain_best_move(*arrays(state), *endgame.table())
            == endgame.plain_best_move(*arrays(shuffled(state, data)), *endgame.table()))



def test_a_search_past_its_budget_gives_up_and_leaves_the_position_as_it_came() -> None:
    state = late(30, 3)  # worth 2/3: no move ends the search early
    before = arrays(state)
    source, _, value = endgame.plain_best_move(*before, *endgame.table(), 10)
    assert (source, value) == (NO_MOVE, endgame.OVER)
    for came, left in zip(before[1:], arrays(state)[1:], strict=True):
        assert np.array_equal(came, left)
    storage, heights = before[0], before[1]
    for pile in range(PILES):
        assert (storage[pile, :heights[pile] + 1]
                == arrays(state)[0][pile, :heights[pile] + 1]).all()
    assert (endgame.plain_best_move(*before, *endgame.table(), 10**6)
            == endgame.plain_best_move(*before, *endgame.table()))
