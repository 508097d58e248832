"""Textual's footer, wrapped onto as many rows as the keys need.

A game has a dozen keys; on one row at 80 columns the footer cuts their names
short. Here each key gets a cell at least ``CELL`` wide, as many cells to a row as
the width allows, so every name is whole at 80 columns and wider screens use
fewer rows.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer

CELL = 13


class KeyFooter(Footer):
    DEFAULT_CSS = """
    KeyFooter { layout: grid; grid-columns: 1fr; height: auto; }
    KeyFooter.-compact FooterKey { margin-right: 0; }  /* the grid spaces the keys */
    """

    def compose(self) -> ComposeResult:
        yield from super().compose()
        self._set_columns(self.size.width or self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._set_columns(event.size.width)

    def _set_columns(self, width: int) -> None:
        self.styles.grid_size_columns = max(1, width // CELL)
