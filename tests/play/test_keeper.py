"""The game in play kept as it goes: saved after a change once it is shown, dropped
when over, and a failure told once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules import one_handed
from solitaire_tui.decks import numbered
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.play.keeper import Keeper
from solitaire_tui.play.table import GameTable
from solitaire_tui.store import unfinished as unfinished_module
from solitaire_tui.store.database import StoreError
from solitaire_tui.store.records import Records
from solitaire_tui.store.unfinished import MOST_KEPT, MOST_LISTED, Unfinished

pytestmark = pytest.mark.engine_free


class Later:
    """The screen's ``call_after_refresh``: what is due runs when the test says."""

    def __init__(self) -> None:
        self.due: list[Callable[[], None]] = []

    def __call__(self, work: Callable[[], None]) -> None:
        self.due.append(work)

    def run(self) -> None:
        due, self.due = self.due, []
        for work in due:
            work()


def keeper_of(records: Records) -> tuple[GameTable[Any, Any], Keeper, Later, list[str]]:
    game = GAMES_BY_KEY["one-handed"]
    table = game.table()(game, records, numbered(3), None)
    later, told = Later(), []
    return table, Keeper(Unfinished(records.database), table, later, told.append), later, told


def move(table: GameTable[Any, Any]) -> None:
    table.session.play(one_handed.legal_moves(table.session.state)[0])


def test_a_change_is_saved_once_shown_and_dropped_when_thrown_away(records: Records) -> None:
    table, keeper, later, told = keeper_of(records)
    unfinished = Unfinished(records.database)
    keeper.soon()
    assert later.due == []  # no game in play, no row: nothing to do
    move(table)
    keeper.soon()
    keeper.soon()  # one save for the changes before it runs
    assert len(later.due) == 1 and unfinished.listed() == []
    later.run()
    assert [kept.slot for kept in unfinished.listed()] == [keeper.slot] and keeper.kept_row
    table.start(numbered(4))
    keeper.soon()
    later.run()
    assert unfinished.listed() == [] and not keeper.kept_row and told == []


def test_a_failed_save_is_told_once_and_tried_again(records: Records,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    table, keeper, later, told = keeper_of(records)

    def full(*_: object) -> None:
        raise StoreError("the disk is full")

    monkeypatch.setattr(Unfinished, "put", full)
    for _ in range(2):
        move(table)
        keeper.soon()
        later.run()
    assert told == ["the disk is full"] and not keeper.saved
    assert keeper.leaving("One-Handed Solitaire").endswith("and is not kept")
    monkeypatch.undo()
    move(table)
    keeper.soon()
    later.run()
    assert keeper.saved and keeper.leaving("One-Handed Solitaire").endswith(
        "the menu offers it to resume")


@pytest.mark.parametrize(("data", "said"), [
    ('{"variant": "standard", "deal": 7, "deck": null, "options": null, "names": null,'
     ' "line": [0], "flags": {}}', "in a way this one cannot read"),
    ("{not json", "not the text this app writes"),
    ('{"variant": "standard", "deal": true, "deck": null, "options": null, "names": [],'
     ' "line": [], "flags": {}}', "a field of the wrong kind"),
    ('{"variant": 3, "deal": 7, "deck": null, "options": null, "names": [], "line": [],'
     ' "flags": {}}', "a field of the wrong kind"),
])
def test_a_kept_game_that_cannot_be_read_is_dropped_with_a_notice_in_words(
        records: Records, data: str, said: str) -> None:
    database = records.database
    told: list[str] = []
    database.listen(told.append)
    with database.writing("a damaged row") as connection:
        connection.execute("INSERT INTO unfinished (slot, game, changed, data)"
                           " VALUES (?, ?, ?, ?)", ("slot", "one-handed", 1.0, data))
    assert Unfinished(database).listed() == []
    (notice,) = told
    assert said in notice and "NoneType" not in notice and "subscriptable" not in notice
    assert Unfinished(database).listed() == [] and len(told) == 1  # dropped, told once


def kept_game(slot: str, game: str, changed: float) -> tuple[str, str, float, str]:
    data = ('{"variant": "standard", "deal": 7, "deck": null, "options": null,'
            ' "names": ["<Move.DRAW: \'draw\'>"], "line": [0], "flags": {}}')
    return slot, game, changed, data


def test_the_menu_reads_only_the_newest_kept_games_and_old_ones_are_pruned(
        records: Records, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store an older release filled without bound: the menu's list reads the
    newest few rows, and pruning leaves each game its newest ``MOST_KEPT``."""
    database = records.database
    rows = [kept_game(f"a{n}", "one-handed", float(n)) for n in range(20_000)]
    rows += [kept_game(f"b{n}", "relay", 30_000.0 + n) for n in range(3)]
    with database.writing("many kept games") as connection:
        connection.executemany("INSERT INTO unfinished (slot, game, changed, data)"
                               " VALUES (?, ?, ?, ?)", rows)
    read: list[str] = []
    real = unfinished_module._kept

    def counted_kept(slot: str, *rest: Any) -> Any:
        read.append(slot)
        return real(slot, *rest)

    monkeypatch.setattr(unfinished_module, "_kept", counted_kept)
    listed = Unfinished(database).listed()
    assert len(read) == len(listed) == MOST_LISTED
    assert [kept.slot for kept in listed[:4]] == ["b2", "b1", "b0", "a19999"]
    Unfinished(database).prune()
    left = database.read("SELECT game, count(*), min(changed) FROM unfinished GROUP BY game"
                         " ORDER BY game")
    assert left == [("one-handed", MOST_KEPT, 20_000.0 - MOST_KEPT), ("relay", 3, 30_000.0)]


def test_keeping_one_more_game_drops_the_oldest_of_that_game(records: Records) -> None:
    database = records.database
    with database.writing("kept games") as connection:
        connection.executemany("INSERT INTO unfinished (slot, game, changed, data)"
                               " VALUES (?, ?, ?, ?)",
                               [kept_game(f"a{n}", "one-handed", float(n))
                                for n in range(MOST_KEPT)])
    table, keeper, later, _ = keeper_of(records)
    move(table)
    keeper.soon()
    later.run()
    slots = {slot for (slot,) in database.read("SELECT slot FROM unfinished")}
    assert len(slots) == MOST_KEPT and keeper.slot in slots and "a0" not in slots
