"""Several processes on one data folder, in real processes: opening a new folder at
the same instant, a kill right after a finished game while the database is held, one
owner for each pending file, a kept game resumed in two windows at once, the command
line's run when the database cannot be written, and a write-ahead log that stays small."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from solitaire_tui.cli import main
from solitaire_tui.store import database as database_module
from solitaire_tui.store import pending
from solitaire_tui.store.database import FILE_NAME, WAL_LIMIT, Database
from solitaire_tui.store.history import Entry, History
from solitaire_tui.store.saving import Now
from solitaire_tui.store.unfinished import Kept, Unfinished, keeping
from tests.support.store import Held, Opened, game, rows, waiting_files

ROOT = Path(__file__).parents[2]

OPENER = """
import sys
from pathlib import Path
from solitaire_tui.store.database import Database
from solitaire_tui.store.records import Played, Records

directory, deal = Path(sys.argv[1]), int(sys.argv[2])
notices = []
print("ready", flush=True)
sys.stdin.readline()
database = Database(directory)
database.listen(notices.append)
Records(database).add(Played("relay", "a", deal, None, True, "", None, "auto", True))
print(database.saving, notices, flush=True)
"""


@pytest.mark.integration
def test_processes_opening_a_new_folder_at_once_each_keep_their_game(tmp_path: Path) -> None:
    """The switch to WAL of a new file is not under SQLite's busy handler: four
    processes switching at once found the file locked, and three kept their games in
    memory only. Each round opens a new folder, all four let go at the same instant."""
    rounds, each = 6, 4
    for round_ in range(rounds):
        folder = tmp_path / f"round-{round_}"
        processes = [subprocess.Popen([sys.executable, "-c", OPENER, str(folder),
                                       str(round_ * each + number)], cwd=ROOT, text=True,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE)
                     for number in range(each)]
        for process in processes:
            assert process.stdout is not None and process.stdout.readline() == "ready\n"
        for process in processes:  # the go as close together as the pipes allow
            assert process.stdin is not None
            process.stdin.write("\n")
            process.stdin.flush()
        for process in processes:
            said, _ = process.communicate(timeout=60)
            assert process.returncode == 0 and said == "True []\n", said
        assert len(rows(folder)) == each


KILLED = """
import sys, threading
from pathlib import Path
from solitaire_tui.store.kept import Store
from solitaire_tui.store.records import Played

store = Store(Path(sys.argv[1]), tell=lambda text: None, changed=lambda: None)
store.start(lambda work: threading.Thread(target=work, daemon=True).start())
store.records.add(Played("one-handed", "standard", int(sys.argv[2]), None, True, "", 3,
                         "player", True))
print(store.records.total("one-handed").played, flush=True)  # the banner counts it
threading.Event().wait()
"""


@pytest.mark.integration
def test_a_kill_right_after_a_finished_game_under_a_held_database_loses_nothing(
        tmp_path: Path) -> None:
    Opened(tmp_path).store.close()  # the database made
    deals = range(1, 6)
    held = Held(tmp_path / FILE_NAME, "wal")
    try:
        for deal in deals:
            process = subprocess.Popen([sys.executable, "-c", KILLED, str(tmp_path), str(deal)],
                                       cwd=ROOT, text=True, stdout=subprocess.PIPE)
            # The banner counts it, and the games of the windows killed before.
            assert process.stdout is not None and process.stdout.readline() == f"{deal}\n"
            process.send_signal(signal.SIGKILL)  # at once: the writer has not tried yet
            process.wait(30)
    finally:
        held.let_go()
    later = Opened(tmp_path)
    later.until(lambda: later.store.writer.idle and len(rows(tmp_path)) == len(deals))
    later.store.close()
    assert sorted(rows(tmp_path)) == [(str(deal),) for deal in deals]
    assert waiting_files(tmp_path) == []


def test_a_window_writes_only_the_files_of_windows_that_are_gone(tmp_path: Path) -> None:
    directory = tmp_path / pending.NAME
    live, starting = pending.Owner(directory), pending.Owner(directory)
    kept = Kept("e5f6", "one-handed", "standard", 4, None, None, ("deal",), {}, 2.0)
    name = live.keep(keeping(kept).pending or {})
    starting.take_over()  # its owner runs: not touched
    assert (directory / name).exists() and starting.folder is None
    assert [found for found, _ in pending.waiting(directory, print, (), starting)] == []
    folder = live.folder
    assert folder is not None
    (folder / f".{Path(name).name}.999999").write_text("{")  # a kill mid-write
    live.close()  # gone (as a kill lets go of its lock): its folder is taken over
    (directory / ".finished-0.json.999999").write_text("{")  # an earlier release's
    (directory / f".finished-1.json.{os.getpid()}").write_text("{")  # a live one's
    starting.take_over()
    assert not folder.exists() and starting.folder is not None
    taken = [found for found, _ in pending.waiting(directory, print, (), starting)]
    assert taken == [f"{starting.folder.name}/{Path(name).name}"]
    assert sorted(path.name for path in starting.folder.iterdir()) == [
        pending.LOCK, Path(name).name]  # the half-written file gone with the folder
    assert sorted(path.name for path in directory.glob(".*.json.*")) == [
        f".finished-1.json.{os.getpid()}"]
    starting.close()


def test_a_folder_being_made_is_left_to_its_maker_and_goes_once_it_is_gone(
        tmp_path: Path) -> None:
    """Between its making and its lock a process's folder is hidden and unlocked: a
    window taking over must not take it from a live maker, nor keep a dead one's."""
    directory = tmp_path / pending.NAME
    directory.mkdir()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    making = directory / f".{pending.OWNER}{os.getpid()}-abcd"  # this process makes it
    left = directory / f".{pending.OWNER}{gone.stdout.strip()}-abcd"  # its maker died
    making.mkdir()
    left.mkdir()
    (left / pending.LOCK).write_text("")
    other = pending.Owner(directory)
    other.take_over()
    assert making.exists() and not (making / pending.LOCK).exists()
    assert not left.exists()
    other.close()


