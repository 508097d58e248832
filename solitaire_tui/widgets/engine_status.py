"""One quiet line, on every screen, while the engine is prepared in the background."""

from __future__ import annotations

from textual.widgets import Static

from solitaire_tui.widgets.text import set_text


class EngineStatus(Static):
    """The app's ``engine_note`` ("Preparing the engine …, 34 s in: compiling … · 3 of
    14 parts ready"), shown while the warm-up runs and gone once it is over."""

    DEFAULT_CSS = """
    EngineStatus { height: auto; color: $text-muted; display: none; padding: 0 1; }
    EngineStatus.-shown { display: block; }
    """

    def on_mount(self) -> None:
        self.watch(self.app, "engine_note", self._show)

    def _show(self, note: str) -> None:
        # The note changes every second (its seconds): the screen is laid out again
        # only when the line's height changes, not with every tick (``set_text``).
        set_text(self, note)
        self.set_class(bool(note), "-shown")
