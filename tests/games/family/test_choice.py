"""What a key or click means in a game of the Calculation family, from the card
chosen: plain, without a screen."""

from __future__ import annotations

import pytest

from rules import sequence
from rules.cards import deal_cards
from rules.sequence import ToFinal, ToStorage
from solitaire_tui.games.family.choice import (
    CHOOSE_FIRST,
    LET_GO,
    NOT_TO_STORAGE,
    PICK,
    Choice,
)

pytestmark = pytest.mark.engine_free

START = sequence.new_game(sequence.Options(), deal_cards(1))


def test_with_nothing_chosen_a_click_picks_a_card_or_asks_for_one_first() -> None:
    choice = Choice()
    assert choice.clicked("hand", 0) == PICK
    assert choice.clicked("storage", 2) == PICK
    assert choice.clicked("final", 1) == CHOOSE_FIRST


def test_the_hand_card_chosen_goes_to_a_final_or_a_storage_pile() -> None:
    choice = Choice()
    choice.choose(None)
    assert choice.clicked("final", 3) == ToFinal(None, 3)
    assert choice.clicked("storage", 1) == ToStorage(1)
    assert choice.clicked("hand", 0) == LET_GO


def test_a_storage_card_chosen_goes_only_to_a_final_pile() -> None:
    choice = Choice()
    choice.choose(2)
    assert choice.clicked("final", 0) == ToFinal(2, 0)
    assert choice.clicked("storage", 0) == NOT_TO_STORAGE
    assert choice.clicked("storage", 2) == LET_GO
    assert choice.clicked("hand", 0) == PICK  # the hand card instead


def test_a_question_holds_back_the_moves_until_it_is_answered_or_cancelled() -> None:
    choice = Choice()
    assert choice.allows("hand_to_final", START, over=False)
    # Nothing in storage yet: shown, not usable (None), as it comes and goes with moves.
    assert choice.allows("from_storage", START, over=False) is None
    assert choice.allows("answer", START, over=False) is False
    assert not choice.allows("cancel", START, over=False)
    choice.ask("storage")
    assert choice.allows("hand_to_final", START, over=False) is False  # hidden: a question
    assert choice.allows("answer", START, over=False) and choice.allows("cancel", START, False)
    choice.let_go()
    assert choice.allows("store", START, over=True) is False  # the game is over
