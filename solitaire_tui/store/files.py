"""Files the app keeps for the player (records, the history of runs): written whole
and atomically, and never lost when they cannot be read.

A crash while writing leaves the old file, never half a new one. A file that cannot
be parsed is moved aside under a new name, never overwritten, and the player is
told where it went; one that cannot be read at all is left alone and nothing is
written over it this session.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def load_json(path: Path, parse: Callable[[Any], T], what: str,
              unsaved: str) -> tuple[T | None, bool, str | None]:
    """``parse`` of the JSON in ``path`` (None when there is no file yet), whether the
    file may be written this session, and a notice for the player when something
    went wrong. ``what`` names the file to the player ("Your statistics"), and
    ``unsaved`` what is lost when it cannot be written ("this session's games")."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, True, None
    except OSError as error:
        return None, False, (f"{what} in {path} could not be read ({error.strerror});"
                             f" {unsaved} will not be saved.")
    try:
        return parse(json.loads(text)), True, None
    except (ValueError, TypeError, KeyError) as error:
        aside = _move_aside(path)
        if aside is None:
            return None, False, (f"{what} in {path} are damaged ({error}) and could not be"
                                 f" moved aside; {unsaved} will not be saved.")
        return None, True, (f"{what} file was damaged ({error}); it was moved to"
                            f" {aside.name} beside it and a new one started.")


def _move_aside(path: Path) -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for extra in range(100):
        aside = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{extra}" if extra else ""))
        if not aside.exists():
            try:
                path.rename(aside)
            except OSError:
                return None
            return aside
    return None


def write_atomically(path: Path, text: str) -> None:
    """Write beside the target, flush to disk, then rename over it in one step."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
