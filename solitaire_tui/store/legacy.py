"""The JSON files earlier releases kept (``records.json``, ``runs.json``), read into the
database once and then renamed ``<name>.imported``, so nothing a player saved is lost
in the move and nothing is counted twice.

Each file is imported in one transaction that also notes its name in the database:
two windows starting at once import it once. A file that cannot be parsed is moved
aside under a new name with a notice, never deleted; one that cannot be read at all
is left where it is, with a notice.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from solitaire_tui.store.database import Database, StoreError, move_aside
from solitaire_tui.store.history import KEPT, thinned

RECORDS = "records.json"
RUNS = "runs.json"
FORMAT = 1
# What a damaged file may raise while parsed: bad bytes or JSON (ValueError), the
# wrong shapes (TypeError, KeyError, AttributeError), JSON nested past Python's limit
# (RecursionError), a number too large for a whole number (OverflowError).
DAMAGE = (ValueError, TypeError, KeyError, AttributeError, RecursionError, OverflowError)

Rows = list[tuple[Any, ...]]
INSERT_RECORDS = "INSERT OR REPLACE INTO imported_records VALUES (?, ?, ?, ?, ?, ?)"
INSERT_RUNS = "INSERT INTO runs (game, finished, data, curve) VALUES (?, ?, ?, ?)"


def import_old_files(database: Database) -> None:
    """Bring the files of an earlier release beside the database into it."""
    if database.directory is None or not database.saving:
        return  # imported into memory, then renamed, the old figures would be lost
    for name, parse, insert in ((RECORDS, _records, INSERT_RECORDS),
                                (RUNS, _runs, INSERT_RUNS)):
        _import(database, database.directory / name, parse, insert)


def _import(database: Database, path: Path, parse: Callable[[Any], Rows],
            insert: str) -> None:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return
    except OSError as error:
        database.notice(f"{path} could not be read ({error.strerror}); it was"
                                " left where it is and not imported.")
        return
    try:
        rows = parse(json.loads(raw.decode("utf-8")))
    except DAMAGE as error:
        aside = move_aside(path)
        where = (f"it was moved to {aside.name} beside it" if aside is not None
                 else "it could not be moved aside")
        database.notice(f"The old file {path.name} was damaged"
                                f" ({type(error).__name__}: {error}); {where}.")
        return
    try:
        with database.writing(f"What {path.name} held") as connection:
            when = datetime.now().astimezone().isoformat(timespec="seconds")
            if connection.execute("INSERT OR IGNORE INTO imported_files VALUES (?, ?)",
                                  (path.name, when)).rowcount == 0:
                rows = []  # another window has imported it meanwhile
            connection.executemany(insert, rows)
    except StoreError as error:
        database.notice(str(error))
        return
    with contextlib.suppress(OSError):  # noted as imported, so never read twice anyway
        path.rename(path.with_name(f"{path.name}.imported"))


def _records(data: Any) -> Rows:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a format-{FORMAT} statistics file")
    rows = []
    for game, variants in data["games"].items():
        for variant, fields in variants.items():
            numbers = [fields[name] for name in ("played", "won", "streak", "best")]
            if not all(isinstance(n, int) and 0 <= n < 2**63 for n in numbers) or (
                    numbers[1] > numbers[0]):
                raise ValueError(f"impossible figures for {game} {variant}")
            rows.append((str(game), str(variant), *numbers))
    return rows


def _runs(data: Any) -> Rows:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a format-{FORMAT} history file")
    rows = []
    for item in reversed(data["runs"][:KEPT]):  # oldest first, so the newest has the top id
        run = item["run"]
        if not isinstance(run, dict) or not isinstance(run["game"], str):
            raise ValueError("a run without its game")
        curve = [(int(done), [int(wins) for wins in each]) for done, each in item["curve"]]
        rows.append((run["game"], str(item["when"]), json.dumps(run),
                     json.dumps(thinned(curve))))
    return rows

