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
``search_commands`` and ``search_themes`` that open it (``ui.palette``);
``OptionList``'s page actions (``widgets.pages``); and ``App._end_batch``, after
which the app wakes the screen in front, whose repaint a batch held
(``app.SolitaireApp``). These three step around Textual bugs (``docs/TEXTUAL.md``),
as ``own_bindings`` does for the text fields
(``widgets.field``). Two of the terminal driver's ways are mended where a
terminal goes away (``sturdy_output``, ``resume_only_after_a_stop``;
``docs/upstream/textual-writer-hang.md``), and ``Select``'s mount where the app closes
as it mounts (``SteadySelect``). A footer composes its keys with its screen
(``footer_ready``), and a key already shown is enabled or not in place
(``enable_footer_key``) rather than the footer composed again. Dead widgets'
drawn lines are let go (``styles_caches_let_go``). A game's rules page is composed
before it is first shown (``compose_ahead``).
"""

from __future__ import annotations

import contextlib
import functools
import signal
from collections.abc import Callable
from types import FrameType
from typing import Any

from textual import events
from textual._styles_cache import StylesCache  # what a widget drew, kept for its next frame
from textual.app import App
from textual.binding import Binding
from textual.color import Color
from textual.content import Content
from textual.dom import DOMNode
from textual.driver import Driver
from textual.drivers._writer_thread import WriterThread
from textual.style import Style
from textual.widgets import Footer, Select
from textual.widgets._footer import FooterKey  # a footer's key, kept between moves
from textual.widgets._markdown import MarkdownTable  # a help page's table, as one widget
from textual.widgets._select import SelectOverlay  # a choice's list, which it mounts first
from textual.widgets._toggle_button import ToggleButton  # whose mark a toggle sets
from textual.worker import Worker, active_worker

__all__ = ["FooterKey", "MarkdownTable", "SteadySelect", "SturdyWriter", "ToggleButton",
           "current_worker", "driver_of", "enable_footer_key", "forget_worker",
           "on_each_frame", "own_bindings",
           "resume_only_after_a_stop", "sturdy_output", "styles_caches_let_go", "table_cells"]


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


def own_bindings(node: DOMNode, key: str) -> tuple[Binding, ...]:
    """The bindings ``node`` itself has for ``key``, keymaps applied: a field runs them
    as its keys arrive (``widgets.field``), where Textual runs them only once the key
    has gone up to the app."""
    return tuple(node._bindings.key_to_bindings.get(key, ()))


def compose_ahead(app: App[Any], name: str) -> None:
    """Compose and mount the installed screen ``name`` now rather than as it is first
    shown: Textual starts a screen that is not running when it is pushed
    (``App._get_screen``), where it offers no way to start one without showing it."""
    app._get_screen(name)


def footer_ready(footer: Footer) -> None:
    """Let ``footer`` compose its screen's keys now, where Textual's waits for the
    screen to publish its bindings first (``widgets.footer.KeyFooter.compose``)."""
    footer.set_reactive(Footer._bindings_ready, True)


def enable_footer_key(key: FooterKey, enabled: bool) -> None:
    """What ``FooterKey(disabled=...)`` sets, set on one already shown."""
    key._disabled = not enabled  # what a click on it reads
    key.set_class(not enabled, "-disabled")


def footer_key_enabled(key: FooterKey) -> bool:
    """Whether ``key`` is shown usable (``enable_footer_key``)."""
    return not key._disabled


def driver_of(app: App[Any]) -> Driver:
    """The driver an app runs on (``bench_keys`` sends keys as its input thread does)."""
    driver = app._driver
    assert driver is not None, "the app is not running"
    return driver


class SturdyWriter(WriterThread):
    """Textual's output thread, which goes on taking what comes once a write failed.

    Textual's own ends at the first write that raises (the terminal gone: EIO), and
    then nobody empties its queue, of 30: the 31st write blocks the app's thread for
    ever, its shutdown's ``WriterThread.stop`` too. Here a failed write writes nothing
    more, and the queue is still emptied until ``stop``.
    """

    def run(self) -> None:
        file, queue = self._file, self._queue
        working = True
        while (text := queue.get()) is not None:
            if working:
                try:
                    file.write(text)
                    if queue.qsize() == 0:
                        file.flush()
                except (OSError, ValueError):  # gone, or closed
                    working = False
        if working:
            with contextlib.suppress(OSError, ValueError):
                file.flush()


@functools.lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """Textual's ``StylesCache.get_inner_outer``, cached on the colours alone."""
    return Style(background=base_background + background), Style(background=base_background)


def styles_caches_let_go() -> None:
    """Textual caches ``StylesCache.get_inner_outer`` with ``lru_cache`` on the method,
    so the cache's keys hold ``self``: the last 1,024 widgets' styles caches stayed
    alive, with every line they drew, long after their screens closed (some 100,000
    objects, walked by every full collection of the heap). The styles depend on the
    two colours only, so one cache on the colours serves every widget and holds none
    (``docs/TEXTUAL.md``)."""
    StylesCache.get_inner_outer = staticmethod(_inner_outer)  # type: ignore[assignment,method-assign]


def sturdy_output() -> None:
    """Textual's terminal driver makes its output thread by the name it imported:
    from now on that is a ``SturdyWriter`` (POSIX's driver: Windows' has no termios)."""
    from textual.drivers import linux_driver

    linux_driver.WriterThread = SturdyWriter  # type: ignore[attr-defined]


Handler = Callable[[int, FrameType | None], Any]


def resume_only_after_a_stop() -> None:
    """Pass SIGCONT on to the terminal driver only after a SIGTSTP stopped the app.

    The driver answers every SIGCONT by starting its application mode again, as after
    Ctrl+Z; but a terminal that hangs up sends the process that leads its session
    (the app, under tmux or ``ssh -t``) SIGHUP *and* SIGCONT, so the driver started a
    second output thread on the dead terminal, whose first write killed it, and a
    second input thread. Called once the driver is running (its handlers are set as
    it is made)."""
    stop, resume = signal.getsignal(signal.SIGTSTP), signal.getsignal(signal.SIGCONT)
    if not (callable(stop) and callable(resume)):
        return
    stopped = False

    def stopping(signum: int, frame: FrameType | None) -> None:
        nonlocal stopped
        stopped = True
        stop(signum, frame)

    def resuming(signum: int, frame: FrameType | None) -> None:
        nonlocal stopped
        if stopped:
            stopped = False
            resume(signum, frame)

    signal.signal(signal.SIGTSTP, stopping)
    signal.signal(signal.SIGCONT, resuming)


class SteadySelect(Select[Any]):
    """Textual's ``Select``, which does not fail when the app closes as it mounts.

    Textual's fills its list as it mounts, asking for the list by type; an app that
    quits while a screen with a choice opens (a key, then the quit at once) may have
    taken the list away first, and the app then ends on ``NoMatches``. A choice whose
    list is gone is closing: nothing of its mount is needed (``prevent_default`` stops
    the handlers of the classes above this one, which is how Textual dispatches)."""

    def _on_mount(self, event: events.Mount) -> None:
        if not self.query(SelectOverlay):
            event.prevent_default()
