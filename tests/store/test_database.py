"""The player's database: games and runs saved as rows, records read from them, the
old JSON files imported once, damaged files set aside, and several processes at once."""

from __future__ import annotations

import itertools
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire_tui.store.choices import Choices
from solitaire_tui.store.database import (
    DATA_DIR_VARIABLE,
    FILE_NAME,
    SCHEMA,
    Database,
    StoreError,
    data_dir,
)
from solitaire_tui.store.history import KEPT, Entry, History
from solitaire_tui.store.legacy import import_old_files
from solitaire_tui.store.records import Played, Record, Records

pytestmark = pytest.mark.engine_free

DEALS = itertools.count(1)


def game(won: bool, variant: str = "standard", key: str = "one-handed",
         counts: bool = True, deal: int | None = None) -> Played:
    """A finished game, of a deal of its own unless ``deal`` is given."""
    return Played(key, variant, next(DEALS) if deal is None else deal, None, won, "why", 3,
                  "player", counts)


def opened(directory: Path) -> tuple[Database, list[str]]:
    """A database in ``directory``, and what it told the player."""
    database = Database(directory)
    notices: list[str] = []
    database.listen(notices.append)
    import_old_files(database)
    return database, notices


def test_streaks_count_wins_in_a_row_and_keep_the_best() -> None:
    record = Record()
    for won in (True, True, False, True, True, True, False):
        record.add(won)
    assert (record.played, record.won, record.streak, record.best) == (7, 5, 0, 3)
    assert record.win_rate == pytest.approx(5 / 7)


def test_games_are_rows_and_records_are_read_from_them(tmp_path: Path) -> None:
    database, notices = opened(tmp_path / "deep")
    records = Records(database)
    for won in (True, True, False, True):
        records.add(game(won, "4 players", "relay"))
    records.add(game(False, "3 players", "relay"))
    records.add(game(True, "3 players", "relay", counts=False))  # a replay, say
    database.close()
    again = Records(Database(tmp_path / "deep"))
    assert again.record("relay", "4 players") == Record(4, 3, 1, 2)
    assert again.record("relay", "3 players") == Record(1, 0, 0, 0)
    assert (again.total("relay").played, again.total("relay").won) == (5, 3)
    assert notices == [] and (tmp_path / "deep" / FILE_NAME).exists()


def test_a_deal_finished_before_counts_once_however_late_it_is_written(
        tmp_path: Path) -> None:
    """A deal played to its end again is practice; the game's start decides it, and the
    row decides it again as it is written (the database may have been held by another
    program at the start, hiding the first game), for a deal and for a typed deck."""
    records = Records(Database(tmp_path))
    for won in (True, False):
        records.add(game(won, deal=5))
        records.add(Played("one-handed", "standard", None, "AS 2S", won, "", 3, "player",
                           True))
    records.add(game(True, "3 players", deal=5))  # another variant's deal 5 is another
    rows = records.database.read("SELECT deal, deck, variant, counts FROM games ORDER BY id")
    assert rows == [("5", None, "standard", 1), (None, "AS 2S", "standard", 1),
                    ("5", None, "standard", 0), (None, "AS 2S", "standard", 0),
                    ("5", None, "3 players", 1)]


def test_a_deal_past_2_to_the_63_is_kept_exactly(tmp_path: Path) -> None:
    database = Database(tmp_path)
    Records(database).add(Played("relay", "4 players", 2**64 - 1, None, True, "", None,
                                 "auto", True))
    (deal,) = database.connection.execute("SELECT deal FROM games").fetchone()
    assert int(deal) == 2**64 - 1


def test_the_history_keeps_the_newest_runs(tmp_path: Path) -> None:
    history = History(Database(tmp_path))
    assert history.entries == []
    for number in range(KEPT + 3):
        history.add(Entry({"game": "relay", "seed": number}, "2026-11-21 10:00:00",
                          [(number, [0])]))
    again = History(Database(tmp_path))
    assert len(again.entries) == KEPT
    assert again.entries[0].data["seed"] == KEPT + 2
    assert again.entries[0].curve == [(KEPT + 2, [0])]


def test_a_run_changed_by_another_program_is_left_out_with_a_notice(tmp_path: Path) -> None:
    database, notices = opened(tmp_path)
    history = History(database)
    history.add(Entry({"game": "relay"}, "first"))
    history.add(Entry({"game": "relay"}, "second"))
    with database.connection:
        database.connection.execute("UPDATE runs SET curve = '[[1e400, [1]]]'"
                                    " WHERE finished = 'first'")
    assert [entry.when for entry in history.entries] == ["second"]
    assert len(notices) == 1 and "first" in notices[0]


# --- the files of earlier releases ------------------------------------------------------

