"""The options dialog reads the keys a player typed, however fast they came."""

from __future__ import annotations

import pytest
from textual.app import App

from solitaire_tui.ui.options_dialog import Choices, OptionsDialog, Pick

pytestmark = pytest.mark.engine_free

FIELDS = (Pick("Helper", ("peek", "fair", "quick"), "fair"),
          Pick("Strikes", ("1", "2", "3", "none"), "2"))


async def test_arrows_move_on_from_the_choice_made_wherever_the_cursor_is(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys sent with the one that opened the dialog reach a choice list before its
    mount points the cursor at the choice made: the first arrow then moved on from
    the first choice, and enter played the one before the one meant."""
    # The keys come before the mount's pointing: the cursor is where RadioSet's own
    # mount leaves it, on the first choice.
    monkeypatch.setattr(Choices, "_point_at_choice", lambda self: None)
    answers: list[list[str] | None] = []
    app: App[None] = App()
    async with app.run_test() as pilot:
        await app.push_screen(OptionsDialog("Options", FIELDS, lambda chosen: chosen),
                              answers.append)
        await pilot.pause()
        await pilot.press("down", "tab", "down", "enter")
        await pilot.pause()
    assert answers == [["quick", "3"]], answers


async def test_a_long_heading_wraps_within_the_dialog_and_is_read_whole() -> None:
    """A heading line longer than the dialog (a players' folder's path, at 80 columns)
    wraps onto the next lines; it was cut at the dialog's edge."""
    heading = ("Who helps?\nTo add a player of your own, put its Python file in"
               " /a/rather/long/folder/of/players/for/this/game (the guide says how).")
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog: OptionsDialog[list[str]] = OptionsDialog(heading, FIELDS, lambda chosen: chosen)
        await app.push_screen(dialog)
        await pilot.pause()
        shown = dialog.query_one("#heading")
        assert shown.size.height >= 3  # the long line takes two
        lines = [strip.text for strip in shown.render_lines(shown.region.reset_offset)]
        assert "(the guide says how)." in " ".join(" ".join(lines).split())
