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

Each process keeps its files in a folder of its own (``Owner``), locked for as long as
it runs: another process writes only the files of a process that is gone (the lock is
free, which a kill frees too, and which no reused pid can fake), taking the folder over
first. So a window never writes another live window's game in play over what that
window has since saved. Files at the top (an earlier release's, or a machine without
``fcntl``, where folders are not used) belong to no one and are written by anyone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import shutil
import stat
import threading
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no locks, and no folder for each process
    fcntl = None  # type: ignore[assignment]

from solitaire_tui.store.choices import pending_choice
from solitaire_tui.store.history import pending_run
from solitaire_tui.store.records import Played, finishing, pending_played
from solitaire_tui.store.saving import Save
from solitaire_tui.store.unfinished import (
    dropping,
    keeping,
    pending_dropped,
    pending_kept,
    pending_moved,
)

NAME = "solitaire-tui.pending"  # the directory, beside the database
LARGEST = 1 << 20  # bytes in one file: a game in play of thousands of moves is far less
MOST_READ = 1000  # files read at one start: no more waits than a player could make
OWNER = "owner-"  # a process's folder: ``owner-<pid>-<random>``
LOCK = "lock"  # in an owner's folder, held locked by its process while it runs
# Each kind of file, and how its contents become a save again.
KINDS: dict[str, Callable[[Mapping[str, Any]], Save]] = {
    "finished": lambda data: finishing(pending_played(data)),
    "kept": lambda data: keeping(pending_kept(data)),
    "dropped": lambda data: dropping(pending_dropped(data)),
    "moved": pending_moved,
    "run": pending_run,
    "choice": pending_choice,
    "look": pending_choice,
}
# What names each kind's file, and the kind its name begins with: a newer save of
# the same slot, choice or look replaces the file of the one before.
IDENTITY: dict[str, tuple[str, str]] = {
    "finished": ("finished", "token"), "kept": ("slot", "slot"),
    "dropped": ("slot", "slot"), "moved": ("moved", "slot"), "run": ("run", "token"),
    "choice": ("choice", "game"), "look": ("look", "name")}


def file_name(pending: Mapping[str, Any]) -> str:
    """The file a save's pending form is kept in: one per finished game and run (its
    token), one per slot of a game in play, kept or dropped, one per choice."""
    kind, field = IDENTITY[pending["kind"]]
    identity = pending[field]
    digest = hashlib.sha256(json.dumps([kind, identity]).encode()).hexdigest()
    return f"{kind}-{digest[:32]}.json"


class Owner:
    """This process's folder of pending files, made when the first is kept and locked
    until the process ends; and the taking over of the folders of processes gone."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._folder: Path | None = None
        self._lock: int | None = None  # the open lock file, which holds the lock
        self._making = threading.Lock()  # the screen's thread and the writer's both keep

    @property
    def folder(self) -> Path | None:
        """This process's folder, once made."""
        return self._folder

    def keep(self, pending: Mapping[str, Any]) -> str:
        """Write ``pending`` to its file in this process's folder (``keep``); its name
        below ``directory``. ``OSError`` if it cannot be."""
        folder = self._own()
        return str((folder / keep(folder, pending)).relative_to(self.directory))

    def take_over(self) -> None:
        """Move the files of every process that is gone into this one's folder, to be
        written in turn as its own (and never by two processes); their half-written
        files and their folders go. Nothing happens without ``fcntl``."""
        if fcntl is None:
            return
        try:
            folders = [entry for entry in os.scandir(self.directory)
                       if entry.is_dir(follow_symlinks=False)
                       and entry.name.startswith((OWNER, f".{OWNER}"))
                       and (self._folder is None or entry.name != self._folder.name)]
        except OSError:
            return
        for entry in folders[:MOST_READ]:
            with contextlib.suppress(OSError):
                if entry.name.startswith("."):
                    _drop_unmade(Path(entry.path))
                else:
                    self._take(Path(entry.path))
        self._tidy_top()

    def _tidy_top(self) -> None:
        """Half-written files at the top (``.<name>.<pid>``, an earlier release's) go
        once their process is gone."""
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.directory):
                *_, pid = entry.name.rsplit(".", 1)
                if (entry.name.startswith(".") and ".json." in entry.name and pid.isdigit()
                        and entry.is_file(follow_symlinks=False) and not _running(int(pid))):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)

    def close(self) -> None:
        """The process ends: its folder goes if nothing waits in it; the lock is let go."""
        if self._folder is not None:
            with contextlib.suppress(OSError):
                if not any(name != LOCK for name in os.listdir(self._folder)):
                    (self._folder / LOCK).unlink()
                    self._folder.rmdir()
        if self._lock is not None:
            os.close(self._lock)
        self._folder = self._lock = None

    def _own(self) -> Path:
        if fcntl is None:  # no locks: every file at the top, belonging to no one
            self.directory.mkdir(parents=True, exist_ok=True)
            return self.directory
        with self._making:
            if self._folder is None:
                self._folder, self._lock = self._made()
            return self._folder

    def _made(self) -> tuple[Path, int]:
        """A new folder, locked, made under a hidden name and then shown: nobody takes
        over a folder whose lock its owner has not taken yet."""
        self.directory.mkdir(parents=True, exist_ok=True)
        name = f"{OWNER}{os.getpid()}-{secrets.token_hex(4)}"
        making = self.directory / f".{name}"
        making.mkdir(mode=0o700)
        lock = _locked(making / LOCK)
        if lock is None:
            raise OSError(f"{making / LOCK} is locked by another process")
        try:
            os.rename(making, self.directory / name)
        except OSError:
            os.close(lock)
            raise
        return self.directory / name, lock

    def _take(self, folder: Path) -> None:
        lock = _locked(folder / LOCK)
        if lock is None:
            return  # its process runs
        try:
            files = [entry.name for entry in os.scandir(folder)
                     if entry.name.endswith(".json") and not entry.name.startswith(".")]
            if files:
                mine = self._own()
                for name in files:
                    if (mine / name).exists():  # this process's own is newer
                        (folder / name).unlink()
                    else:
                        os.replace(folder / name, mine / name)
            for name in os.listdir(folder):  # half-written files, and the lock
                (folder / name).unlink()
            folder.rmdir()
        finally:
            os.close(lock)


