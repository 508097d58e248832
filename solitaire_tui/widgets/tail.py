"""The newest lines of a growing list, as many as the widget's height holds.

A move log only ever grows at the end and is read from there; showing its tail
needs no scrolling, so a small terminal shows the last few moves and a tall one
shows most of the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget


class Tail(Widget):
    DEFAULT_CSS = """
    Tail { height: 1fr; }
    """

    def __init__(self, heading: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.heading = heading
        self.lines: Sequence[str] = ()

    def show(self, lines: Sequence[str]) -> None:
        self.lines = lines
        self.refresh()

    def render(self) -> Text:
        room = max(0, self.size.height - 1)
        shown = self.lines[-room:] if room else ()
        text = Text(self.heading, style="bold dim")
        for number, line in enumerate(shown, 1):
            text.append("\n" + line, style="bold" if number == len(shown) else "")
        return text
