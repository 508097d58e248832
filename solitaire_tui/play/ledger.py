"""How a game was played, and so whether and how it counts when it ends.

The ledger holds the flags every game shares (a hint asked for, auto play's moves,
practice on a deal played to its end before, the row already written); a game's
table adds its own flags beside them (``GameTable.flags``). A game kept unfinished
keeps them as plain JSON (``store.unfinished``) and reads them back with ``taken``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solitaire_tui.store.records import How
from solitaire_tui.store.unfinished import Damaged

KEPT = ("helped", "auto", "practice")  # the flags a game kept unfinished holds


@dataclass
class Ledger:
    helped: bool = False  # a hint was asked for in this game
    auto: bool = False  # auto play made a move in this game
    practice: bool = False  # this deal was played to its end before (this game too)
    recorded: bool = False  # the finished game's row is written

    def flags(self) -> dict[str, Any]:
        return {"helped": self.helped, "auto": self.auto, "practice": self.practice}

    @classmethod
    def taken(cls, flags: Mapping[str, Any]) -> Ledger:
        """The ledger of a game kept with ``flags``; ``Damaged`` if they cannot be read."""
        return cls(*(flag(flags, name) for name in KEPT))

    def uncounted(self) -> str | None:
        """Why the game counts toward no record, as far as the shared flags say:
        practice on a deal played to its end before (``r`` after a game, a deal chosen
        again, a game taken back past its recorded end). A game auto play or finishing
        made moves in counts: as the player's own where every move is forced, and as a
        win with help where there are choices (``how``, ``Record.helped``)."""
        if self.practice:
            return "Practice on a deal played to its end before"
        return None

    def how(self) -> How:
        """How the game was played, as its saved row says (a replay aside)."""
        if self.auto:
            return "auto"
        return "help" if self.helped else "player"


def flag(flags: Mapping[str, Any], name: str) -> bool:
    """A yes-or-no flag of a game kept unfinished (``Damaged`` if it is not one)."""
    value = flags.get(name)
    if not isinstance(value, bool):
        raise Damaged(f"its {name} flag is {value!r}")
    return value
