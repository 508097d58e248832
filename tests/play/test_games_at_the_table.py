"""What two games keep at the table beside the moves: Add/Residue's seats and turns,
Sequence's helper and peeking."""

from __future__ import annotations

import pytest

from rules import add_residue, sequence
from rules.add_residue import Move, Pile
from rules.play import final_state
from rules.players.sequence import player
from solitaire_tui.decks import numbered
from solitaire_tui.games.add_residue.cursor import Cursor
from solitaire_tui.games.add_residue.play import AddResidueTable
from solitaire_tui.games.add_residue.seating import Seat, Seating
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.games.sequence.play import SequenceTable
from solitaire_tui.store.records import Records
from solitaire_tui.store.unfinished import Damaged

ANN_AND_TWO = Seating((Seat("Ann"), Seat("Bea", "greedy"), Seat("Cal", "random")), 5)


def seated(records: Records, table: Seating | None = ANN_AND_TWO) -> AddResidueTable:
    game = GAMES_BY_KEY["add-residue"]
    made = game.table()(game, records, None, table)
    assert isinstance(made, AddResidueTable)
    return made


def computers_move(table: AddResidueTable) -> None:
    while table.computer_to_move():
        state = table.session.state
        table.session.play(table.players[state.to_move].choose(state))


def test_undo_goes_back_to_the_persons_turn_over_the_computers(records: Records) -> None:
    table = seated(records)
    assert table.person_to_move() and table.allows("undo") is None  # dimmed
    table.session.play(add_residue.legal_moves(table.session.state)[0])
    assert table.computer_to_move() and table.allows("hint") is None  # a person's turn waits
    computers_move(table)
    assert table.session.state.turn == 3 and table.undo_steps() == 3
    assert table.undo() and table.session.state.turn == 0 and table.person_to_move()
    assert table.redo() and table.session.state.turn == 3  # over the computers again


def test_the_seed_goes_with_a_game_kept_and_the_table_is_its_variant(
        records: Records) -> None:
    table = seated(records)
    assert table.variant == ANN_AND_TWO.variant and table.allows("speed") is True
    table.session.play(add_residue.legal_moves(table.session.state)[0])
    kept = table.kept("slot")
    assert kept is not None and kept.flags["seed"] == table.seed
    again = seated(records)
    again.take(kept)
    assert again.seed == table.seed
    for seed in (-1, True, "7"):  # JSON's true is no seed 1
        with pytest.raises(Damaged, match="seed"):
            seated(records).take(type(kept)(**{**kept.__dict__, "flags": {
                **kept.flags, "seed": seed}}))


def test_a_table_of_people_only_is_nobodys_record_and_a_shared_top_is_a_tie(
        records: Records) -> None:
    people = seated(records, Seating((Seat("Ann"), Seat("Ben")), 3))
    assert people.records_variant is None and people.allows("speed") is False
    moves = [Move(Pile.ADD, 1), Move(Pile.ADD, 1), Move(Pile.MOD, 2), Move(Pile.MOD, 2),
             Move(Pile.ADD, 3), Move(Pile.ADD, 3), Move(Pile.MOD, 1), Move(Pile.MOD, 1)]
    for move in moves:
        people.session.play(move)
    while not people.session.is_over:
        people.session.play(add_residue.legal_moves(people.session.state)[0])
    ending = people.ending()
    assert ending is not None
    result = add_residue.result(people.session.state)
    shared = len(result.winners) > 1
    assert ending.headline == ("TIE" if shared else "WON")
    assert people.played(ending).counts is False  # nobody's own record


def test_set_up_options_only_prefill_a_table_that_is_asked_for(records: Records) -> None:
    asked = seated(records, None)
    assert not asked.chosen and not asked.seated
    prefilled = GAMES_BY_KEY["add-residue"].table()(
        GAMES_BY_KEY["add-residue"], records, None, add_residue.Options(3, 7))
    assert isinstance(prefilled, AddResidueTable)
    assert prefilled.asked_for and not prefilled.chosen
    assert (len(prefilled.seating.seats), prefilled.seating.n) == (3, 7)


def test_each_persons_cursor_comes_back_at_their_turn() -> None:
    start = add_residue.new_game(add_residue.Options(2, 5))
    cursor = Cursor()
    cursor.place(start, start, 2)
    assert cursor.at == (Pile.ADD, 1)
    assert cursor.to_pile(start, Pile.MOD) and cursor.digit(4, 5) and cursor.at == (Pile.MOD, 4)
    first = add_residue.apply(start, Move(Pile.MOD, 4))
    cursor.place(start, first, 2)  # Ben's turn: his own cursor, at first the first chip
    assert cursor.at == (Pile.ADD, 1) and cursor.typed is None
    second = add_residue.apply(first, Move(Pile.ADD, 1))
    cursor.place(start, second, 2)  # Ann's again: where she left it, 4 used up
    assert cursor.at[0] is Pile.MOD and cursor.at[1] in (3, 5)
    assert not cursor.digit(9, 5) and cursor.typed is None
    cursor.place(add_residue.new_game(add_residue.Options(2, 5)), second, 2)  # a new game
    assert cursor.turn == second.turn


def test_two_digits_make_one_number_within_the_piles() -> None:
    cursor = Cursor()
    assert cursor.digit(1, 13) and cursor.more_digits(13)
    assert cursor.digit(2, 13) and cursor.at[1] == 12 and not cursor.more_digits(13)
    assert cursor.erase() and cursor.at[1] == 1
    assert not cursor.erase() and cursor.typed is None


def sequence_table(records: Records, deal: int = 1) -> SequenceTable:
    game = GAMES_BY_KEY["sequence"]
    table = game.table()(game, records, numbered(deal), None)
    assert isinstance(table, SequenceTable)
    return table


def test_a_game_peeked_at_counts_toward_no_record_even_when_resumed(
        records: Records) -> None:
    table = sequence_table(records)
    assert table.hint_player().part == GAMES_BY_KEY["sequence"].HINT_PART
    said = table.use_helper("peek")
    assert "counts toward no record" in said and table.peeked
    assert table.hint_player().part == GAMES_BY_KEY["sequence"].PEEK_PART
    assert table.uncounted == "You peeked" and table.how == "help"
    table.session.play(sequence.legal_moves(table.session.state)[0])
    kept = table.kept("slot")
    assert kept is not None
    again = sequence_table(records)
    again.take(kept)
    assert (again.helper, again.peeked, again.uncounted) == ("peek", True, "You peeked")
    again.use_helper("fair")
    again.start(numbered(2))  # a new deal with a fair helper counts again
    assert not again.peeked and again.uncounted is None
    with pytest.raises(Damaged):
        sequence_table(records).take(type(kept)(**{**kept.__dict__, "flags": {
            **kept.flags, "helper": "oracle"}}))


def test_the_quick_helper_plays_sequence_to_the_end_the_rules_reach(
        records: Records) -> None:
    table = sequence_table(records, 4)
    table.use_helper("quick")
    assert "counts toward no record" not in table.use_helper("quick")
    line = []
    state = table.session.state
    while (move := table.hint_player().hint(state)) is not None:
        line.append(move)
        state = sequence.apply(state, move)
    assert sequence.is_over(state)
    assert state == final_state(sequence, table.session.start, player("quick", 4).choose)
