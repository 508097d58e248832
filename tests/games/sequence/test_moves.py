"""Sequence moves in words and keys, without Textual: what a hint says, and the keys
that make the move it names."""

from __future__ import annotations

import pytest

from rules import sequence
from rules.cards import deal_cards
from rules.play import moves_of
from rules.players.sequence import GreedyPlayer
from rules.sequence import ToFinal, ToStorage
from solitaire_tui.games.family.moves import listed
from solitaire_tui.games.sequence.moves import describe, keys_for, move_text

pytestmark = pytest.mark.engine_free


def positions(deal: int) -> list[tuple[sequence.State, sequence.Move]]:
    """Each position of deal ``deal`` played by the greedy player, with its move."""
    state = sequence.new_game(sequence.Options(), deal_cards(deal))
    seen = []
    for move, after in moves_of(sequence, state, GreedyPlayer().choose):
        seen.append((state, move))
        state = after
    return seen


def test_the_keys_of_a_move_name_its_source_and_a_pile_only_when_asked() -> None:
    for deal in range(30):
        for state, move in positions(deal):
            keys = keys_for(state, move)
            if isinstance(move, ToStorage):
                assert keys == (str(move.pile + 1),)
                continue
            assert keys[0] == ("f" if move.source is None else "s")
            card = sequence.card_moved(state, move)
            asked = len(sequence.fitting_piles(state, card)) > 1
            assert keys[-1] == str(move.pile + 1) if asked else len(keys) == 1 + (
                move.source is not None)


def test_a_hint_names_the_card_where_it_goes_and_the_keys() -> None:
    state, move = positions(0)[0]
    card = sequence.card_moved(state, move).glyph
    text = describe(state, move)
    assert card in text and " ".join(keys_for(state, move)) in text
    assert move_text(state, move).endswith(str(move))


def test_piles_are_listed_as_people_count_them() -> None:
    assert listed((0,)) == "1"
    assert listed((0, 2, 3)) == "1, 3 and 4"


def test_a_final_pile_move_from_storage_is_named_by_its_pile() -> None:
    for deal in range(30):
        for state, move in positions(deal):
            if isinstance(move, ToFinal) and move.source is not None:
                assert f"storage pile {move.source + 1}" in describe(state, move)
                return
    raise AssertionError("no deal played a storage card to a final pile")