def test_the_old_files_are_imported_once_and_kept(tmp_path: Path) -> None:
    (tmp_path / "records.json").write_text(json.dumps({"format": 1, "games": {
        "relay": {"4 players": {"played": 10, "won": 6, "streak": 2, "best": 4}}}}))
    (tmp_path / "runs.json").write_text(json.dumps({"format": 1, "runs": [
        {"when": "newer", "run": {"game": "relay", "seed": 2}, "curve": [[5, [1]]]},
        {"when": "older", "run": {"game": "relay", "seed": 1}, "curve": []}]}))
    database, notices = opened(tmp_path)
    records = Records(database)
    assert notices == []
    assert records.record("relay", "4 players") == Record(10, 6, 2, 4)
    for won in (True, True, True):  # the old streak goes on
        records.add(game(won, "4 players", "relay"))
    assert records.record("relay", "4 players") == Record(13, 9, 5, 5)
    assert [entry.when for entry in History(database).entries] == ["newer", "older"]
    assert History(database).entries[0].curve == [(5, [1])]
    assert sorted(path.name for path in tmp_path.glob("*.json*")) == [
        "records.json.imported", "runs.json.imported"]
    database.close()
    (tmp_path / "records.json.imported").rename(tmp_path / "records.json")
    again, _ = opened(tmp_path)  # the same file again is not counted twice
    assert Records(again).record("relay", "4 players").played == 13


DAMAGED = {
    "random bytes": bytes(range(256)) * 4,
    "not json": b"{ this is not json",
    "games as a list": b'{"format": 1, "games": []}',
    "a newer format": b'{"format": 99, "games": {}}',
    "more won than played": b'{"format": 1, "games": {"relay": {"x": {"played": 1,'
                            b' "won": 5, "streak": 0, "best": 0}}}}',
    "a huge number": b'{"format": 1, "games": {"relay": {"x": {"played": 1e400,'
                     b' "won": 0, "streak": 0, "best": 0}}}}',
    "nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
    "empty": b"",
}


