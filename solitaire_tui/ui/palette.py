"""Textual's command palette (``ctrl+p``: Theme, Card back, Keys, Quit), with PageUp and
PageDown made safe to press at once.

Textual's own pass the key to the palette's list, whose page move reads the lines of
a list not laid out yet when the first results have only just arrived, and ends the
app with a ``KeyError`` (``OptionList._move_page``; Textual 8.2, reported upstream
with the reproduction in ``docs/TEXTUAL.md``). Here the move waits for the list to be
laid out, and a list with no lines to move through does not move.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.widgets import OptionList


class Palette(CommandPalette):
    BINDINGS = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def action_page(self, direction: int) -> None:
        commands = self.query_one(CommandList)
        commands.call_after_refresh(self._page, commands, direction)

    @staticmethod
    def _page(commands: OptionList, direction: int) -> None:
        if not (commands.option_count and commands.scrollable_content_region.height):
            return  # nothing laid out to move through (hidden, or no results yet)
        move: Callable[[], None] = (commands.action_page_down if direction > 0
                                    else commands.action_page_up)
        move()
