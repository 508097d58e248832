"""The family's run options: the player's own players as ticks beside the built-in
ones, read again from their folder as often as the player asks."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from textual.app import App, ComposeResult

from solitaire_tui.games.family.run_options import FamilyRunOptions
from solitaire_tui.own_players.folder import Found
from solitaire_tui.widgets.toggles import Tick

pytestmark = pytest.mark.engine_free


class Form(App[None]):
    def compose(self) -> ComposeResult:
        yield FamilyRunOptions({"strategies": ["greedy"]}, ["greedy", "fair"], ["greedy"])


def found(*names: str) -> Found:
    return Found([SimpleNamespace(name=name) for name in names])  # type: ignore[misc]


async def test_a_folder_read_again_names_each_own_player_once_at_once() -> None:
    """The ticks of the read before are taken apart after the read, in a later turn:
    while they were, the form's players named one's own twice ("The versions compared
    must differ: greedy, mine.py, mine.py"), and nothing asked again once they went."""
    app = Form()
    async with app.run_test() as pilot:
        form = app.query_one(FamilyRunOptions)
        form.show_own(found("mine.py"))
        await pilot.pause()
        form.query_one(".own", Tick).value = True
        form.show_own(found("mine.py", "yours.py"))  # read again: no pause between
        value: dict[str, Any] = form.value
        assert value["strategies"] == ["greedy", "mine.py"]
        await pilot.pause()
        assert [(tick.name, tick.value) for tick in form.query(".own").results(Tick)] == [
            ("mine.py", True), ("yours.py", False)]
