"""The app's saving (``store.kept.Store``): a database another process holds never
holds a save's caller, a finished game waits in a pending file until it is written,
once, and pending files another program wrote are read as hostile input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solitaire_tui.store import pending
from solitaire_tui.store.database import FILE_NAME
from solitaire_tui.store.unfinished import Kept
from solitaire_tui.store.writer import Writer
from tests.support.store import Held, Opened, game, rows, waiting_files

pytestmark = pytest.mark.engine_free


@pytest.fixture
def made(tmp_path: Path) -> Iterator[Path]:
    """A data directory whose database an earlier session made."""
    first = Opened(tmp_path)
    first.until(lambda: (tmp_path / FILE_NAME).exists() and first.store.writer.idle)
    first.store.close()
    yield tmp_path


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_a_held_database_holds_no_caller_and_the_game_is_written_once_let_go(
        made: Path, journal: str) -> None:
    held = Held(made / FILE_NAME, journal)
    try:
        opened = Opened(made)
        records = opened.store.records
        assert opened.store.choices.look("theme") is None  # read at once: as if none kept
        records.add(game(5))
        records.add(game(6, won=False))
        # Returned at once, and counted at once, while the row waits for the lock …
        assert records.total("one-handed").played == 2
        assert records.finished_before("one-handed", "standard", 6, None)
        # … kept beside the database before they count, in case the app ends meanwhile,
        assert len(waiting_files(made)) == 2
        opened.until(lambda: bool(opened.told))  # and told once.
        assert len([text for text in opened.told if "cannot be written now" in text]) == 1
        assert "database is locked" in opened.told[0]
        assert not opened.store.writer.idle
    finally:
        held.let_go()
    opened.until(lambda: opened.store.writer.idle and not waiting_files(made))
    assert rows(made) == [("5",), ("6",)]
    assert opened.told[-1] == "Your saved games can be written again: what waited is saved."
    opened.store.read_again()
    assert opened.store.records.total("one-handed").played == 2  # the rows, not counted twice
    opened.store.close()


def test_the_game_in_play_and_a_finished_one_wait_in_files_and_outlive_the_app(
        made: Path) -> None:
    held = Held(made / FILE_NAME, "wal")
    try:
        opened = Opened(made)
        opened.store.records.add(game(9))
        kept = Kept("a1b2", "one-handed", "standard", 4, None, None, ("deal",), {})
        opened.store.unfinished.put(kept)
        opened.until(lambda: len(waiting_files(made)) == 2)  # as soon as they wait
        assert opened.store.unfinished.saver.keeping == "later"
        moved = Kept("a1b2", "one-handed", "standard", 4, None, None, ("deal", "draw"), {})
        opened.store.unfinished.put(moved)  # the newer position replaces the one waiting
        opened.store.close()  # the app ends while the database is held
        assert len(waiting_files(made)) == 2  # the newer position in the same file
        later = Opened(made)  # started again, still held: the waiting game counts, and
        records = later.store.records  # its deal is one played to its end before
        assert records.total("one-handed").played == 1
        assert records.finished_before("one-handed", "standard", 9, None)
        later.store.close()
        copy = made / "copy"
        shutil.copytree(made / pending.NAME, copy)
    finally:
        held.let_go()
    for _ in range(2):  # the next start writes them; files written twice are one row
        store = Opened(made)
        writer = store.store.writer
        store.until(lambda: not waiting_files(made) and writer.idle)  # noqa: B023
        assert [kept.moves for kept in store.store.unfinished.listed()] == [("deal", "draw")]
        store.store.close()
        shutil.copytree(copy, made / pending.NAME, dirs_exist_ok=True)
    assert rows(made) == [("9",)]


def test_pending_files_another_program_wrote_are_set_aside_unread(made: Path) -> None:
    folder = made / pending.NAME
    folder.mkdir()
    good = game(11)
    name = pending.keep(folder, {"kind": "finished", **good.__dict__})
    text = (folder / name).read_text()
    (folder / "finished-0.json").write_text(text)  # a name that is not its contents'
    (folder / "kept-1.json").write_text('{"kind": "kept", "slot": 7}')
    (folder / "finished-2.json").write_text(text.replace('"deal":11', '"deal":true'))
    (folder / "finished-3.json").write_text("[" * 100_000)
    (folder / "finished-4.json").write_bytes(b"{" + b" " * (pending.LARGEST + 10) + b"}")
    (folder / "finished-5.json").symlink_to(folder / name)
    os.mkfifo(folder / "finished-6.json")
    (folder / "other-7.json").write_text('{"kind": "rm -rf", "slot": "/"}')
    opened = Opened(made)
    opened.until(lambda: opened.store.writer.idle and not (folder / name).exists())
    opened.store.close()
    assert rows(made) == [("11",)]
    aside = sorted(os.listdir(folder))
    assert aside == sorted(f"{kind}-{number}.json.damaged" for kind, number in (
        ("finished", 0), ("kept", 1), ("finished", 2), ("finished", 3), ("finished", 4),
        ("finished", 5), ("finished", 6), ("other", 7)))
    assert len([text for text in opened.told if "could not be read" in text]) == 8
    assert (folder / "finished-5.json.damaged").is_symlink()  # renamed, never followed


# --- a full disk and a read-only directory, in a process with mounts of its own -------

SPELL = """
import json, sys
from pathlib import Path
from typing import Any
from tests.support.store import Opened, game, waiting_files