def _drop_unmade(folder: Path) -> None:
    """A folder still hidden was being made (``Owner._made``): it holds no file yet,
    and its lock may not be taken yet, so a lock proves nothing. It goes only once the
    process named in it is gone; a live one's is left for it to finish."""
    pid = folder.name.removeprefix(f".{OWNER}").split("-", 1)[0]
    if pid.isdigit() and not _running(int(pid)):
        shutil.rmtree(folder)


def _running(pid: int) -> bool:
    """Whether a process ``pid`` runs (or may: one of another user's)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _locked(path: Path) -> int | None:
    """``path`` opened (made if need be) and locked for this process; None if another
    process holds it. The lock lasts while the descriptor is open, and ends with the
    process however it ends."""
    assert fcntl is not None
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        return None
    return descriptor


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
            skipped: Collection[str | None] = (), owner: Owner | None = None
            ) -> Iterator[tuple[str, Save]]:
    """Each save that waits at the top of ``directory`` and in ``owner``'s folder but
    ``skipped``'s, oldest first (a streak counts games in the order they were played),
    with its file's name below ``directory``; a file that is not one of ours is renamed
    aside (``<name>.damaged``) and told."""
    folders = [directory]
    if owner is not None and owner.folder is not None:
        folders.append(owner.folder)
    found = sorted((when, name) for folder in folders for when, name in _files(folder)
                   if str((folder / name).relative_to(directory)) not in skipped)
    for _, path in found[:MOST_READ]:
        name = str(path.relative_to(directory))
        try:
            data = json.loads(_read(path))
            if not isinstance(data, dict) or data.get("kind") not in KINDS:
                raise ValueError("not a save this app writes")
            save = KINDS[data["kind"]](data)
            if file_name(data) != path.name:
                raise ValueError("its name is not its contents'")
        except FileNotFoundError:
            continue  # written by another process meanwhile
        except (OSError, ValueError, TypeError, KeyError, RecursionError) as error:
            with contextlib.suppress(OSError):
                os.replace(path, path.with_name(f"{path.name}.damaged"))
            tell(f"A save waiting in {path} could not be read"
                 f" ({_why(error)}); it was renamed aside and is not written.")
            continue
        yield name, save


def _files(folder: Path) -> list[tuple[int, Path]]:
    """The pending files in ``folder`` (none if it cannot be read), with their times."""
    try:
        return [(entry.stat(follow_symlinks=False).st_mtime_ns, Path(entry.path))
                for entry in os.scandir(folder)
                if entry.name.endswith(".json") and not entry.name.startswith(".")]
    except OSError:
        return []  # none kept, or none to be read: nothing waits


def finished(directory: Path) -> list[Played]:
    """The finished games waiting in files (earlier sessions' that could not be written,
    and other windows' that wait), for the record to count while they wait; a file that
    is not one is passed over here (the writer sets it aside, and says so)."""
    games = []
    try:
        folders = [directory, *(Path(entry.path) for entry in os.scandir(directory)
                               if entry.name.startswith(OWNER)
                               and entry.is_dir(follow_symlinks=False))]
    except OSError:
        return []
    paths = [path for folder in folders[:MOST_READ] for _, path in _files(folder)
             if path.name.startswith("finished-")]
    for path in paths[:MOST_READ]:
        try:
            games.append(pending_played(json.loads(_read(path))))
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