KEEPER = """
import sys, threading
from pathlib import Path
from solitaire_tui.store import pending
from solitaire_tui.store.unfinished import Kept, keeping

owner = pending.Owner(Path(sys.argv[1]))
owner.keep(keeping(Kept("a7b8", "one-handed", "standard", 4, None, None, ("deal",), {},
                        5.0)).pending)
print("kept", flush=True)
threading.Event().wait()
"""


def test_a_killed_window_s_files_are_taken_over_and_its_lock_cannot_be_mistaken(
        tmp_path: Path) -> None:
    directory = tmp_path / pending.NAME
    process = subprocess.Popen([sys.executable, "-c", KEEPER, str(directory)], cwd=ROOT,
                               text=True, stdout=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline() == "kept\n"
    other = pending.Owner(directory)
    other.take_over()
    assert other.folder is None  # alive: its lock is held
    process.kill()
    process.wait(30)
    other.take_over()
    assert other.folder is not None and len(list(other.folder.glob("slot-*.json"))) == 1
    other.close()


def test_an_older_position_is_never_written_over_a_newer_one(tmp_path: Path) -> None:
    database = Database(tmp_path)
    saver = Now(database)
    newer = Kept("c1d2", "one-handed", "standard", 4, None, None, ("deal", "draw"), {}, 20.0)
    saver.save(keeping(newer))
    saver.save(keeping(Kept("c1d2", "one-handed", "standard", 4, None, None, ("deal",), {},
                            10.0)))  # a pending file written late
    assert [kept.moves for kept in Unfinished(database).listed()] == [("deal", "draw")]
    database.close()


@pytest.mark.parametrize("held", [False, True])
def test_two_windows_resuming_one_kept_game_do_not_both_have_it(
        tmp_path: Path, held: bool) -> None:
    earlier = Opened(tmp_path)
    earlier.store.unfinished.put(Kept("f0e1", "one-handed", "standard", 4, None, None,
                                      ("deal",), {}))
    earlier.until(lambda: earlier.store.writer.idle)
    earlier.store.close()
    holding = Held(tmp_path / FILE_NAME, "wal") if held else None
    try:
        first, second = Opened(tmp_path), Opened(tmp_path)
        listed = second.store.unfinished.listed()
        assert [kept.slot for kept in listed] == ["f0e1"]
        claims = [first.store.unfinished.claim(listed[0]),
                  second.store.unfinished.claim(listed[0])]
        assert claims[0] is not None and claims[1] is None
    finally:
        if holding is not None:
            holding.let_go()
    for window in (first, second):
        window.until(lambda: window.store.writer.idle)  # noqa: B023
        window.store.close()
    listed = Opened(tmp_path)
    assert [kept.moves for kept in listed.store.unfinished.listed()] == [("deal",)]  # once
    listed.store.close()


def test_a_slot_its_window_saves_again_after_a_resume_can_be_resumed_again(
        tmp_path: Path) -> None:
    """The window that left a game may play on and save its slot again: that newer
    save is listed, and resuming it takes it (the claim was of the older save)."""
    leaving, resuming = Opened(tmp_path), Opened(tmp_path)
    kept = Kept("f0e1", "one-handed", "standard", 4, None, None, ("deal",), {}, 1000.0)
    leaving.store.unfinished.put(kept)
    leaving.until(lambda: leaving.store.writer.idle)
    [listed] = resuming.store.unfinished.listed()
    assert resuming.store.unfinished.claim(listed) is not None
    leaving.store.unfinished.put(replace(kept, moves=("deal", "draw"), changed=2000.0))
    leaving.until(lambda: leaving.store.writer.idle)
    again = [k for k in resuming.store.unfinished.listed() if k.slot == "f0e1"]
    assert [k.moves for k in again] == [("deal", "draw")]
    taken = resuming.store.unfinished.claim(again[0])
    assert taken is not None and taken.moves == ("deal", "draw")
    for window in (leaving, resuming):
        window.until(lambda: window.store.writer.idle)  # noqa: B023
        window.store.close()


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_a_run_the_command_line_cannot_save_is_said_kept_and_saved_by_the_next(
        data_path: Path, journal: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(database_module, "BUSY_SECONDS", 0.3)
    made = Database(data_path)
    assert History(made).entries == []
    made.close()
    held = Held(data_path / FILE_NAME, journal)
    try:
        assert main(["stats", "one-handed", "-n", "2000", "--seed", "5", "--json"]) == 0
        said = capsys.readouterr()
        lines = said.err.splitlines()
        assert lines[-1].startswith("solitaire-tui: This run could not be saved now")
        assert "is kept in" in lines[-1] and "Traceback" not in said.err
        assert len(lines) == (1 if journal == "wal" else 2)  # a file held unopened, said
        assert [Path(name).name.split("-")[0] for name in waiting_files(data_path)] == ["run"]
    finally:
        held.let_go()
    assert main(["stats", "one-handed", "-n", "2000", "--seed", "6", "--json"]) == 0
    assert capsys.readouterr().err == ""
    database = Database(data_path)
    seeds = sorted(entry.data["seed"] for entry in History(database).entries)
    database.close()
    assert seeds == [5, 6] and waiting_files(data_path) == []


def test_the_write_ahead_log_is_cut_back_while_another_program_keeps_it_open(
        tmp_path: Path) -> None:
    Opened(tmp_path).store.close()  # the database made
    opened = Opened(tmp_path)
    other = sqlite3.connect(tmp_path / FILE_NAME)  # another program, reading now and then
    try:
        for move in range(3000):
            opened.store.unfinished.put(Kept(f"s{move % 7}", "one-handed", "standard", 4,
                                             None, None, ("deal",) * 40, {}))
            if move % 500 == 0:
                other.execute("SELECT count(*) FROM unfinished").fetchone()
        opened.until(lambda: opened.store.writer.idle)
        assert os.path.getsize(f"{tmp_path / FILE_NAME}-wal") <= WAL_LIMIT
        opened.store.close()
        wal = Path(f"{tmp_path / FILE_NAME}-wal")
        assert not wal.exists() or wal.stat().st_size == 0  # the log cut when the app ends
    finally:
        other.close()


def test_the_quit_question_names_every_kind_of_save_that_would_be_lost(
        tmp_path: Path) -> None:
    Opened(tmp_path).store.close()  # the database made
    (tmp_path / pending.NAME).write_text("")  # a file where the folder goes: nothing kept
    held = Held(tmp_path / FILE_NAME, "wal")
    try:
        opened = Opened(tmp_path)
        opened.store.records.add(game(31))
        opened.store.history.add(Entry({"game": "one-handed"}, "2026-11-28 04:00:00"))
        opened.until(lambda: any("cannot be kept" in text for text in opened.told))
        assert opened.store.losses() == [
            "a finished game and this run wait to be saved, and neither your saved games nor"
            " the folder beside them can be written now: quitting loses what waits"]
    finally:
        held.let_go()
    opened.until(lambda: opened.store.writer.idle)
    assert opened.store.losses() == []
    opened.store.close()
