"""The app's writer: everything the app saves is written in turn on one thread (the
app's Textual thread worker, ``Store.start``), so no key ever waits for the database
(the screen reads on its own connection, which never waits either: ``Database`` role
"reader").

While the database cannot be written (another program holds it, the disk is full,
the file or its directory is read-only, it cannot even be opened yet) the writer
tries again with a growing pause, and the player is told once when saves begin to
wait and once when they are written. Saves are written in the order they came; a
newer save of the same game in play replaces one still waiting.

A finished game is in a pending file beside the database (``store.pending``) before
``save`` returns, so before the screen counts it: a kill at any instant after its
banner loses nothing, whether or not the database was free (the file goes once the
row is written; whichever process opens the database next writes it, once). What else
matters (the game in play, a run) gets its file as soon as it has to wait. When the
app ends, its writer tries what is left once more and keeps what still waits in
pending files.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from solitaire_tui.store import pending
from solitaire_tui.store.database import Database, StoreError
from solitaire_tui.store.saving import Keeping, Save

FIRST_PAUSE = 0.25  # seconds before the first try again; doubled after each failure,
LONGEST_PAUSE = 8.0  # up to this
STOP_SECONDS = 3.0  # how long the app's end waits for the last saves to be tried


@dataclass
class _Waiting:
    save: Save
    file: str | None = None  # its pending file, once written
    stale: bool = False  # its file holds an older save of its key: written again if it waits
    tried: bool = field(default=False)  # being written (a newer save of its key goes after)


class Writer:
    """Saves written by ``run``, on a thread of its own, to ``database`` (a "retrying"
    one).

    ``tell`` and ``saved`` are called on the writer's thread: the app hands them to
    its own (``post_message``). ``saved`` comes whenever the queue has been written
    down to empty, and once the database has been opened: what the screens read
    may have changed. ``opened`` runs on the writer's thread once the database is
    open, before anything else is written (the app imports an earlier release's files).
    """

    def __init__(self, database: Database, *, tell: Callable[[str], object],
                 saved: Callable[[], object],
                 opened: Callable[[Database], None] = lambda database: None) -> None:
        self.database = database
        database.listen(tell)  # a damaged file set aside, a database from a newer release
        self.tell = tell
        self.saved = saved
        self.opened = opened
        self.directory = None if database.path is None else database.path.with_name(
            pending.NAME)
        self.owner = None if self.directory is None else pending.Owner(self.directory)
        self._queue: deque[_Waiting] = deque()
        self._changed = threading.Condition()
        self._stopping = False
        self._behind: str | None = None  # why saves wait, while they do
        self._in_memory = False  # the database could only be opened in memory
        self._unkept = False  # the last pending file could not be written (told once)
        self._told_unkept = False
        self._turn = threading.Lock()  # held by whoever runs the writer: only one ever does
        self._ended = threading.Event()

    def save(self, save: Save) -> None:
        """Write ``save`` soon, in turn; never raises, and never waits for the database.
        A finished game is first kept in its pending file (a few milliseconds)."""
        waiting = _Waiting(save)
        # Its file is written and the save queued at once, under the writer's lock: a
        # writer opening the database meanwhile takes the files it finds that are not
        # queued for another session's, and wrote such a game before earlier ones.
        with self._changed:
            if (save.pending is not None and save.pending["kind"] == "finished"
                    and self.owner is not None and not self._in_memory):
                with contextlib.suppress(OSError):  # if not, kept (or told) once it waits
                    waiting.file = self.owner.keep(save.pending)
            if save.key is not None:
                for queued in self._queue:
                    if queued.save.key == save.key and not queued.tried:
                        queued.save, queued.stale = save, queued.file is not None
                        return
            self._queue.append(waiting)
            self._changed.notify()

    @property
    def keeping(self) -> Keeping:
        if self._in_memory or (self._behind is not None and self._unkept):
            return "never"
        return "later" if self._behind is not None else "now"

    def unkept(self) -> list[Save]:
        """What waits in memory only: a finished game whose pending file could not be
        written, and the rest once none can be (none would be when the app ends).
        Lost if the app ends now."""
        with self._changed:
            return [waiting.save for waiting in self._queue
                    if waiting.file is None and waiting.save.pending is not None
                    and (self._unkept or waiting.save.pending["kind"] == "finished")]

    @property
    def idle(self) -> bool:
        """Nothing waits to be written (for the tests, which wait on it)."""
        with self._changed:
            return not self._queue

    def close(self) -> None:
        """The app ends: what waits is tried once more, then kept in pending files."""
        with self._changed:
            self._stopping = True
            self._changed.notify()

    def join(self, seconds: float = STOP_SECONDS) -> bool:
        """Wait for the writer to end after ``close``; whether it has. A writer whose
        thread never began (an app ended at once) does its last work here."""
        if not self._ended.is_set() and self._turn.acquire(blocking=False):
            self._turn.release()
            self.run()  # or the thread, if it begins first: ``run`` is taken once
        return self._ended.wait(seconds)

    # --- on the writer's thread ------------------------------------------------------

    def run(self) -> None:
        """Write saves as they come until ``close``, then keep what still waits; on the
        thread that takes it first (later calls return at once)."""
        if not self._turn.acquire(blocking=False):
            return
        try:
            if self._open():
                self._write_all()
                self.database.checkpoint(last=True)
            self._keep_what_waits()
        finally:
            self.database.close()
            if self.owner is not None:
                self.owner.close()
            self._ended.set()

    def _open(self) -> bool:
        """Open the database, trying again until it opens or the app ends; then write
        what earlier sessions left pending, before anything of this one."""
        pause = FIRST_PAUSE
        while True:
            try:
                self._in_memory = not self.database.saving
                # A file that reads but cannot be written (read-only, held) says so now,
                # not when the first game is finished: the same version, written again.
                with self.database.writing("Your saved games", durable=False) as connection:
                    (version,) = connection.execute("PRAGMA user_version").fetchone()
                    connection.execute(f"PRAGMA user_version = {int(version)}")
                break
            except StoreError as error:
                self._wait(error)
                self._keep_lasting()
                if not self._pause(pause):
                    return False
                pause = min(pause * 2, LONGEST_PAUSE)
        self.opened(self.database)
        if self.directory is not None and self.owner is not None and not self._in_memory:
            self.owner.take_over()  # the files of processes gone become this one's
            with self._changed:  # this session's own files are written in their turn
                own = {waiting.file for waiting in self._queue}
                found = [_Waiting(save, name) for name, save in
                         pending.waiting(self.directory, self.tell, own, self.owner)]
                self._queue.extendleft(reversed(found))
        self.saved()
        return True

    def _write_all(self) -> None:
        pause = FIRST_PAUSE
        while True:
            with self._changed:
                while not self._queue and not self._stopping:
                    self._changed.wait()
                if not self._queue:
                    return
                waiting = self._queue[0]
                waiting.tried = True
            try:
                save = waiting.save
                with self.database.writing(save.what, durable=save.durable) as connection:
                    save.job(connection)
            except StoreError as error:
                waiting.tried = False
                if not error.passing:  # it never will be written: told, and kept if it matters
                    self._refused(waiting, error)
                    continue
                self._wait(error)
                self._keep_lasting()
                if self._stopping or not self._pause(pause):
                    return
                pause = min(pause * 2, LONGEST_PAUSE)
                continue
            pause = FIRST_PAUSE
            self._written(waiting)

    def _written(self, waiting: _Waiting) -> None:
        with self._changed:
            self._queue.popleft()
            empty = not self._queue
        if waiting.file is not None and self.directory is not None:
            pending.forget(self.directory, waiting.file)
        if empty:  # not before everything that waited is written: a small save may fit
            if self._behind is not None:  # on a full disk while a finished game does not
                self._behind = None
                self.tell("Your saved games can be written again: what waited is saved.")
            self.database.checkpoint()
            self.saved()

    def _wait(self, error: StoreError) -> None:
        """Saves begin to wait: told once, until they are written again."""
        if self._behind is None:
            self._behind = error.reason
            self.tell(f"Your saved games cannot be written now ({error.reason}). What you"
                      " finish waits and is saved as soon as they can be; play on.")

    def _refused(self, waiting: _Waiting, error: StoreError) -> None:
        with self._changed:
            self._queue.popleft()
        kept = waiting.file is not None or (waiting.save.lasting and self._keep(waiting))
        where = f"; it is kept in {self.directory} to be saved later" if kept else ""
        self.tell(f"{error}{where}")

    def _pause(self, seconds: float) -> bool:
        """Wait before trying again; False if the app ends meanwhile."""
        with self._changed:
            if not self._stopping:
                self._changed.wait(seconds)
            return not self._stopping

    def _keep_lasting(self) -> None:
        """Saves wait: what would be lost if the app ended now is kept in pending files."""
        with self._changed:
            lasting = [waiting for waiting in self._queue
                       if waiting.save.lasting and (waiting.file is None or waiting.stale)]
        for waiting in lasting:
            self._keep(waiting)

    def _keep_what_waits(self) -> None:
        """The app ends with saves still waiting: kept in pending files, to be written
        by the next process that opens the database."""
        with self._changed:
            left = [waiting for waiting in self._queue if waiting.file is None or waiting.stale]
            self._queue.clear()
        lost = [waiting.save.what for waiting in left
                if waiting.save.pending is not None and not self._keep(waiting)]
        if lost:
            self.tell(f"{lost[0]} could not be kept: the database and the folder beside"
                      " it cannot be written.")

    def _keep(self, waiting: _Waiting) -> bool:
        """Write ``waiting``'s pending file; whether it was (told once if not). A newer
        save that replaces it meanwhile leaves the file stale, to be written again."""
        with self._changed:
            save = waiting.save
        if save.pending is None or self.owner is None:
            return False
        try:
            name = self.owner.keep(save.pending)
        except OSError as error:
            self._unkept = True
            if not self._told_unkept:
                self._told_unkept = True
                self.tell(f"{save.what} cannot be kept beside your saved games"
                          f" either ({error.strerror}): it waits in memory, and is lost"
                          " if the app ends before it is saved.")
            return False
        with self._changed:
            waiting.file, waiting.stale = name, waiting.save is not save
        self._unkept = False
        return True
