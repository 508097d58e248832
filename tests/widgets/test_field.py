"""A text field's keys act in the order they were typed, in a burst too: Textual's
``Input`` ran its backspace only once the key had gone up to the app, after the
letters that followed it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.keys import key_to_character
from textual.widgets import Input

from solitaire_tui.widgets.field import TextField
from solitaire_tui.widgets.number_field import NumberField

pytestmark = pytest.mark.engine_free


class Form(App[None]):
    def __init__(self, make: Callable[[], Input]) -> None:
        super().__init__()
        self.make = make

    def compose(self) -> ComposeResult:
        yield self.make()


def burst(app: App[None], keys: list[str]) -> None:
    """The keys as a terminal sends a burst: all in the app's queue before the first is
    handled."""
    for key in keys:
        character = "-" if key == "minus" else key_to_character(key)
        app.post_message(events.Key(key, character))


TWO_STRIKE = ["t", "w", "o", "minus", "s", "t", "r", "i", "k", "e"]


@pytest.mark.parametrize("make", [lambda: TextField("unlimited"), lambda: Input("unlimited")],
                         ids=["TextField", "Textual's Input"])
async def test_a_burst_of_backspaces_and_letters_is_typed_in_order(
        make: Callable[[], Input]) -> None:
    app = Form(make)
    async with app.run_test() as pilot:
        field = app.query_one(Input)
        field.focus()
        await pilot.pause()
        burst(app, ["end", *["backspace"] * 12, *TWO_STRIKE, "home", "X", "delete"])
        await pilot.pause()  # every key handled: the app idle
        if isinstance(field, TextField):
            assert field.value == "Xwo-strike"
        else:  # the bug, kept in sight: an upgrade that mends it makes this fail
            assert field.value != "Xwo-strike"


async def test_a_number_field_leaves_other_letters_to_the_screen_in_a_burst() -> None:
    app = Form(lambda: NumberField("12"))
    async with app.run_test() as pilot:
        field = app.query_one(NumberField)
        field.focus()
        await pilot.pause()
        burst(app, ["end", "backspace", "3", "x", "4"])
        await pilot.pause()  # every key handled: the app idle
        assert field.value == "134"