@pytest.mark.parametrize("name", ["records.json", "runs.json"])
@pytest.mark.parametrize("content", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_old_file_is_moved_aside_with_a_notice(
        tmp_path: Path, name: str, content: bytes) -> None:
    (tmp_path / name).write_bytes(content)
    database, notices = opened(tmp_path)
    assert len(notices) == 1 and "moved to" in notices[0]
    (aside,) = tmp_path.glob(f"{name}.damaged-*")
    assert aside.read_bytes() == content  # nothing the player had is lost
    Records(database).add(game(False))
    History(database).add(Entry({"game": "relay"}, "now"))
    assert Records(database).total("one-handed").played == 1
    assert [entry.data for entry in History(database).entries] == [{"game": "relay"}]


def test_an_old_run_with_a_curve_past_any_number_is_damage(tmp_path: Path) -> None:
    (tmp_path / "runs.json").write_text('{"format": 1, "runs": [{"when": "x", "run":'
                                        ' {"game": "relay"}, "curve": [[1e400, [1]]]}]}')
    _, notices = opened(tmp_path)
    assert "OverflowError" in notices[0] and "moved to" in notices[0]


# --- a damaged database -----------------------------------------------------------------

def damage(path: Path) -> None:
    """Overwrite the middle of a database file, as a failing disk might."""
    data = bytearray(path.read_bytes())
    data[len(data) // 3: len(data) // 3 + 4096] = b"\xff" * 4096
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["random bytes", "a damaged page", "a text file", "empty"])
def test_a_damaged_database_is_set_aside_and_a_new_one_started(
        tmp_path: Path, how: str) -> None:
    path = tmp_path / FILE_NAME
    if how == "a damaged page":
        database = Database(tmp_path)
        with database.writing("test rows") as connection:
            connection.executemany(
                "INSERT INTO games (game, variant, won, result, finished, how, counts)"
                " VALUES ('relay', ?, 1, '', '', 'player', 1)",
                [(f"variant {number}",) for number in range(3000)])
        database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        database.close()
        damage(path)
    elif how == "empty":
        path.write_bytes(b"")  # an empty file is a new database to SQLite: not damage
    else:
        path.write_bytes(os.urandom(10_000) if how == "random bytes" else b"records\n" * 99)
    before = path.read_bytes()
    database, notices = opened(tmp_path)
    Records(database).add(game(True))
    assert Records(database).total("one-handed").played == 1
    if how == "empty":
        assert notices == []
        return
    assert len(notices) == 1 and "moved to" in notices[0]
    (aside,) = tmp_path.glob(f"{FILE_NAME}.damaged-*")
    assert aside.read_bytes() == before


def test_a_database_from_a_newer_release_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {len(SCHEMA) + 1}")
    database, notices = opened(tmp_path)
    Records(database).add(game(True))  # kept in memory this session
    assert len(notices) == 1 and "newer" in notices[0] and "not be saved" in notices[0]
    assert list(tmp_path.iterdir()) == [path]


def test_a_directory_that_cannot_hold_the_database_keeps_the_session_in_memory(
        tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    database, notices = opened(tmp_path / "file" / "data")
    Records(database).add(game(True))
    assert Records(database).total("one-handed").played == 1
    assert len(notices) == 1 and "will not be saved" in notices[0]


def test_a_write_that_fails_is_one_sentence(tmp_path: Path) -> None:
    database = Database(tmp_path)
    database.connection.execute("DROP TABLE games")
    with pytest.raises(StoreError, match=r"^This game could not be saved \(.*\)\.$"):
        Records(database).add(game(True))


def test_the_data_directory_can_be_chosen(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    assert data_dir() == tmp_path
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    assert "solitaire-tui" in str(data_dir()) and os.fspath(data_dir()) != os.fspath(tmp_path)


# --- several processes ------------------------------------------------------------------

WRITER = """
import os, sys
from pathlib import Path
from solitaire_tui.store.database import Database
from solitaire_tui.store.legacy import import_old_files
from solitaire_tui.store.records import Played, Records

directory, name, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
database = Database(directory)
import_old_files(database)
records = Records(database)
print("ready", flush=True)
first = int.from_bytes(os.urandom(6)) * count  # deals of its own: each game counts
for number in range(count):
    records.add(Played("relay", name, first + number, None, number % 2 == 0, "", None,
                       "auto", True))
database.listen(lambda text: print("notice:", text, flush=True))  # why, if any was lost
"""


def writers(directory: Path, count: int, *names: str) -> list[subprocess.Popen[str]]:
    return [subprocess.Popen([sys.executable, "-c", WRITER, str(directory), name, str(count)],
                             stdout=subprocess.PIPE, text=True) for name in names]


@pytest.mark.integration
def test_two_processes_writing_500_games_each_keep_all_1000(tmp_path: Path) -> None:
    (tmp_path / "records.json").write_text(json.dumps({"format": 1, "games": {
        "relay": {"a": {"played": 1, "won": 1, "streak": 1, "best": 1}}}}))
    processes = writers(tmp_path, 500, "a", "b")
    for process in processes:
        said, _ = process.communicate(timeout=300)
        assert process.returncode == 0 and "notice:" not in said, said
    records = Records(Database(tmp_path))
    # Imported once; the auto-played wins are the ones with help.
    assert records.record("relay", "a") == Record(501, 251, 0, 2, helped=250)
    assert records.record("relay", "b") == Record(500, 250, 0, 1, helped=250)
    assert list(tmp_path.glob("*.tmp")) == []


@pytest.mark.integration
def test_kills_during_writes_lose_no_committed_game(tmp_path: Path) -> None:
    kept = 0
    for _ in range(8):
        (process,) = writers(tmp_path, 100_000, "killed")
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
        time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait()
        database, notices = opened(tmp_path)
        (check,) = database.connection.execute("PRAGMA integrity_check").fetchone()
        rows = database.connection.execute("SELECT count(*) FROM games").fetchone()[0]
        assert (check, notices) == ("ok", [])
        assert Records(database).total("relay").played == rows >= kept
        kept = rows
        database.close()
    assert sorted(path.name for path in tmp_path.iterdir() if "damaged" in path.name) == []


def test_a_choice_of_options_is_kept_replaced_and_read_by_another_window(
        tmp_path: Path) -> None:
    one, two = Database(tmp_path), Database(tmp_path)
    assert Choices(one).get("relay") is None
    Choices(one).put("relay", {"players": 4})
    Choices(one).put("relay", {"players": 7})
    assert Choices(two).get("relay") == {"players": 7}
    two.connection.execute("UPDATE choices SET options = 'not json' WHERE game = 'relay'")
    assert Choices(one).get("relay") is None  # changed by another program: asked again


@pytest.mark.parametrize(("free", "said"), [(0, "database or disk is full"),
                                            (1 << 30, "disk I/O error")])
def test_a_write_that_found_no_room_is_called_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, free: int, said: str) -> None:
    """SQLite says "disk I/O error" when its log or shared memory, not the database,
    finds no room; the player is told what it is where the folder is out of room."""
    from types import SimpleNamespace

    from solitaire_tui.store import database

    monkeypatch.setattr(database.shutil, "disk_usage", lambda folder: SimpleNamespace(free=free))
    store = Database(tmp_path)
    with pytest.raises(StoreError) as caught, store.writing("Your game"):
        raise sqlite3.OperationalError("disk I/O error")
    assert caught.value.reason == said
    assert str(caught.value) == f"Your game could not be saved ({said})."
    store.close()
