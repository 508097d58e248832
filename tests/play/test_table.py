"""A game at the table without a screen: played, helped, auto played, finished,
recorded, kept unfinished and taken up again, on real deals through the rules."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules import hit_or_miss, one_handed, relay
from rules.errors import IllegalMove
from rules.hit_or_miss import Options, PassOrder
from rules.play import final_state
from rules.words import sentence_start
from solitaire_tui.decks import numbered
from solitaire_tui.games.registry import GAMES, GAMES_BY_KEY
from solitaire_tui.play.hints import hint_moves
from solitaire_tui.play.mode import Mode
from solitaire_tui.play.table import STANDARD, GameTable, kept_deck
from solitaire_tui.play.words import again_keys, status, thrown_away, title
from solitaire_tui.replay import Replay
from solitaire_tui.store.records import Record, Records
from solitaire_tui.store.unfinished import Damaged

pytestmark = pytest.mark.engine_free

ONE_HANDED = GAMES_BY_KEY["one-handed"]
HIT_OR_MISS = GAMES_BY_KEY["hit-or-miss"]


def table_of(records: Records, key: str = "one-handed", deal: int = 7,
             options: Any = None) -> GameTable[Any, Any]:
    game = GAMES_BY_KEY[key]
    return game.table()(game, records, numbered(deal) if game.USES_DECK else None, options)


def played_out(table: GameTable[Any, Any]) -> None:
    """Every move the player's, chosen as the hint player would."""
    for move in list(hint_moves(table.rules, table.hint_player().hint, table.session.state)):
        table.session.play(move)


def test_a_game_played_by_the_player_counts_and_is_written_once(records: Records) -> None:
    table = table_of(records)
    assert not table.in_play and table.how == "player"
    table.session.play(one_handed.legal_moves(table.session.state)[0])
    assert table.in_play and table.ending() is None
    played_out(table)
    ending = table.ending()
    assert ending is not None and ending.first and not table.in_play
    end = final_state(one_handed, table.session.start)
    assert (ending.won, ending.headline) == (one_handed.result(end).won,
                                             "WON" if one_handed.result(end).won else "GAME OVER")
    row = table.played(ending)
    assert (row.game, row.variant, row.deal, row.how, row.counts) == (
        "one-handed", STANDARD, 7, "player", True)
    assert row.score == one_handed.result(end).cards_left
    records.add(row)
    again = table.ending()
    assert again is not None and not again.first  # its row is written only once
    assert table.standing() == sentence_start(records.record('one-handed', STANDARD).summary())


def test_a_game_auto_play_finished_counts_and_says_how(records: Records) -> None:
    """One-Handed has no choices: auto play's game is the one the player's keys would
    have played, so it counts; the row says how it was played."""
    table = table_of(records)
    table.ledger.helped = True
    assert table.how == "help" and table.uncounted is None
    line = list(hint_moves(table.rules, table.hint_player().hint, table.session.state))
    played, refused = table.play_line(line)
    assert (played, refused) == (len(line), None) and table.session.is_over
    ending = table.ending()
    assert ending is not None
    row = table.played(ending)
    assert (row.how, row.counts) == ("auto", True)
    records.add(row)
    assert table.standing() is not None and "Played 1" in table.standing()
    assert "with help" not in table.standing()  # no choices: nothing to say apart


def test_wins_with_help_are_counted_apart_where_there_are_choices() -> None:
    record = Record()
    for won, helped in ((True, False), (True, True), (False, True), (True, False)):
        record.add(won, helped)
    assert (record.played, record.won, record.helped, record.streak) == (4, 3, 1, 1)
    assert record.summary(apart=True) == (
        "played 4, won 3 (75%), 1 with help; streak 1, best 2")
    assert "with help" not in record.summary()


def test_a_line_the_rules_refuse_stops_at_the_refused_move(records: Records) -> None:
    table = table_of(records, "hit-or-miss", 3)
    state = table.session.state
    right = hit_or_miss.correct_call(state)
    wrong = next(call for call in hit_or_miss.Call if call is not right)
    played, refused = table.play_line([right, wrong])
    assert played == 1 and isinstance(refused, IllegalMove)
    assert len(table.session.moves) == 1 and table.ledger.auto


def test_a_deal_played_to_its_end_before_is_practice(records: Records) -> None:
    first = table_of(records, deal=11)
    played_out(first)
    ending = first.ending()
    assert ending is not None
    records.add(first.played(ending))
    again = table_of(records, deal=11)
    assert again.uncounted == "Practice on a deal played to its end before"
    other = table_of(records, deal=12)
    assert other.uncounted is None
    other.start(numbered(11))  # the same deal chosen again
    assert other.uncounted is not None and not other.ledger.helped


