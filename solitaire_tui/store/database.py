"""The player's database: one SQLite file in the data directory, shared safely by any
number of app windows and command-line processes.

Why SQLite: every finished game and every run is a row written in one transaction,
so two windows each add their row instead of each rewriting a whole file over the
other's (which lost games when records were a JSON file). WAL mode lets readers go on
while one process writes; the busy timeout makes a second writer wait its turn rather
than fail. A crash or a kill mid-write leaves the last committed state, never half a
row.

A file that is not a database, or fails SQLite's own check, is moved aside under a
new name with a notice and a new one is started, so the app always starts; if even
that fails (a directory that cannot be written), the session keeps its rows in memory
and says they will not be saved.

The app opens the file twice (``store.writer``): a reader on the screen's thread that
never waits (``READER``: it reads what it can, and a database another program holds
reads as empty until the writer gets in), and the writer's own connection on a thread
of its own, which waits, tries again and never gives up (``RETRYING``).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Literal

FILE_NAME = "solitaire-tui.sqlite3"
DATA_DIR_VARIABLE = "SOLITAIRE_TUI_DATA_DIR"  # overrides platformdirs, for tests and trials
BUSY_SECONDS = 10.0  # how long a writer waits for another process's transaction
Role = Literal["owner", "reader", "retrying"]  # how a ``Database`` opens its file
TRY_SECONDS = 0.5  # how long the app's writer waits before it tries again later
READ_BUSY_SECONDS = 0.05  # how long the screen's reads wait: never long enough to be seen
# The write-ahead log is cut back to this after a checkpoint (``Database.checkpoint``):
# without it, a log another program kept from being reset stays at its largest for good.
WAL_LIMIT = 4 << 20
# A folder with less room than this is full to a database that writes pages, a log
# and shared memory beside it.
FULL_BELOW = 1 << 20

# Each step takes the schema from the version before it to its own number (SQLite's
# user_version); a database from a newer release is left as it is.
SCHEMA: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            deal TEXT,  -- the deal number in decimal (deals go up to 2**64 - 1, past
                        -- SQLite's signed 64-bit integers), or NULL for a given deck
            deck TEXT,  -- the cards, top first, when the deck was typed in
            won INTEGER NOT NULL CHECK (won IN (0, 1)),
            result TEXT NOT NULL,  -- why, in the words the game's banner used
            score INTEGER,  -- the game's own figure (cards left, rounds, points), if any
            finished TEXT NOT NULL,  -- local time with its offset, ISO 8601
            how TEXT NOT NULL CHECK (how IN ('player', 'help', 'auto', 'replay')),
            counts INTEGER NOT NULL CHECK (counts IN (0, 1))  -- toward the record
        )""",
        "CREATE INDEX games_by_variant ON games (game, variant, id)",
        """CREATE TABLE imported_records (  -- totals carried over from records.json
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            played INTEGER NOT NULL,
            won INTEGER NOT NULL,
            streak INTEGER NOT NULL,
            best INTEGER NOT NULL,
            PRIMARY KEY (game, variant)
        )""",
        """CREATE TABLE runs (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            finished TEXT NOT NULL,  -- local time, "YYYY-MM-DD HH:MM:SS"
            data TEXT NOT NULL,  -- the run's JSON object, as ``stats --json`` prints it
            curve TEXT NOT NULL  -- its running win rate, thinned: [[games, [wins]], …]
        )""",
        """CREATE TABLE imported_files (  -- the JSON files of earlier releases, read once
            name TEXT PRIMARY KEY,
            imported TEXT NOT NULL
        )""",
    ),
    (
        """CREATE TABLE choices (  -- the options last chosen for a game (``choices``)
            game TEXT PRIMARY KEY,
            options TEXT NOT NULL  -- the game's panel options, a JSON object
        )""",
    ),
    (
        """CREATE TABLE unfinished (  -- games left in play, offered by the menu (``unfinished``)
            slot TEXT PRIMARY KEY,  -- the game screen's own id: windows never share one
            game TEXT NOT NULL,
            changed REAL NOT NULL,  -- when last saved, in seconds since the epoch
            data TEXT NOT NULL  -- the game as a JSON object: deal, options, moves, how played
        )""",
    ),
    (
        # A finished game's own id (``records.Played``): its row is written once, however
        # often it is tried. Older rows have none (NULLs are never equal).
        "ALTER TABLE games ADD COLUMN token TEXT",
        "CREATE UNIQUE INDEX games_by_token ON games (token)",
    ),
)


