"""Option lists whose PageUp and PageDown are safe to press at once.

Textual's own page move reads the lines of the list as last laid out, and a list
whose options have just been added or replaced (the menu read again, the command
palette's first results) has none yet: it ends the app with a ``KeyError``
(``OptionList._move_page``, Textual 8.2; the reproduction for upstream is in
``docs/TEXTUAL.md``). Here the move waits for the next refresh, and a list with no
lines to move through then does not move.
"""

from __future__ import annotations

from textual.widgets import OptionList


def page(options: OptionList, direction: int) -> None:
    """Move ``options``' highlight a page down (``direction`` 1) or up (-1), once the
    list is laid out; call it after a refresh."""
    if not (options.option_count and options.scrollable_content_region.height):
        return  # nothing laid out to move through (hidden, or no options yet)
    if direction > 0:
        OptionList.action_page_down(options)  # type: ignore[no-untyped-call]
    else:
        OptionList.action_page_up(options)  # type: ignore[no-untyped-call]


class PagedOptionList(OptionList):
    """An ``OptionList`` whose page keys wait for the list to be laid out."""

    def action_page_down(self) -> None:
        self.call_after_refresh(page, self, 1)

    def action_page_up(self) -> None:
        self.call_after_refresh(page, self, -1)