directory, spell = Path(sys.argv[1]), sys.argv[2]
opened = Opened(directory)
records = opened.store.records
seen = {"before": records.total("one-handed").played}
if spell == "full":
    opened.until(lambda: opened.store.writer.idle)
    try:
        with open(directory / "filler", "wb", buffering=0) as filler:
            while True:
                filler.write(bytes(4096))
    except OSError:
        pass  # the disk is full
records.add(game(21))
records.add(game(22))
# Each waits in a pending file, or, if there is no room for one either, in memory (a
# failed transaction may give pages back, so either can happen on a full disk).
opened.until(lambda: opened.told and (
    len(opened.told) >= 2 or len(waiting_files(directory)) == 2))
seen.update(told=list(opened.told), counted=records.total("one-handed").played,
            waiting=len(waiting_files(directory)),
            keeping=opened.store.unfinished.saver.keeping, losses=opened.store.losses())
if spell == "full":
    (directory / "filler").unlink()
    opened.until(lambda: opened.store.writer.idle)
    seen["after"] = list(opened.told)
opened.store.close()
print(json.dumps(seen))
"""


def spell(directory: Path, mounts: str, kind: str) -> dict[str, object]:
    """``SPELL`` in a process of its own whose ``directory`` is ``mounts``' (a small
    filesystem, a read-only one), as a user namespace lets any user make them."""
    command = ["unshare", "--user", "--map-root-user", "--mount"]
    if shutil.which("unshare") is None or subprocess.run(
            [*command, "true"], capture_output=True).returncode != 0:
        pytest.skip("this machine lets no process make its own mounts")
    run = subprocess.run([*command, "sh", "-c", f'{mounts} && exec "$@"', "spell",
                          sys.executable, "-c", SPELL, str(directory), kind],
                         capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).parents[2])
    assert run.returncode == 0, run.stderr
    result: dict[str, object] = json.loads(run.stdout)
    return result


def test_a_full_disk_keeps_finished_games_in_memory_and_writes_them_once_freed(
        tmp_path: Path) -> None:
    directory = tmp_path / "small"
    directory.mkdir()
    seen = spell(directory, f"mount -t tmpfs -o size=256k tmpfs {directory}", "full")
    told = seen["told"]
    assert isinstance(told, list)
    # SQLite says a full disk as SQLITE_FULL, or as SQLITE_IOERR where the write that
    # found no room is one it does not map to FULL (seen once in a CI run): the
    # sentence gives what it said.
    assert any(f"cannot be written now ({why})" in told[0]
               for why in ("database or disk is full", "disk I/O error"))
    assert seen["counted"] == 2
    if len(told) == 1:  # room for the pending files: nothing is lost by quitting
        assert seen["waiting"] == 2 and seen["keeping"] == "later" and seen["losses"] == []
    else:
        assert "cannot be kept beside your saved games either (No space left on device)" in (
            told[1])
        # The first pending file may have taken the last room: then one game waits in
        # it and one in memory only.
        in_memory = 2 - int(str(seen["waiting"]))
        assert in_memory >= 1
        assert seen["keeping"] == "never"  # leaving a game says it is not kept, and quitting
        said = "a finished game waits" if in_memory == 1 else "2 finished games wait"
        assert seen["losses"] == [f"{said} to be saved, and neither your saved games nor"  # …
                                  " the folder beside them can be written now: quitting"
                                  " loses what waits"]
    assert seen["after"] == [*told, "Your saved games can be written again: what waited"
                             " is saved."]


def test_a_read_only_directory_shows_the_record_and_says_new_games_wait(
        made: Path) -> None:
    earlier = Opened(made)
    for deal in (1, 2, 3):
        earlier.store.records.add(game(deal))
    earlier.until(lambda: earlier.store.writer.idle)
    earlier.store.close()
    seen = spell(made, f"mount --bind {made} {made} && mount -o remount,bind,ro {made}",
                 "read-only")
    assert seen["before"] == 3  # the record as it was, read from a read-only file
    assert seen["counted"] == 5
    told = seen["told"]
    assert isinstance(told, list)
    assert "cannot be written now (" in told[0] and "cannot be kept beside" in told[1]
    assert rows(made) == [("1",), ("2",), ("3",)]


def test_a_game_discarded_while_the_database_is_held_is_no_longer_offered(
        made: Path) -> None:
    kept = Kept("c3d4", "one-handed", "standard", 4, None, None, ("deal",), {})
    earlier = Opened(made)
    earlier.store.unfinished.put(kept)
    earlier.until(lambda: earlier.store.writer.idle)
    earlier.store.close()
    held = Held(made / FILE_NAME, "wal")
    try:
        opened = Opened(made)
        unfinished = opened.store.unfinished
        assert [game.slot for game in unfinished.listed()] == ["c3d4"]
        unfinished.drop("c3d4")
        assert unfinished.listed() == []  # gone from the menu, though not yet written
    finally:
        held.let_go()
    opened.until(lambda: opened.store.writer.idle)
    opened.store.close()
    again = Opened(made)
    assert again.store.unfinished.listed() == []
    again.store.close()  # its writer's thread, left open, listed files in the next test


def test_a_game_finished_as_the_writer_opens_is_written_in_its_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game's pending file is written and the game queued under the
    writer's lock, and the writer lists the files other sessions left under it too: a
    game finished while the files were listed was taken for another session's and
    written before the games finished before it (CI saw deals 3, 1, 2)."""
    writers: list[Writer] = []  # the writer, as its thread begins to open
    held: list[tuple[str, bool]] = []

    def locked() -> bool:
        """Whether another thread holds the writer's lock now (asked from a third)."""
        lock = writers[0]._changed
        free: list[bool] = []

        def try_it() -> None:
            free.append(lock.acquire(blocking=False))
            if free[0]:
                lock.release()

        thread = threading.Thread(target=try_it)
        thread.start()
        thread.join()
        return not free[0]

    keep, waiting, open_ = pending.Owner.keep, pending.waiting, Writer._open

    # Only this test's writer and files: a writer another test left retrying in its
    # thread may open and list its own folder meanwhile (a listing not under this
    # writer's lock, which CI saw once).
    def ours(directory: Path | None) -> bool:
        return directory is not None and tmp_path in directory.parents

    def opening(writer: Writer) -> bool:
        if ours(writer.directory):  # before it lists: ``Opened`` may not have returned
            writers.append(writer)
        return open_(writer)

    def kept(owner: pending.Owner, data: Any) -> str:
        if ours(owner.directory):
            held.append(("keep", locked()))
        return keep(owner, data)

    def listed(directory: Path, *args: Any, **kwargs: Any) -> Iterator[tuple[str, Any]]:
        if ours(directory):
            held.append(("list", locked()))
        return waiting(directory, *args, **kwargs)

    monkeypatch.setattr(pending.Owner, "keep", kept)
    monkeypatch.setattr(pending, "waiting", listed)
    monkeypatch.setattr(Writer, "_open", opening)
    opened = Opened(tmp_path)
    for deal in (1, 2, 3):
        opened.store.records.add(game(deal))
    opened.until(lambda: opened.store.writer.idle)
    opened.store.close()
    assert ("list", True) in held and ("keep", True) in held
    assert all(is_held for _, is_held in held), held
    assert rows(tmp_path) == [("1",), ("2",), ("3",)]
