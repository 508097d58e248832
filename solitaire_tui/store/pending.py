"""Saves that wait for the database, kept in small files beside it, so that what a
player did is not lost when the app ends (or is killed) while the database cannot be
written: held by another program, on a full disk, read-only for a spell.

A finished game's file is written as soon as its save has to wait, the game in play's
only if the app ends with it still waiting (``saving.Save.lasting``). Any process of
the app that opens the database writes what it finds here and then deletes the file;
a finished game's row has its own token, so a file written twice (two processes, or a
kill between the row and the delete) still makes one row.

The files are read as hostile input (another program may write here): regular files
only, never followed through a link, bounded in size and number, and every field
checked; one that is not ours is renamed aside with a notice, never read again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import Any

from solitaire_tui.store.records import Played, finishing, pending_played
from solitaire_tui.store.saving import Save
from solitaire_tui.store.unfinished import dropping, keeping, pending_dropped, pending_kept

NAME = "solitaire-tui.pending"  # the directory, beside the database
LARGEST = 1 << 20  # bytes in one file: a game in play of thousands of moves is far less
MOST_READ = 1000  # files read at one start: no more waits than a player could make
# Each kind of file, and how its contents become a save again.
KINDS: dict[str, Callable[[Mapping[str, Any]], Save]] = {
    "finished": lambda data: finishing(pending_played(data)),
    "kept": lambda data: keeping(pending_kept(data)),
    "dropped": lambda data: dropping(pending_dropped(data)),
}


def file_name(pending: Mapping[str, Any]) -> str:
    """The file a save's pending form is kept in: one per finished game (its token),
    one per slot of a game in play, kept or dropped (the newest replaces the one
    before)."""
    kind, identity = (("finished", pending["token"]) if pending["kind"] == "finished"
                      else ("slot", pending["slot"]))
    digest = hashlib.sha256(json.dumps([kind, identity]).encode()).hexdigest()
    return f"{kind}-{digest[:32]}.json"


def keep(directory: Path, pending: Mapping[str, Any]) -> str:
    """Write ``pending`` to its file, whole or not at all (written aside, flushed to
    the disk, then renamed over); its name. ``OSError`` if it cannot be."""
    directory.mkdir(parents=True, exist_ok=True)
    name = file_name(pending)
    partial = directory / f".{name}.{os.getpid()}"
    try:
        with open(partial, "w", encoding="utf-8") as file:
            json.dump(pending, file, separators=(",", ":"))
            file.flush()
            os.fsync(file.fileno())
        os.replace(partial, directory / name)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise
    return name


def forget(directory: Path, name: str) -> None:
    """The save is written: its file goes (gone already, if another process wrote it)."""
    with contextlib.suppress(OSError):
        (directory / name).unlink()


def waiting(directory: Path, tell: Callable[[str], object],
            skipped: Collection[str | None] = ()) -> Iterator[tuple[str, Save]]:
    """Each file's save but ``skipped``'s, oldest first (a streak counts games in the
    order they were played), with the file's name; a file that is not one of ours is
    renamed aside (``<name>.damaged``) and told."""
    try:
        found = sorted((entry.stat(follow_symlinks=False).st_mtime_ns, entry.name)
                       for entry in os.scandir(directory)
                       if entry.name.endswith(".json") and not entry.name.startswith(".")
                       and entry.name not in skipped)
    except OSError:
        return  # none kept, or none to be read: nothing waits
    for _, name in found[:MOST_READ]:
        try:
            data = json.loads(_read(directory / name))
            if not isinstance(data, dict) or data.get("kind") not in KINDS:
                raise ValueError("not a save this app writes")
            save = KINDS[data["kind"]](data)
            if file_name(data) != name:
                raise ValueError("its name is not its contents'")
        except FileNotFoundError:
            continue  # written by another process meanwhile
        except (OSError, ValueError, TypeError, KeyError, RecursionError) as error:
            with contextlib.suppress(OSError):
                os.replace(directory / name, directory / f"{name}.damaged")
            tell(f"A save waiting in {directory / name} could not be read"
                 f" ({_why(error)}); it was renamed aside and is not written.")
            continue
        yield name, save


def finished(directory: Path) -> list[Played]:
    """The finished games waiting in files (earlier sessions' that could not be written),
    for the record to count while they wait; a file that is not one is passed over here
    (the writer sets it aside, and says so)."""
    games = []
    try:
        names = [entry.name for entry in os.scandir(directory)
                 if entry.name.startswith("finished-") and entry.name.endswith(".json")]
    except OSError:
        return []
    for name in names[:MOST_READ]:
        try:
            games.append(pending_played(json.loads(_read(directory / name))))
        except (OSError, ValueError, TypeError, KeyError, RecursionError, AttributeError):
            continue
    return games


def _read(path: Path) -> bytes:
    """A regular file's bytes, never through a link or from a pipe, at most ``LARGEST``."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise ValueError("not a plain file")
        if status.st_size > LARGEST:
            raise ValueError(f"larger than {LARGEST:,} bytes")
        return os.read(descriptor, LARGEST + 1)[:LARGEST]
    finally:
        os.close(descriptor)


def _why(error: BaseException) -> str:
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    if isinstance(error, json.JSONDecodeError | UnicodeDecodeError):
        return "it is not the text this app writes"
    return str(error) or type(error).__name__
