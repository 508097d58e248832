"""The players a person keeps for the app: the Python files in a folder of the data
directory, one folder a game (``players/sequence/`` for Sequence Solitaire).

The app loads them when asked for them (the helper's dialog, the statistics panel),
again each time, so a file edited meanwhile is the one used: each file's top level in
a process of its own, all of a folder's at once (``files.load_all``), so a read waits
one load budget at most. Only the app of the person at this machine has such a folder
(``Services.players``); a guest of ``serve`` has none, and loads no code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rules.errors import OptionsError
from solitaire_tui.own_players import files
from solitaire_tui.own_players.files import SUFFIX, OwnPlayer

FOLDER = "players"
MOST = 20  # files a game's folder is read for, at most: a helper's list stays short


@dataclass(frozen=True)
class Found:
    """The players loaded from a game's folder, and a sentence for each file that is
    no player."""

    players: list[OwnPlayer] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def of_game(data: Path, game: str) -> Path:
    """Where ``game``'s players are kept."""
    return data / FOLDER / game


def load(data: Path, game: str, rules: str) -> Found:
    """Every player file in ``game``'s folder, loaded again (in name order)."""
    folder = of_game(data, game)
    found = Found()
    try:
        paths = sorted(path for path in folder.iterdir()
                       if path.suffix == SUFFIX and path.is_file())
    except OSError:
        return found  # no folder yet: no players
    read = paths[:MOST]
    for path, loaded in zip(read, files.load_all([str(path) for path in read], game, rules),
                            strict=True):
        if isinstance(loaded, OptionsError):
            found.problems.append(_named_by_file(str(loaded), path))
        else:
            found.players.append(loaded)
    if len(paths) > MOST:
        found.problems.append(f"Only the first {MOST} files of {folder} are read")
    return found


def _named_by_file(sentence: str, path: Path) -> str:
    """A sentence that starts with the file's path, named by the file alone (the folder
    is said beside it); any other (two players of one name) whole."""
    where = str(path.resolve())  # as the file's sentences name it
    return path.name + sentence[len(where):] if sentence.startswith(where) else sentence
