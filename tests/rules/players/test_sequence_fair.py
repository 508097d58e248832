"""The fair Sequence player: the wrapper plays as the batch kernel does, never looks at
the order of the deck, makes only legal moves, and makes the plain ones."""

from __future__ import annotations

from functools import cache
from itertools import chain, islice

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import sequence as sq
from rules.cards import deal_cards
from rules.errors import IllegalMove
from rules.fast import sequence_fair as fast
from rules.play import final_state, moves_of
from rules.players.sequence_fair import FairPlayer
from tests.support.decks import ranks

SAMPLES = 8  # few sampled orders keep the tests quick; the code paths are the same
DEALS = 200
PLAIN_SAMPLES = 64  # enough that a plain choice is plain to the sampling too


def wrapper_row(deal: int, samples: int) -> tuple[int, ...]:
    player = FairPlayer(deal, samples=samples)
    state = sq.new_game(sq.Options(), deal_cards(deal))
    result = sq.result(final_state(sq, state, player.choose))
    return (result.won, result.final_cards, result.moves)


@cache
def batch(count: int, samples: int) -> np.ndarray:
    """Deals 0..count-1 in one call of the batch kernel, kept: the split test below
    compares its parts with the same whole the wrapper's games are compared with (the
    fair level's batch of DEALS // 3 deals takes some 10 CPU-s)."""
    return fast.deal_results(0, count, samples)


