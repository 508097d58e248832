"""The parts of Textual's inside this app leans on, in one place.

Each does what Textual offers no public way to do, said beside it. Textual may change
any of them in a release without notice, so each has a test
(``tests/app/test_textual_private.py``) that fails at once, naming it, when an upgrade
renames or reshapes it, rather than a screen going subtly wrong; and the ``textual``
range in ``pyproject.toml`` is the minor release CI runs.

Some are overridden rather than called: ``DOMNode.update_node_styles``, which a
kept help page skips while its look is unchanged (``ui.help.HelpScreen``);
``App._handle_exception``, where the player's app ends on an error nobody caught with
one line rather than a screenful of traceback (``app.SolitaireApp``); the command
palette's PageUp and PageDown bindings, and ``App.action_command_palette``,
``search_commands`` and ``search_themes`` that open it (``ui.palette``); and
``OptionList``'s page actions (``widgets.pages``): these two step around a Textual
bug (``docs/TEXTUAL.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.content import Content
from textual.driver import Driver
from textual.widgets._markdown import MarkdownTable  # a help page's table, as one widget
from textual.widgets._toggle_button import ToggleButton  # whose mark a toggle sets
from textual.worker import Worker, active_worker

__all__ = ["MarkdownTable", "ToggleButton", "current_worker", "driver_of",
           "forget_worker", "on_each_frame", "table_cells"]


def current_worker() -> Worker[Any] | None:
    """The worker this thread runs, if any (Textual's own ``get_current_worker``
    raises outside one)."""
    return active_worker.get(None)


def forget_worker() -> None:
    """Clear this thread's worker: Textual never clears it, and an idle pool thread so
    kept the last worker it ran alive, with its screen (``ui.workers.let_go``)."""
    active_worker.set(None)  # type: ignore[arg-type]


def table_cells(table: MarkdownTable) -> tuple[list[Content], list[list[Content]]]:
    """A Markdown table's header cells and rows, as Textual parsed them."""
    return table._get_headers_and_rows()


def on_each_frame(app: App[Any], seen: Callable[[Any, Any], None]) -> None:
    """Call ``seen(screen, frame)`` after each frame the app paints (``bench_keys``
    times a key to the frame that shows it)."""
    paint = app._display

    def painted(screen: Any, renderable: Any) -> None:
        paint(screen, renderable)
        seen(screen, renderable)

    app._display = painted  # type: ignore[method-assign]


def driver_of(app: App[Any]) -> Driver:
    """The driver an app runs on (``bench_keys`` sends keys as its input thread does)."""
    driver = app._driver
    assert driver is not None, "the app is not running"
    return driver
