"""Each part of Textual's inside the app leans on (``solitaire_tui.textual_private``)
still does what it did: a Textual upgrade that changes one fails here, by name."""

from __future__ import annotations

import inspect
from typing import Any

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.driver import Driver
from textual.widgets import Checkbox, Markdown, RadioButton, Static

from solitaire_tui.textual_private import (
    MarkdownTable,
    ToggleButton,
    current_worker,
    driver_of,
    forget_worker,
    on_each_frame,
    table_cells,
)
from tests.pilots import until


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


def test_the_palettes_page_keys_are_the_bindings_ui_palette_replaces() -> None:
    pages = {binding.key: binding.action for binding in CommandPalette.BINDINGS
             if isinstance(binding, Binding) and binding.key in ("pageup", "pagedown")}
    assert pages == {"pagedown": "command_list('page_down')",
                     "pageup": "command_list('page_up')"}
    assert list(inspect.signature(App.action_command_palette).parameters) == ["self"]
    assert list(inspect.signature(App.search_commands).parameters) == [
        "self", "commands", "placeholder"]
    assert list(inspect.signature(App.search_themes).parameters) == ["self"]


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
