"""A page of Markdown over the current screen: a game's rules and keys, or the app's.

The words come from the screen that opens it (a game's rules page is in its home);
the keys are the screen's own bindings, as its footer shows them.

A page must open as fast as any key shows its effect (``bench --engine keys``), and
Textual's Markdown took a third of a second to open one. So:

- a table is drawn as one widget (``TableBlock``), where Textual's Markdown makes a
  widget of every cell: a page's table of keys was forty of them;
- the page scrolls by the screen's keys and is never focused, as a focus change
  restyles every block inside the widget that gains or loses it;
- a page once opened is kept (``show_help``), so opening it again draws it only, and
  is not restyled unless the app's look changed since (``HelpScreen.update_node_styles``);
  a game's page is composed once its board is drawn (``help_ahead``), so even the first
  ``?`` only lays it out and draws it;
- its footer is the game screens' (``KeyFooter``), composed once, where Textual's
  composes its keys again each time the page is shown; and the footer of the screen
  under the page, which it covers whole, stays as it is (``KeyFooter``'s docstring).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Markdown

from solitaire_tui.textual_private import MarkdownTable, compose_ahead, table_cells
from solitaire_tui.ui.keys import APP_KEYS, SHARED_ACTIONS
from solitaire_tui.widgets.footer import KeyFooter

GAP = 2  # spaces between a table's columns
LAST_COLUMN = 12  # the least width a table's last column wraps to


def keys_table(bindings: Iterable[Any]) -> str:
    """The keys shown in the footer as a Markdown table, each action once, with its
    footer word and what it does (its tooltip); then the keys every screen has (the
    menu, quit)."""
    rows = ["| key | does |", "|---|---|"]
    seen = set()
    shown = [binding for binding in bindings if isinstance(binding, Binding) and binding.show]
    for binding in [*shown, *(key for key in APP_KEYS if isinstance(key, Binding))]:
        if binding.action in seen:
            continue
        seen.add(binding.action)
        keys = binding.key_display or binding.key.replace(",", " or ")
        does = binding.description + (f": {binding.tooltip}" if binding.tooltip else "")
        rows.append(f"| `{keys}` | {does} |")
    return "\n".join(rows)


def game_page(rules: str, bindings: Iterable[Any], offers: Callable[[str], bool],
              mouse: str) -> str:
    """A game's page: its rules, then the keys its screen has that the game being
    played offers (every deal of a game shares one page; what is played is the
    page's title), then what the mouse does."""
    def offered(binding: Binding) -> bool:
        action = binding.action.split("(")[0]
        return action not in SHARED_ACTIONS or offers(action)

    keys = [binding for binding in bindings if isinstance(binding, Binding) and offered(binding)]
    return f"{rules}\n\n## Keys\n\n{keys_table(keys)}\n\nThe mouse works too: {mouse}."


class TableLines(Widget):
    """A table's cells as lines of text: every column as wide as its widest cell but
    the last, which takes the width left and wraps its cells within it."""

    DEFAULT_CSS = """
    TableLines { height: auto; padding: 0 1; }
    """

    def __init__(self, headers: list[Content], rows: list[list[Content]]) -> None:
        super().__init__()
        self.headers = [header.stylize("bold $primary") for header in headers]
        self.rows = [(row + [Content()] * len(headers))[:len(headers)] for row in rows]
        # The lines at each width asked for: a layout asks a table's height several
        # times, and wrapping every cell each time was most of a page's layout.
        self._lines: dict[int, list[Content]] = {}

    def lines(self, width: int) -> list[Content]:
        if width not in self._lines:
            self._lines[width] = self._wrapped(width)
        return self._lines[width]

    def _wrapped(self, width: int) -> list[Content]:
        table = [self.headers, *self.rows]
        widths = [max(cell.cell_length for cell in column) for column in zip(*table, strict=True)]
        widths[-1] = max(LAST_COLUMN, width - sum(widths[:-1]) - GAP * (len(widths) - 1))
        lines: list[Content] = []
        for row in table:
            wrapped = [cell.wrap(column) or [Content()] for cell, column
                       in zip(row, widths, strict=True)]
            for number in range(max(len(cell) for cell in wrapped)):
                pieces = [cell[number] if number < len(cell) else Content()
                          for cell in wrapped]
                lines.append(Content(" " * GAP).join(
                    piece.pad_right(column - piece.cell_length)
                    for piece, column in zip(pieces, widths, strict=True)).rstrip())
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Content:
        return Content("\n").join(self.lines(self.content_size.width))


class TableBlock(MarkdownTable):
    """A Markdown table drawn by one widget (``TableLines``)."""

    def compose(self) -> ComposeResult:
        headers, rows = table_cells(self)
        yield TableLines(headers, rows)


class HelpMarkdown(Markdown):
    BLOCKS = {**Markdown.BLOCKS, "table_open": TableBlock}


class Page(VerticalScroll, can_focus=False):
    """The page's words, scrolled by the screen's keys or the mouse."""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,question_mark,q", "dismiss", "Close", key_display="esc"),
        Binding("up", "scroll('up')", "Scroll", key_display="↑↓"),
        Binding("down", "scroll('down')", "Scroll", show=False),
        Binding("pageup", "scroll('page_up')", "Page up", show=False),
        Binding("pagedown,space", "scroll('page_down')", "Page down", show=False),
        Binding("home", "scroll('home')", "Top", show=False),
        Binding("end", "scroll('end')", "End", show=False),
    ]

    CSS_PATH = "help.tcss"
    # Nothing on the page takes the focus (it scrolls by the screen's keys), and
    # Textual's auto focus looked through every block each time the page was shown.
    AUTO_FOCUS = ""

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown
        self.frame_title = ""  # on the page's frame: what is being played now, say
        self._styled_for: tuple[Any, ...] = ()  # the look the page was last styled for
        self._filled = False  # its words mounted (``_fill``), as it is first shown

    def _look(self) -> tuple[Any, ...]:
        """What the page's styles follow from: nothing inside the page changes its
        classes, so the app's theme and variables and the classes of app and screen.
        The variables as the app last worked them out (``theme_variables``, on each
        change of its look): working them out again took half a millisecond a page."""
        return (self.app.theme, tuple(self.app.theme_variables.items()),
                frozenset(self.app.classes), frozenset(self.classes))

    def update_node_styles(self, animate: bool = True) -> None:
        """Restyle the page only when its look changed: Textual restyles every widget
        of a screen each time it is shown, in case the theme changed while it was
        hidden, and for a page of a hundred blocks that was a third of its opening."""
        look = self._look()
        if look != self._styled_for:
            super().update_node_styles(animate)
            self._styled_for = look

    def compose(self) -> ComposeResult:
        yield Page()
        yield KeyFooter(compact=True)

    def _fill(self) -> None:
        """The words, once the frame is on the screen: building the page's blocks takes
        a few frames' time, the first time a page is opened."""
        self.query_one(Page).mount(HelpMarkdown(self.markdown))
        self._styled_for = self._look()  # the blocks are styled as they mount

    def on_screen_resume(self) -> None:
        self.query_one(Page).border_title = self.frame_title
        if not self._filled:  # as it is first shown, composed then or ahead of it
            self._filled = True
            self.call_after_refresh(self._fill)

    def action_scroll(self, where: str) -> None:
        getattr(self.query_one(Page), f"scroll_{where}")(animate=False)


def show_help(app: App[Any], markdown: str, title: str = "") -> None:
    """Open a help page over the current screen, the one kept from the last time the
    same words were asked for, if any: pages differ by screen and by the keys it has
    (a handful in all), not by deal, which goes in the ``title``."""
    screen = app.get_screen(_installed(app, markdown))
    assert isinstance(screen, HelpScreen)
    screen.frame_title = title
    app.push_screen(screen)


def help_ahead(app: App[Any], markdown: str) -> None:
    """Compose the page of ``markdown`` now, for ``show_help`` to show later: composed
    as it was first opened, its screen and footer took half of the first ``?`` (some
    12 ms of 23 idle, 40 of 58 beside a busy program). Its words still come as it is
    first shown."""
    compose_ahead(app, _installed(app, markdown))


def _installed(app: App[Any], markdown: str) -> str:
    """The name of the page of ``markdown``, installed if it was not yet."""
    name = "help-" + hashlib.sha256(markdown.encode()).hexdigest()[:16]
    if not app.is_screen_installed(name):
        app.install_screen(HelpScreen(markdown), name)
    return name