class StoreError(Exception):
    """What was to be saved could not be; the message is a sentence for the player.
    ``passing``: the database was busy, full, read-only or out of reach, so the same
    write may well succeed later; otherwise it never will (a row the schema refuses)."""

    def __init__(self, message: str, *, passing: bool = False, reason: str = "") -> None:
        super().__init__(message)
        self.passing = passing
        self.reason = reason or message  # SQLite's or the system's words, for a notice


def _failed(what: str, error: sqlite3.Error, folder: Path | None) -> StoreError:
    reason = _reason(error, folder)
    return StoreError(f"{what} could not be saved ({reason}).",
                      passing=isinstance(error, sqlite3.OperationalError), reason=reason)


def _reason(error: sqlite3.Error, folder: Path | None) -> str:
    """SQLite's words for ``error``, but a full disk by name: SQLite calls it "disk
    I/O error" where the write that found no room was its shared memory's or its
    log's rather than the database's (seen on a full tmpfs)."""
    if str(error) == "disk I/O error" and folder is not None:
        try:
            if shutil.disk_usage(folder).free < FULL_BELOW:
                return "database or disk is full"
        except OSError:
            pass
    return str(error)


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    import platformdirs  # only here: the tests and the command line rarely need it

    return platformdirs.user_data_path("solitaire-tui", appauthor=False)


