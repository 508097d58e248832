"""A seat at a table that a player of one's own plays, as the built-in computers do
(Add/Residue's set-up offers the files of the owner's ``players/<game>/`` folder).

``choose`` is asked in the background, where the screen asks its computers: the file
is read from the folder the first time it is needed (a game resumed from last time
may need it before the screen has read the folder), and the move is worked out in a
worker process of the player's own (``running.hint``), where its budget holds. A
player that goes wrong raises ``playing.Fault``, whose sentence the screen says.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.errors import OptionsError
from solitaire_tui.own_players import files, folder
from solitaire_tui.own_players.files import SUFFIX

MOST_NAME = 60  # a file name's characters, at most, as a seat's level


def is_own(level: str | None) -> bool:
    """Whether a seat's level names a player of one's own: a file's name, no path."""
    return (level is not None and level.endswith(SUFFIX) and len(level) <= MOST_NAME
            and Path(level).name == level)


class OwnSeat:
    """The player in file ``name`` at a seat; ``data``: the data directory whose
    folder holds it (None for a guest of ``serve``, who loads no code)."""

    def __init__(self, name: str, data: Callable[[], Path | None], game: str, rules: str,
                 deal: int) -> None:
        self.name, self._data, self._game, self._rules, self._deal = name, data, game, rules, deal

    def choose(self, state: Any) -> Any:
        own = files.find(self.name, self._game)
        data = self._data()
        if own is None and data is not None:
            folder.load(data, self._game, self._rules)
            own = files.find(self.name, self._game)
        if own is None:
            where = "" if data is None else f" in {folder.of_game(data, self._game)}"
            raise OptionsError(f"{self.name} is not one of your players{where}")
        from solitaire_tui.own_players import running  # numpy: not before a player is asked

        return running.hint(own, state, self._deal)
