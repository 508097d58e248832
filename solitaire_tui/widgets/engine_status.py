"""One quiet line, on every screen, while the engine is prepared in the background."""

from __future__ import annotations

from textual.widgets import Static


class EngineStatus(Static):
    """The app's ``engine_note`` ("Preparing the engine …, 34 s in: compiling … · 3 of
    16 parts ready"), shown while the warm-up runs and gone once it is over."""

    DEFAULT_CSS = """
    EngineStatus { height: auto; color: $text-muted; display: none; padding: 0 1; }
    EngineStatus.-shown { display: block; }
    """

    def on_mount(self) -> None:
        self.watch(self.app, "engine_note", self._show)

    def _show(self, note: str) -> None:
        self.update(note)
        self.set_class(bool(note), "-shown")
