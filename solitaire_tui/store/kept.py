"""The player's saved games as the app holds them: read on the screen's thread by a
connection that never waits, written by a writer of its own (``store.writer``), and
the stores (records, unfinished games, choices, runs) on the two."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from solitaire_tui.store import pending
from solitaire_tui.store.choices import Choices
from solitaire_tui.store.database import Database
from solitaire_tui.store.history import History
from solitaire_tui.store.legacy import import_old_files
from solitaire_tui.store.records import Records
from solitaire_tui.store.unfinished import Unfinished
from solitaire_tui.store.writer import Writer


class Store:
    """``tell`` and ``changed`` are called on the writer's thread: a notice for the
    player, and "what is saved may have changed" (``read_again`` then, on the screen's)."""

    def __init__(self, directory: Path, *, tell: Callable[[str], object],
                 changed: Callable[[], object]) -> None:
        self.reader = Database(directory, role="reader")
        self.writer = Writer(Database(directory, role="retrying"), tell=tell, saved=changed,
                             opened=import_old_files)
        self.records = Records(self.reader, self.writer)
        self.unfinished = Unfinished(self.reader, self.writer)
        self.choices = Choices(self.reader, self.writer)
        self.history = History(self.reader, self.writer)
        if self.writer.directory is not None:  # an earlier session's, still waiting
            for game in pending.finished(self.writer.directory):
                self.records.expect(game)

    def start(self, run: Callable[[Callable[[], None]], object]) -> None:
        """Start the writer: ``run(work)`` runs ``work`` on a thread of its own (the
        app's Textual thread worker)."""
        run(self.writer.run)

    def read_again(self) -> None:
        """The writer has written: a reader that stood in for a file not made yet, or
        found it held, reads the file afresh."""
        if self.reader.standing_in or self.reader.blocked:
            self.reader.reopen()

    def losses(self) -> list[str]:
        """What ending the app now loses, for the question asked first."""
        unkept = self.writer.unkept()
        if not unkept:
            return []
        games = sum(1 for save in unkept if (save.pending or {}).get("kind") == "finished")
        waits = [("a finished game" if games == 1 else f"{games} finished games")] if games else []
        waits += [what[0].lower() + what[1:] for what in dict.fromkeys(  # once each
            save.what for save in unkept if (save.pending or {}).get("kind") != "finished")]
        said = waits[0] if len(waits) == 1 else f"{', '.join(waits[:-1])} and {waits[-1]}"
        verb = "waits" if len(unkept) == 1 else "wait"
        return [f"{said} {verb} to be saved, and neither your saved games nor the folder"
                " beside them can be written now: quitting loses what waits"]

    def close(self) -> None:
        """The app ends: the writer tries what waits once more, for a moment at most,
        and keeps the rest in pending files."""
        self.writer.close()
        self.writer.join()
        self.reader.close()
