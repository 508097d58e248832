"""Each part of Textual's inside the app leans on (``solitaire_tui.textual_private``)
still does what it did: a Textual upgrade that changes one fails here, by name."""

from __future__ import annotations

import asyncio
import errno
import gc
import inspect
import os
import signal
import threading
import weakref
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from textual import events, work
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.driver import Driver
from textual.drivers import _writer_thread, linux_driver
from textual.screen import Screen
from textual.style import Style
from textual.widgets import Checkbox, Markdown, RadioButton, Static
from textual.widgets._select import SelectOverlay

from solitaire_tui.textual_private import (
    MarkdownTable,
    SteadySelect,
    SturdyWriter,
    ToggleButton,
    compose_ahead,
    current_worker,
    driver_of,
    forget_worker,
    on_each_frame,
    own_bindings,
    resume_only_after_a_stop,
    sturdy_output,
    styles_caches_let_go,
    table_cells,
)
from tests.support.pilots import until

pytestmark = pytest.mark.engine_free


class Probe(App[None]):
    def compose(self) -> ComposeResult:
        yield Markdown("| suit | rank |\n|---|---|\n| ♠ | A |\n| ♥ | 10 |\n")
        yield Static("x", id="x")

    @work(thread=True)
    def in_a_worker(self) -> tuple[bool, bool]:
        here = current_worker() is not None
        forget_worker()
        return here, current_worker() is None


def test_a_screens_restyling_is_the_method_a_help_page_overrides() -> None:
    assert list(inspect.signature(DOMNode.update_node_styles).parameters) == [
        "self", "animate"]


def test_an_error_nobody_caught_is_the_method_the_app_overrides() -> None:
    assert list(inspect.signature(App._handle_exception).parameters) == ["self", "error"]


async def test_a_change_made_in_a_batch_is_painted_as_the_batch_ends(data_path: Path) -> None:
    """The app's ``_end_batch`` wakes the screen in front: a change its screen left
    for later while a batch held the repaints is painted without anything else
    waking the screen (Textual's own app leaves it, docs/TEXTUAL.md). No pilot waits
    here after the batch: its pause paints the screen itself."""
    from solitaire_tui.app import SolitaireApp

    assert list(inspect.signature(App._end_batch).parameters) == ["self"]
    app = SolitaireApp(data=data_path)
    async with app.run_test() as pilot:
        await pilot.pause()
        frames: list[Any] = []
        on_each_frame(app, lambda screen, frame: frames.append(screen))
        with app.batch_update():
            app.screen.query(Static).first().update("changed in a batch")
            await pilot.pause()  # the screen goes idle with its repaint held
            assert not frames and app._batch_count == 1
        for _ in range(200):  # a condition, polled: no pilot to paint it
            if frames:
                break
            await asyncio.sleep(0.01)
        assert frames and frames[0] is app.screen


def test_the_palettes_page_keys_are_the_bindings_ui_palette_replaces() -> None:
    pages = {binding.key: binding.action for binding in CommandPalette.BINDINGS
             if isinstance(binding, Binding) and binding.key in ("pageup", "pagedown")}
    assert pages == {"pagedown": "command_list('page_down')",
                     "pageup": "command_list('page_up')"}
    assert list(inspect.signature(App.action_command_palette).parameters) == ["self"]
    assert list(inspect.signature(App.search_commands).parameters) == [
        "self", "commands", "placeholder"]
    assert list(inspect.signature(App.search_themes).parameters) == ["self"]


async def test_a_widgets_own_bindings_are_read_by_key() -> None:
    """Input's backspace is a binding of its own, run from the app's key check (the
    order ``widgets.field`` mends); the call it is run by answers whether it ran."""
    from textual.widgets import Input

    class Form(App[None]):
        def compose(self) -> ComposeResult:
            yield Input("ab")

    app = Form()
    async with app.run_test():
        field = app.query_one(Input)
        (backspace,) = own_bindings(field, "backspace")
        assert backspace.action == "delete_left" and not backspace.priority
        assert own_bindings(field, "x") == ()
        assert list(inspect.signature(App.run_action).parameters)[:3] == [
            "self", "action", "default_namespace"]
        assert await app.run_action(backspace.action, field) is True
        assert field.value in ("a", "")  # a character, or the text selected on focus


def test_the_toggles_mark_is_their_bases_button_inner() -> None:
    assert issubclass(Checkbox, ToggleButton) and issubclass(RadioButton, ToggleButton)
    assert isinstance(ToggleButton.BUTTON_INNER, str)


async def test_a_markdown_tables_cells_are_read() -> None:
    app = Probe()
    async with app.run_test() as pilot:
        await until(pilot, lambda: bool(app.query(MarkdownTable)))
        headers, rows = table_cells(app.query_one(MarkdownTable))
        assert [str(cell) for cell in headers] == ["suit", "rank"]
        assert [[str(cell) for cell in row] for row in rows] == [["♠", "A"], ["♥", "10"]]


