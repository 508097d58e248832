"""The status line under a game's board, with the sign of auto play at its end.

The sign ("▶ auto play · 3 moves/s · a stops", a finish's progress) is drawn by the
status line itself, at the right end of its last row, not as a widget of its own
beside it: a widget shown or hidden moves what is beside it and lays the whole
screen out again (some 20 ms at 100×32, most of what ``a`` cost), and one as wide as
its words did so again each time the speed measured changed. Drawn here, the sign
coming and going, and its words changing, repaint one line; the screen is laid out
again only when the line takes a row more or less (``relaid_if_taller_or_shorter``).
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from solitaire_tui.widgets.text import relaid_if_taller_or_shorter


class StatusLine(Static):
    # Its words say auto play is on; the colour only marks the sign out.
    COMPONENT_CLASSES: ClassVar[set[str]] = {"status-line--sign"}
    DEFAULT_CSS = """
    StatusLine { height: auto; padding: 0 1; }  /* wraps rather than cut */
    StatusLine > .status-line--sign { background: $accent; color: $text; text-style: bold; }
    """

    _status = ""
    _sign: str | None = None

    @property
    def sign(self) -> str | None:
        """The sign's words, or None while there is none."""
        return self._sign

    def show(self, status: str) -> None:
        """Show the game's counts ``status``."""
        if status != self._status:
            self._status = status
            self._drawn()

    def show_sign(self, sign: str | None) -> None:
        """Show ``sign`` at the line's end, or no sign (None)."""
        if sign != self._sign:
            self._sign = sign
            self._drawn()

    def _drawn(self) -> None:
        self.update(self._renderable(), layout=False)
        relaid_if_taller_or_shorter(self)

    def _renderable(self) -> RenderableType:
        if self._sign is None:
            return Text(self._status)
        grid = Table.grid(expand=True)
        grid.add_column(ratio=1)  # the counts wrap; the sign is whole at the right
        grid.add_column(no_wrap=True)
        sign = Text(f" {self._sign} ", style=self.get_component_rich_style("status-line--sign"))
        grid.add_row(Padding(Text(self._status), (0, 1, 0, 0)), sign)
        return grid