def test_a_replay_is_never_in_play_and_counts_toward_no_record(records: Records) -> None:
    table = table_of(records, "relay", 5, relay.Options(3))
    replay = Replay("relay", numbered(5), relay.Options(3), None, "deal 5")
    table.load(replay)
    assert table.mode is Mode.LOADING and table.allows("undo") is None
    line = [move for move in hint_moves(table.rules, table.hint_player().hint, table.session.start)]
    assert not table.loaded(Replay("relay", numbered(5), None, None, "another"), line)
    assert table.loaded(replay, line)
    assert table.mode is Mode.PLAYING and table.session.can_redo and not table.session.moves
    while table.session.redo():
        pass
    assert table.session.is_over and not table.in_play and table.kept("slot") is None
    ending = table.ending()
    assert ending is not None
    assert (table.played(ending).how, table.played(ending).counts) == ("replay", False)
    assert "replay of deal 5" in title(table)
    table.start(numbered(6))
    assert table.replaying is None and table.uncounted is None


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_game_kept_unfinished_is_taken_up_where_it_was(records: Records, game: Any) -> None:
    table = table_of(records, game.key, 21)
    for _ in range(3):
        table.session.play(table.rules.legal_moves(table.session.state)[0])
    table.ledger.helped = True
    kept = table.kept("slot")
    assert kept is not None and kept.flags["helped"] is True
    again = game.table()(game, records, kept_deck(game, kept),
                         game.OPTIONS.decode(json.loads(json.dumps(kept.options)), None))
    again.take(kept)
    assert again.session.state == table.session.state and again.how == "help"
    assert again.session.undo()  # each move taken back one at a time
    assert status(again) != status(table)


def test_a_kept_game_with_damaged_flags_or_no_moves_left_is_refused(records: Records) -> None:
    table = table_of(records)
    table.session.play(one_handed.legal_moves(table.session.state)[0])
    kept = table.kept("slot")
    assert kept is not None
    for flags in ({"helped": "yes", "auto": False, "practice": False}, {}):
        with pytest.raises(Damaged):
            table_of(records).take(type(kept)(**{**kept.__dict__, "flags": flags}))
    played_out(table)
    over = type(kept)(**{**kept.__dict__, "moves": tuple(repr(m) for m in table.session.moves)})
    with pytest.raises(Damaged, match="over"):
        table_of(records).take(over)


def test_hit_or_miss_seeds_each_deal_with_its_own_number(records: Records) -> None:
    table = table_of(records, "hit-or-miss", 40, Options(2, PassOrder.SHUFFLED, seed=9))
    assert table.options.seed == 9  # options given with the deck keep theirs (--seed)
    table.start(numbered(41))
    assert table.options.seed == numbered(41).seed
    assert table.variant == "two-strike, shuffled order"


def test_the_shared_actions_follow_the_mode_and_what_the_game_offers(
        records: Records) -> None:
    table = table_of(records)
    assert table.allows("options") is False and table.allows("choose_deal") is True
    assert table.allows("undo") is None and table.allows("hint") is True  # shown, dimmed
    table.mode = Mode.FINISHING
    assert table.allows("finish") is True and table.allows("undo") is None
    relay_table = table_of(records, "relay")
    assert relay_table.allows("options") is True
    assert "New deal" not in again_keys(relay_table) and "deal" in again_keys(relay_table)


def test_what_starting_again_throws_away_is_said_only_for_a_game_in_play(
        records: Records) -> None:
    table = table_of(records)
    assert thrown_away(table) is None
    table.session.play(one_handed.legal_moves(table.session.state)[0])
    assert thrown_away(table) == ("the One-Handed Solitaire game in play is not over, and"
                                  " will not be kept")
    table.session.play(one_handed.legal_moves(table.session.state)[0])
    table.session.restart()  # undone to the start: not in play, but redo holds it
    assert not table.in_play
    assert thrown_away(table) == "the 2 moves taken back, which U plays again, will be lost"
    table.session.redo()
    assert thrown_away(table) == (
        "the One-Handed Solitaire game in play is not over, and will not be kept, nor the 1"
        " move taken back, which U plays again")
    table.session.redo()
    assert thrown_away(table) == ("the One-Handed Solitaire game in play is not over, and"
                                  " will not be kept")


def test_a_saved_seed_must_be_a_number() -> None:
    with pytest.raises(TypeError):
        HIT_OR_MISS.OPTIONS.decode({"variant": "unlimited", "order": "same", "seed": True},
                                   None)
    assert HIT_OR_MISS.OPTIONS.decode({"variant": "unlimited", "order": "same", "seed": 3},
                                      None).seed == 3


def test_options_kept_by_an_older_release_are_passed_over(records: Records) -> None:
    table = table_of(records, "hit-or-miss", 5)
    assert table.remembered(None) is None
    assert table.remembered({"variant": "no-such-variant"}) is None
    chosen = table.remembered({"variant": "strikes=1", "order": "reversed"})
    assert chosen == Options(1, PassOrder.REVERSED, seed=numbered(5).seed)