@pytest.mark.parametrize(("samples", "deals"), [
    (0, DEALS), pytest.param(SAMPLES, DEALS // 3, marks=pytest.mark.slow)])
def test_the_wrapper_plays_the_batch_kernels_games(samples: int, deals: int) -> None:
    kernel = batch(deals, samples)
    assert fast.FIELDS == ("won", "final_cards", "moves")
    for deal in range(deals):
        assert tuple(int(v) for v in kernel[deal]) == wrapper_row(deal, samples), deal
    assert kernel[:, 0].any()  # some wins, so whole games are compared too


@pytest.mark.slow
def test_results_do_not_depend_on_how_the_deals_are_split() -> None:
    """The first 40 deals of one batch, and the same deals in batches of 13 and 27:
    the endgame's table a lane carries from game to game changes no result."""
    whole = batch(DEALS // 3, SAMPLES)[:40]
    parts = np.concatenate([fast.deal_results(0, 13, SAMPLES),
                            fast.deal_results(13, 27, SAMPLES)])
    assert (whole == parts).all()


@pytest.mark.slow
def test_a_table_left_by_earlier_games_changes_no_move() -> None:
    """The endgame's table carries over from game to game in a batch block; a search
    within a budget must not finish or give up by what it holds."""
    shared = FairPlayer(0, samples=SAMPLES)
    for deal in range(8):
        state = sq.new_game(sq.Options(), deal_cards(deal))
        fresh = FairPlayer(deal, samples=SAMPLES)
        player = FairPlayer(deal, samples=SAMPLES)
        player._table = shared._table  # what the games before left
        while not sq.is_over(state):
            move = player.choose(state)
            assert move == fresh.choose(state), (deal, state.moves)
            state = sq.apply(state, move)
        shared = player


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(0, 2**64 - 1), played=st.integers(0, 45), data=st.data())
@pytest.mark.slow
def test_the_move_depends_on_the_unseen_ranks_not_their_order(deal: int, played: int,
                                                             data: st.DataObject) -> None:
    quick = FairPlayer(deal, "quick")
    state = sq.new_game(sq.Options(), deal_cards(deal))
    for _, later in islice(moves_of(sq, state, quick.choose), played):
        state = later
    shuffled = data.draw(st.permutations(state.deck))
    other = sq.State(state.options, state.finals, state.storage, state.hand,
                     tuple(shuffled), state.moves)
    for player in (quick, FairPlayer(deal, samples=SAMPLES)):
        if not sq.is_over(state):
            assert player.choose(state) == player.choose(other)


@pytest.mark.parametrize("level", ["quick", "fair"])
def test_only_legal_moves_and_every_game_ends(level: str) -> None:
    for deal in range(5):
        player = FairPlayer(deal, level, samples=None if level == "quick" else SAMPLES)
        state = sq.new_game(sq.Options(), deal_cards(deal))
        while not sq.is_over(state):
            move = player.choose(state)
            assert move in sq.legal_moves(state)
            state = sq.apply(state, move)
        assert state.moves <= 2 * sq.PILES * sq.PILE_SIZE
        with pytest.raises(IllegalMove):
            player.choose(state)


@settings(max_examples=60, deadline=None)
@given(deal=st.integers(0, 2**64 - 1), played=st.integers(0, 60))
def test_the_fair_level_weighs_every_legal_move(deal: int, played: int) -> None:
    """Where the fair level samples, its options are the legal moves, the hand card
    to one empty storage pile standing for all; the quick level's are the choices its
    rule of thumb leaves, and where it does not sample, one of them."""
    from rules.fast.sequence import DONE, wants_of
    from rules.players.sequence_fair import move_of, seen

    state = sq.new_game(sq.Options(), deal_cards(deal))
    for _, later in islice(moves_of(sq, state, FairPlayer(deal, "quick").choose), played):
        state = later
    storage, heights, placed, hand, _ = seen(state)
    wants = np.zeros(DONE + 1, np.int64)
    wants_of(placed, wants)
    sources = np.empty(fast.MOST_OPTIONS, np.int64)
    targets = np.empty(fast.MOST_OPTIONS, np.int64)

    def listed(sampled: bool, every: bool) -> list[sq.Move]:
        count = fast.options(storage, heights, placed, hand, wants, sampled, every,
                             sources, targets)
        return [move_of(int(sources[k]), int(targets[k])) for k in range(count)]

    empties = [pile for pile, cards in enumerate(state.storage) if not cards]
    legal = [move for move in sq.legal_moves(state)
             if not (isinstance(move, sq.ToStorage) and move.pile in empties[1:])]
    assert sorted(map(repr, listed(True, True))) == sorted(map(repr, legal))
    choices, thumb = listed(True, False), listed(False, False)
    assert set(thumb) <= set(choices) <= set(legal)
    assert len(thumb) == (not sq.is_over(state))
    finals = [move for move in choices if isinstance(move, sq.ToFinal)]
    assert not finals or finals == choices  # a card that fits is played, not stored


def position(storage: list[list[int]], hand: int,
             finals: tuple[int, ...] = (0, 0, 0, 0)) -> sq.State:
    """A hand-built position, final pile p holding its first finals[p] ranks, the
    rest of the pack in the deck."""
    built = [[sq.rank_needed(p, j) or 0 for j in range(n)] for p, n in enumerate(finals)]
    deck = [r for r in range(1, 14) for _ in range(4)]
    for rank in [*chain(*built, *storage), hand]:
        deck.remove(rank)
    return sq.State(sq.Options(), tuple(ranks(*pile) for pile in built),
                    tuple(ranks(*pile) for pile in storage), ranks(hand)[0], ranks(*deck))


@pytest.mark.parametrize("level", ["quick", "fair"])
def test_plain_choices(level: str) -> None:
    player = FairPlayer(7, level, samples=None if level == "quick" else PLAIN_SAMPLES)
    # The hand ace fits final pile 1 and nothing else wants it.
    assert player.choose(position([[], [], [], []], 1)) == sq.ToFinal(None, 0)
    # Both the hand ace and a storage top fit: one goes to its final pile (the rule
    # of thumb plays the storage top first; the fair level weighs both, and may play
    # the hand card first to see the next card).
    both = player.choose(position([[9], [2], [], []], 1))
    assert both == sq.ToFinal(1, 1) or (level == "fair" and both == sq.ToFinal(None, 0))
    # A king joins the king, not the pile whose 5 final pile 1 wants soon.
    king = position([[13], [5], [12], [11]], 13, finals=(2, 0, 0, 0))
    assert player.choose(king) == sq.ToStorage(0)


def test_the_rule_of_thumb_covers_a_card_with_the_one_wanted_just_before_it() -> None:
    # Final pile 2 takes 8 right after 6: the 6 goes on the 8, to come off first.
    assert FairPlayer(0, "quick").choose(position([[13], [8], [], []], 6, (0, 1, 0, 0))
                                         ) == sq.ToStorage(1)


def test_an_unknown_level_is_refused_by_name() -> None:
    with pytest.raises(Exception, match="quick, fair, not 'clever'"):
        FairPlayer(0, "clever")
