"""The game in play, kept as it goes in its screen's slot of unfinished games
(``store.unfinished``), so the menu can offer it again after a quit, a crash or a kill.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from solitaire_tui.store.database import StoreError
from solitaire_tui.store.unfinished import Kept, Unfinished, new_slot


class Keeps(Protocol):
    """What is kept: a game table (``GameTable``)."""

    @property
    def in_play(self) -> bool: ...

    def kept(self, slot: str) -> Kept | None: ...


class Keeper:
    """One slot's row: written after each change, dropped when the game is over or
    thrown away. A failure is told once (the row stays as it was, and the next change
    tries again) until a save succeeds."""

    def __init__(self, unfinished: Unfinished, table: Keeps,
                 later: Callable[[Callable[[], None]], object],
                 tell: Callable[[str], None]) -> None:
        """``later(save)``: save once the change is shown, so that the save (a
        millisecond or so) never delays what a key shows; ``tell``: a failure, said."""
        self.unfinished = unfinished
        self.table = table
        self.later = later
        self.tell = tell
        self.slot = new_slot()
        self.kept_row = False  # the slot holds this game in play
        self.saved = True  # the last change was saved
        self._due = False  # a change is to be saved

    def resume(self, slot: str) -> None:
        """Keep the game in the slot it was resumed from."""
        self.slot, self.kept_row = slot, True

    def soon(self) -> None:
        """Save the change ``later``, when there is a game in play or a row to drop."""
        if not self._due and (self.table.in_play or self.kept_row):
            self._due = True
            self.later(self.now)

    def now(self) -> None:
        """Save the game in play in the slot, or drop the slot's row when there is no
        game in play any more (over, thrown away, undone to its start)."""
        if not self._due:
            return
        self._due = False
        kept = self.table.kept(self.slot)
        try:
            if kept is not None:
                self.unfinished.put(kept)
            elif self.kept_row:
                self.unfinished.drop(self.slot)
        except StoreError as error:
            if self.saved:
                self.tell(str(error))
            self.saved = False
            return
        self.kept_row, self.saved = kept is not None, True

    def leaving(self, title: str) -> str:
        """What leaving the game in play does to it, for the question asked first."""
        self.now()
        keeping = self.unfinished.saver.keeping if self.kept_row and self.saved else "never"
        if keeping == "now":
            return (f"the {title} game in play is not over: it is kept, and the menu offers"
                    " it to resume")
        if keeping == "later":
            return (f"the {title} game in play is not over, and your saved games cannot be"
                    " written now: it waits beside them, to be kept when they can be")
        return f"the {title} game in play is not over, and is not kept"