class Database:
    """One connection to the player's database, opened when first used.

    What the player should be told about it (a damaged file set aside, a database
    that cannot be written) goes to ``listen``'s callback, the app's notifications;
    what comes before anyone listens is kept until someone does.
    """

    def __init__(self, directory: Path | None, *, role: Role = "owner") -> None:
        """``role``: "owner" opens the file as the command line does (waiting out another
        writer, falling back to memory); the app's two connections are a "reader"
        (``_open_reader``) and a "retrying" writer, whose failures to open are
        ``StoreError``s that pass, to be tried again, never a session in memory."""
        self.directory = directory  # None keeps everything in memory, for tests
        self.role = role
        self.blocked = False  # a reader that found the file held: empty until reopened
        self.standing_in = False  # a reader reading an empty database until the file is made
        self._waiting: list[str] = []
        self._tell: Callable[[str], object] | None = None
        self._connection: sqlite3.Connection | None = None
        self._saving = False
        # What becomes of what is saved when the file can only be opened in memory, as
        # the notice says it (the command line keeps it in pending files instead).
        self.in_memory = "this session's games will not be saved"

    def listen(self, tell: Callable[[str], object]) -> None:
        self._tell = tell
        waiting, self._waiting = self._waiting, []
        for notice in waiting:
            tell(notice)

    def notice(self, text: str) -> None:
        if self._tell is None:
            self._waiting.append(text)
        else:
            self._tell(text)

    @property
    def path(self) -> Path | None:
        return None if self.directory is None else self.directory / FILE_NAME

    @property
    def saving(self) -> bool:
        """Whether what is written goes to the file (not to memory, for this session
        only, because the file could not be opened)."""
        if self._connection is None:
            self._connection = self._open()
        return self._saving

    @property
    def connection(self) -> sqlite3.Connection:
        if self._connection is None:
            self._connection = self._open()
        return self._connection

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def reopen(self) -> None:
        """Read the file afresh (the writer has got in: it may have made it, brought its
        schema up to date or set a damaged one aside), and read again if blocked."""
        self.close()
        self.blocked = False

    @contextmanager
    def writing(self, what: str, *, durable: bool = True) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is saved, or none of it and a ``StoreError``
        saying ``what`` was lost.

        Not ``durable``: committed without waiting for the disk (SQLite's synchronous
        NORMAL, for this transaction only). In WAL mode that still survives a crash or
        a kill of the app, as the operating system holds the write; only a power cut
        may lose it. For what is saved after every move, where a wait for the disk
        (tens of milliseconds on some) would be in the keys' way."""
        try:
            connection = self.connection
        except sqlite3.Error as error:
            raise _failed(what, error, self.directory) from None
        try:
            if not durable:
                connection.execute("PRAGMA synchronous = NORMAL")
            try:
                connection.execute("BEGIN IMMEDIATE")
                with _rolled_back(connection):
                    yield connection
                    connection.execute("COMMIT")
            finally:
                if not durable:
                    connection.execute("PRAGMA synchronous = FULL")
        except sqlite3.Error as error:
            raise _failed(what, error, self.directory) from None

    def checkpoint(self, *, last: bool = False) -> None:
        """Copy the write-ahead log into the file as far as readers allow, never waiting
        for them (SQLite's PASSIVE); ``last``, when the app ends, also cuts the log to
        nothing if no reader is in it (TRUNCATE, within the busy timeout). The app's
        writer does it whenever it has written all that waited, so the log is reset and
        cut back to ``WAL_LIMIT`` as soon as other programs' reads let it, instead of
        growing between SQLite's own checkpoints."""
        if self._connection is None or not self._saving:
            return
        with suppress(sqlite3.Error):
            self._connection.execute(f"PRAGMA wal_checkpoint({'TRUNCATE' if last else 'PASSIVE'})")

    def read(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a query; a database that fails now (damaged by another program
        meanwhile) reads as empty rather than crashing the screen that asked. A reader
        that finds the file held by another program (or not yet made) reads as empty at
        once until ``reopen``: the screen never waits for it."""
        if self.blocked:
            return []
        try:
            return self.connection.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            if self.role == "reader" and isinstance(error, sqlite3.OperationalError):
                self.blocked = True
                self.notice(f"Your saved games cannot be read yet ({error}): they are"
                            " shown once they can be.")
            else:
                self.notice(f"Your saved games could not be read ({error}).")
            return []

    def _open(self) -> sqlite3.Connection:
        self._saving = False
        path = self.path
        if path is None:
            return _prepared(sqlite3.connect(":memory:", isolation_level=None))
        if self.role == "reader":
            connection, self.standing_in = _open_reader(path)
            return connection
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            connection = _connect(path, TRY_SECONDS if self.role == "retrying" else BUSY_SECONDS)
            self._saving = True
            return connection
        except Newer as error:
            return self._in_memory(f"Your saved games in {path} are {error}")
        except sqlite3.OperationalError as error:  # locked, or no access: not damage
            why = f"Your saved games in {path} cannot be opened ({error})"
            if self.role == "retrying":  # to be tried again
                raise StoreError(f"{why}.", passing=True, reason=str(error)) from None
            return self._in_memory(why)
        except sqlite3.DatabaseError as error:  # not a database, or a damaged one
            aside = move_aside(path)
            if aside is None:
                return self._in_memory(f"Your saved games in {path} are damaged ({error})"
                                       " and could not be moved aside")
            self.notice(f"Your saved games were damaged ({error}); the file was"
                                f" moved to {aside.name} beside it and a new one started.")
            return self._open()
        except OSError as error:
            why = f"Your saved games cannot be kept in {path.parent} ({error.strerror})"
            if self.role == "retrying":
                raise StoreError(f"{why}.", passing=True, reason=str(error.strerror)) from None
            return self._in_memory(why)

    def _in_memory(self, why: str) -> sqlite3.Connection:
        self.notice(f"{why}; {self.in_memory}.")
        return _prepared(sqlite3.connect(":memory:", isolation_level=None))


def _open_reader(path: Path) -> tuple[sqlite3.Connection, bool]:
    """The screen's connection: the file as it is (never made, changed or set aside
    here), waiting at most ``READ_BUSY_SECONDS``; read-only when the file or its
    directory cannot be written, and as it lies on the disk (``immutable``) when even a
    reader's shared memory beside it cannot be made. A file not made yet (or of an older
    schema) reads as an empty database until the writer has made it: standing in."""
    uri = path.resolve().as_uri()
    for mode in ("rw", "ro", "ro&immutable=1"):
        try:
            connection = sqlite3.connect(f"{uri}?mode={mode}", uri=True, isolation_level=None,
                                         timeout=READ_BUSY_SECONDS)
        except sqlite3.OperationalError:
            continue
        try:
            if _version(connection) < len(SCHEMA):  # older, or new: the writer brings it on
                connection.close()
                break
            return connection, False
        except sqlite3.OperationalError as error:
            connection.close()
            if _busy(error):
                raise
        except sqlite3.DatabaseError:
            connection.close()
            break
    empty = _prepared(sqlite3.connect(":memory:", isolation_level=None))
    empty.execute("PRAGMA query_only = ON")
    return empty, True


class Newer(sqlite3.DatabaseError):
    """A database from a newer release: kept as it is, never moved aside."""


def _connect(path: Path, busy: float) -> sqlite3.Connection:
    # isolation_level=None: transactions are begun explicitly (``writing``), so a read
    # never holds a lock another window waits for. ``check_same_thread`` off: the app's
    # writer opens its connection on the thread that then uses it, and is closed on
    # another once that thread has ended.
    connection = sqlite3.connect(path, timeout=busy, isolation_level=None,
                                 check_same_thread=False)
    try:
        connection.execute(f"PRAGMA busy_timeout = {int(busy * 1000)}")
        # FULL: a committed game survives a power cut too, at a cost no player notices
        # (one fsync per finished game).
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute(f"PRAGMA journal_size_limit = {WAL_LIMIT}")
        return _patiently(lambda: _set_up(connection), busy)
    except BaseException:
        connection.close()
        raise


def _set_up(connection: sqlite3.Connection) -> sqlite3.Connection:
    connection.execute("PRAGMA journal_mode = WAL")
    (check,) = connection.execute("PRAGMA quick_check").fetchone()
    if check != "ok":
        raise sqlite3.DatabaseError(f"SQLite's check says: {check}")
    return _prepared(connection)


def _patiently(step: Callable[[], sqlite3.Connection], busy: float) -> sqlite3.Connection:
    """``step``, tried again while another process holds the file, for ``busy`` seconds
    in all. Needed because SQLite never calls its busy handler for some steps of
    opening: switching a new or rollback-journal file to WAL reads, then writes, and a
    second process doing the same at that instant is told "database is locked" at once
    (four processes opening a new data folder together lost one session's games so)."""
    deadline = time.monotonic() + busy
    pause = 0.005
    while True:
        try:
            return step()
        except sqlite3.OperationalError as error:
            if not _busy(error) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


def _busy(error: sqlite3.OperationalError) -> bool:
    """Whether ``error`` is another process holding the file (passes), not a lasting
    refusal (no access, a read-only file)."""
    words = str(error)
    return "locked" in words or "busy" in words


def _version(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def _prepared(connection: sqlite3.Connection) -> sqlite3.Connection:
    """``connection`` with the schema brought up to date, in one transaction that
    reads the version again once it holds the write lock: two processes starting on
    a new file at once apply each step once."""
    if _version(connection) == len(SCHEMA):
        return connection
    connection.execute("BEGIN IMMEDIATE")
    with _rolled_back(connection):
        version = _version(connection)
        if version > len(SCHEMA):
            raise Newer(f"from a newer solitaire-tui (schema {version}; this one knows up"
                        f" to {len(SCHEMA)})")
        for number in range(version, len(SCHEMA)):
            for statement in SCHEMA[number]:
                connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {len(SCHEMA)}")
        connection.execute("COMMIT")
    return connection


@contextmanager
def _rolled_back(connection: sqlite3.Connection) -> Iterator[None]:
    """A transaction begun on ``connection`` is rolled back if the block fails, and
    the block's error is the one raised. SQLite may have rolled it back already (a
    full disk does, at the COMMIT): a ROLLBACK then fails with "no transaction is
    active", which must not hide why the transaction failed."""
    try:
        yield
    except BaseException:
        if connection.in_transaction:
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        raise


def move_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``<name>.damaged-<when>`` (a database's WAL files go
    with it), so it is never read again but nothing in it is lost."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for extra in range(100):
        aside = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{extra}" if extra else ""))
        if aside.exists():
            continue
        try:
            path.rename(aside)
            for suffix in ("-wal", "-shm"):
                companion = Path(f"{path}{suffix}")
                if companion.exists():
                    companion.rename(Path(f"{aside}{suffix}"))
        except OSError:
            return None
        return aside
    return None
