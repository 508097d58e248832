"""The command line's saving: each save written at once on the caller's thread, and
one that cannot be (the database held past the wait, a full disk, a file that could
only be opened in memory) kept in a pending file for the next process that can, with
one sentence for the person at the shell. A run finished by ``stats`` is never lost
without a word, and never only in memory.

Once it has written, it also writes what processes gone left pending (``store.pending``),
as the app's writer does when it opens the database.
"""

from __future__ import annotations

from collections.abc import Callable

from solitaire_tui.store import pending
from solitaire_tui.store.database import Database, StoreError
from solitaire_tui.store.saving import Keeping, Now, Save


class Direct:
    """``tell`` is given each sentence for the person (the command line's stderr)."""

    def __init__(self, database: Database, tell: Callable[[str], object]) -> None:
        self.database = database
        self.tell = tell
        database.in_memory = "what this command saves is kept beside it until it can be"
        database.listen(tell)  # a damaged file set aside, a file that cannot be opened
        self.directory = None if database.path is None else database.path.with_name(
            pending.NAME)
        self.owner = None if self.directory is None else pending.Owner(self.directory)
        self._now = Now(database)

    def save(self, save: Save) -> None:
        """Write ``save`` now, or keep it for later and say so; never raises."""
        if self.database.saving:
            try:
                self._now.save(save)
            except StoreError as error:
                if not error.passing or save.pending is None:
                    self.tell(str(error))
                    return
                self._keep(save, error.reason)
                return
            self._write_waiting()
            return
        self._keep(save, "", told=True)

    @property
    def keeping(self) -> Keeping:
        return "now" if self.database.saving else "later"

    def close(self) -> None:
        if self.owner is not None:
            self.owner.close()

    def _keep(self, save: Save, why: str, *, told: bool = False) -> None:
        """Keep ``save`` for later and say so; ``told``: the database's notice has said
        why it cannot be written (it could only be opened in memory)."""
        why = "" if told else f" ({why})"
        if save.pending is None or self.owner is None:
            self.tell(f"{save.what} could not be saved{why}.")
            return
        try:
            self.owner.keep(save.pending)
        except OSError as error:
            self.tell(f"{save.what} could not be saved{why}, nor kept beside your saved"
                      f" games ({error.strerror}).")
            return
        self.tell(f"{save.what} could not be saved now{why}; it is kept in"
                  f" {self.directory} and saved by the next solitaire-tui that can.")

    def _write_waiting(self) -> None:
        """Write what processes gone left pending, until one write fails (it waits on)."""
        if self.owner is None or self.directory is None:
            return
        self.owner.take_over()
        for name, save in pending.waiting(self.directory, self.tell, (), self.owner):
            try:
                self._now.save(save)
            except StoreError as error:
                if error.passing:
                    return
                self.tell(str(error))
            pending.forget(self.directory, name)
