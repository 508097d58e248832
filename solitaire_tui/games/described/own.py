"""Games of one's own: description files in the data directory's ``games/`` folder,
each played as the shipped ones are.

Only the person at the shell chooses them: the command line reads the folder for
its own process (``registry.take_owners_games``), never for a ``serve`` guest. A file
there may have come from anywhere, so it is read as hostile input: only regular
files, a bounded number of them, each read no further than the longest description
allows, checked field by field (``rules.calculation.description``), and its key not
one another game has. Each file that is no game gives one sentence naming it and
the field at fault; the others are played.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from rules.calculation.description import LARGEST_FILE, Description, DescriptionError, parse

FOLDER = "games"
SUFFIX = ".toml"
MOST = 32  # files read at most, in name order
LARGEST_BYTES = 4 * LARGEST_FILE  # UTF-8 takes up to four bytes a character


@dataclass(frozen=True)
class Found:
    """The games described in the folder, and a sentence for each file that is none."""

    descriptions: tuple[Description, ...] = ()
    problems: tuple[str, ...] = ()


def folder(data: Path) -> Path:
    """Where one's own games are kept."""
    return data / FOLDER


def read(data: Path, taken: Collection[str]) -> Found:
    """Every description in the folder, in name order, whose key is none of ``taken``
    (the other games') nor an earlier file's."""
    where = folder(data)
    try:
        paths = sorted(path for path in where.iterdir() if path.suffix == SUFFIX)
    except FileNotFoundError:
        return Found()  # no folder: no games of one's own
    except OSError as error:
        return Found((), (f"{where} cannot be read: {error.strerror or error}",))
    problems = [f"{where} holds more than {MOST} games: the first {MOST} are read"
                ] if len(paths) > MOST else []
    descriptions: list[Description] = []
    keys = set(taken)
    for path in paths[:MOST]:
        try:
            description = parse(_text(path))
            if description.key in keys:
                raise DescriptionError(f"key: {description.key!r} is another game's")
        except DescriptionError as error:
            problems.append(f"{path}: {error}")
            continue
        keys.add(description.key)
        descriptions.append(description)
    return Found(tuple(descriptions), tuple(problems))


def _text(path: Path) -> str:
    """A file's text, read no further than a description may be long; anything but a
    regular file (a pipe would wait for ever) is refused unread."""
    if not path.is_file():
        raise DescriptionError("not a regular file")
    try:
        with path.open("rb") as file:
            raw = file.read(LARGEST_BYTES + 1)
    except OSError as error:
        raise DescriptionError(f"cannot be read: {error.strerror or error}") from None
    if len(raw) > LARGEST_BYTES:
        raise DescriptionError(f"the file is longer than {LARGEST_FILE:,} characters")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DescriptionError("the file is not UTF-8 text") from None