async def test_a_screen_composed_ahead_is_mounted_and_not_shown() -> None:
    class Later(Screen[None]):
        def compose(self) -> ComposeResult:
            yield Static("later", id="later")

    app = Probe()
    async with app.run_test() as pilot:
        app.install_screen(Later(), "later")
        compose_ahead(app, "later")
        later = app.get_screen("later")
        await until(pilot, lambda: bool(later.query("#later")))
        assert later.is_running and later not in app.screen_stack
        await app.push_screen("later")
        assert app.screen is later and len(later.query("#later")) == 1  # not composed twice


async def test_a_thread_knows_its_worker_and_forgets_it() -> None:
    app = Probe()
    async with app.run_test():
        assert current_worker() is None  # not in a worker
        worker = app.in_a_worker()
        await worker.wait()
        assert worker.result == (True, True)


async def test_frames_are_seen_and_the_driver_is_there() -> None:
    app = Probe()
    async with app.run_test() as pilot:
        frames: list[Any] = []
        on_each_frame(app, lambda screen, frame: frames.append(screen))
        app.query_one("#x", Static).update("y")
        await until(pilot, lambda: bool(frames))
        assert frames[-1] is app.screen
        assert isinstance(driver_of(app), Driver)


class Gone:
    """A terminal that has gone away: every write fails as a hung-up tty's does."""

    def write(self, text: str) -> int:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    def flush(self) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))


def test_the_drivers_writer_is_made_by_the_name_replaced() -> None:
    made = vars(linux_driver)["WriterThread"]
    try:
        sturdy_output()
        assert vars(linux_driver)["WriterThread"] is SturdyWriter
    finally:
        linux_driver.WriterThread = made  # type: ignore[attr-defined]
    assert _writer_thread.MAX_QUEUED_WRITES < 100
    assert list(inspect.signature(_writer_thread.WriterThread.__init__).parameters) == [
        "self", "file"]


def test_a_writer_whose_terminal_went_away_still_takes_every_write() -> None:
    writer = SturdyWriter(Gone())  # type: ignore[arg-type]
    writer.start()

    def write_then_stop() -> None:
        for _ in range(100):
            writer.write("x")
        writer.stop()

    stopping = threading.Thread(target=write_then_stop, daemon=True)
    stopping.start()
    stopping.join(60)
    assert not stopping.is_alive()  # Textual's own blocks at the 31st write


async def test_sigcont_resumes_the_driver_only_after_a_stop() -> None:
    class Probe(App[None]):
        pass

    before = {sent: signal.getsignal(sent) for sent in (signal.SIGTSTP, signal.SIGCONT)}
    try:
        driver = linux_driver.LinuxDriver(Probe())  # the driver sets both as it is made
        assert signal.getsignal(signal.SIGCONT) == driver._sigcont_application
        assert signal.getsignal(signal.SIGTSTP) == driver._sigtstp_application
        seen: list[int] = []

        def heard(signum: int, frame: FrameType | None) -> None:
            seen.append(signum)

        signal.signal(signal.SIGTSTP, heard)  # the driver's would stop this process
        signal.signal(signal.SIGCONT, heard)
        resume_only_after_a_stop()
        signal.raise_signal(signal.SIGCONT)  # as from a terminal hanging up
        assert seen == []
        signal.raise_signal(signal.SIGTSTP)
        signal.raise_signal(signal.SIGCONT)
        assert seen == [signal.SIGTSTP, signal.SIGCONT]
    finally:
        for sent, handler in before.items():
            signal.signal(sent, handler)


class Choosing(App[None]):
    def compose(self) -> ComposeResult:
        yield SteadySelect([("one", 1), ("two", 2)], value=2, allow_blank=False)


async def test_a_steady_choice_mounts_as_textuals_and_one_closing_as_it_mounts_is_let_be(
        ) -> None:
    """Mounted, it is Textual's ``Select`` (its list filled, its value set); mounted
    without its list (taken away as the app closed), its mount asks nothing of it."""
    app = Choosing()
    async with app.run_test() as pilot:
        await pilot.pause()
        choice = app.query_one(SteadySelect)
        assert choice.value == 2 and choice.query_one(SelectOverlay).option_count == 2
    orphan = SteadySelect([("one", 1)], allow_blank=False)  # never composed: no list
    mount = events.Mount()
    orphan._on_mount(mount)
    assert mount._no_default_action


@pytest.mark.slow
def test_a_widgets_styles_cache_is_not_kept_by_the_colours_it_asked_for() -> None:
    """A line is drawn with ``get_inner_outer``'s styles; with it cached on the colours
    alone, the styles are as Textual's own and a styles cache used goes with its widget
    (Textual's kept the last 1,024, with their lines)."""
    assert "self.get_inner_outer(base_background, background)" in inspect.getsource(
        StylesCache.render_line)
    styles_caches_let_go()
    cache = StylesCache()
    base, background = Color(10, 20, 30), Color(200, 100, 0, 0.5)
    assert cache.get_inner_outer(base, background) == (
        Style(background=base + background), Style(background=base))
    gone = weakref.ref(cache)
    del cache
    gc.collect()
    assert gone() is None
