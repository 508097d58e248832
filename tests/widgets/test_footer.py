"""Every key the footer shows fits a footer cell with a blank to spare, so that at 80
columns no two keys' names run together ("z Zero-strikeM Menu")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Markdown

import solitaire_tui
from rules import add_residue
from solitaire_tui.app import SolitaireApp
from solitaire_tui.decks import numbered
from solitaire_tui.games.add_residue.seating import Seat, Seating
from solitaire_tui.screens.stats.comparing import CompareField
from solitaire_tui.start import Start
from solitaire_tui.textual_private import FooterKey
from solitaire_tui.ui.keys import APP_KEYS
from solitaire_tui.widgets.footer import CELL, KeyFooter
from tests.support.modules import import_every_module
from tests.support.panel import open_panel
from tests.support.pilots import footer_keys, until

KEY_WIDTH = {"escape": 3, "question_mark": 1, "home": 4}  # as the footer shows them


def shown_bindings() -> list[Binding]:
    import_every_module(solitaire_tui)
    screens: list[type[Screen[object]]] = []
    todo: list[type[Screen[object]]] = [Screen]
    while todo:
        screen = todo.pop()
        screens.append(screen)
        todo.extend(screen.__subclasses__())
    bindings = [binding for screen in screens for binding in screen.BINDINGS
                if isinstance(binding, Binding) and not issubclass(screen, ModalScreen)
                and screen.__module__.startswith("solitaire_tui")]  # dialogs have no footer
    return [binding for binding in bindings + list(APP_KEYS) if binding.show]


def test_every_shown_key_leaves_a_blank_in_its_cell() -> None:
    too_long = []
    for binding in shown_bindings():
        key = binding.key_display or binding.key.split(",")[0]
        width = KEY_WIDTH.get(key, len(key)) + 1 + len(binding.description)
        if width > CELL - 1:
            too_long.append(f"{key} {binding.description}")
    assert not too_long


async def test_a_drop_downs_key_is_whole_at_80_columns(tmp_path: Path) -> None:
    """An open drop-down shows Textual's own key, "esc Dismiss menu", wider than a
    cell: the cells widen to it (it read "esc Dismiss m")."""
    app = SolitaireApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_panel(pilot, app, "hit-or-miss")
        screen.query_one(CompareField).focus()
        await pilot.press("enter")
        footer = screen.query_one(KeyFooter)
        await until(pilot, lambda: any(key.action == "dismiss" and key.region.width
                                       for key in footer.children))
        shown = [key for key in footer.children if key.display]
        assert all(key.region.width >= len(key.render().plain)  # type: ignore[attr-defined]
                   for key in shown)


async def test_a_dialog_hides_the_footer_of_the_screen_under_it(tmp_path: Path) -> None:
    """Under a dialog the board's keys wait for it to close: its footer is hidden and
    gives its rows up, and comes back after."""
    table = Seating((Seat("Ann"), Seat("Ben"), Seat("Cy")), 7)
    app = SolitaireApp(tmp_path, Start("add-residue", options=table))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        board = app.screen
        footer = board.query_one(KeyFooter)
        assert footer.display and footer_keys(board)
        await pilot.press("o")  # the players' dialog
        await pilot.pause()
        assert app.screen is not board and not footer.display
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is board and footer.display


async def test_a_page_that_covers_the_board_leaves_it_and_its_footer_alone(
        tmp_path: Path) -> None:
    """The rules page hides the board whole: its footer stays as it was, so the board
    is not laid out again as the page opens and as it closes (which was most of
    what ``?`` and ``esc`` cost); the page's own keys are composed once."""
    app = SolitaireApp(tmp_path, Start("sequence", numbered(1)))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        board = app.screen
        footer = board.query_one(KeyFooter)
        laid_out = []
        board.refresh = lambda *a, layout=False, **k: (  # type: ignore[method-assign]
            laid_out.append(layout), Screen.refresh(board, *a, layout=layout, **k))[1]
        await pilot.press("question_mark")
        await pilot.pause()
        page = app.screen
        assert page is not board and footer.display
        page_keys = list(page.query(FooterKey))
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert app.screen is page and list(page.query(FooterKey)) == page_keys
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is board and footer.display and not any(laid_out)


async def test_the_rules_page_opened_again_lays_nothing_out_after_a_dialog_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the rules page has been opened, ``?`` and ``esc`` only draw: neither the
    page nor the board is laid out again, and a dialog over the board in between
    leaves the kept page's keys alone. Any dialog hid them, though the page was not
    under it, so the page was laid out again as it next opened: a third of what
    ``?`` cost after a new deal's question."""
    app = SolitaireApp(tmp_path, Start("sequence", numbered(1)))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        board = app.screen
        await pilot.press("1")  # a move made: n asks before the deal is left
        await until(pilot, lambda: len(board.session.moves) == 1)  # type: ignore[attr-defined]
        await pilot.press("question_mark")
        await until(pilot, lambda: app.screen is not board)
        page = app.screen
        # Opened the first time, a page fills in its words a few frames after its frame.
        await until(pilot, lambda: all(words.size.height for words in page.query(Markdown)))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is board)
        await pilot.press("question_mark")  # its words' sizes settle as it is shown again
        await until(pilot, lambda: app.screen is page)
        await pilot.pause()
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is board)
        await pilot.pause()
        layouts: list[str] = []
        for screen in (board, page):
            lay_out = screen._refresh_layout

            def counted(*args: Any, screen: Screen[Any] = screen, lay_out: Any = lay_out,
                        **kwargs: Any) -> None:
                layouts.append(type(screen).__name__)
                lay_out(*args, **kwargs)

            monkeypatch.setattr(screen, "_refresh_layout", counted)
        for _ in range(2):
            await pilot.press("question_mark")
            await until(pilot, lambda: app.screen is page)
            await pilot.pause()
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is board)
            await pilot.pause()
        assert layouts == []
        await pilot.press("n")  # the dialog over the board hides the board's keys only
        await until(pilot, lambda: isinstance(app.screen, ModalScreen))
        await pilot.press("n")
        await until(pilot, lambda: app.screen is board)
        await pilot.pause()
        layouts.clear()
        await pilot.press("question_mark")
        await until(pilot, lambda: app.screen is page)
        await pilot.pause()
        assert layouts == [] and page.query_one(KeyFooter).display


@pytest.mark.slow
async def test_a_board_under_a_dialog_is_laid_out_the_same_however_it_got_there(
        tmp_path: Path) -> None:
    """At a game's start the players' dialog opens while the board's keys are being
    drawn, through ``o`` after they were: the board under it stood two rows higher
    when they had been, and a snapshot of the start caught either, as the machine's
    load had it."""
    app = SolitaireApp(tmp_path, Start("add-residue", options=add_residue.Options(3, 7)))
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: len(app.screen_stack) > 2
                    and app.screen_stack[-2].query_one("#status").region.height > 0, 10)
        board = app.screen_stack[-2]
        at_start = board.query_one("#status").region
        await pilot.press("enter")  # seated
        await until(pilot, lambda: board.query_one(KeyFooter).region.height > 0, 10)
        assert app.screen is board and board.query_one("#status").region != at_start
        await pilot.press("o")
        await until(pilot, lambda: not board.query_one(KeyFooter).display, 10)
        await pilot.pause()
        assert board.query_one("#status").region == at_start


async def test_a_move_enables_keys_in_place_and_a_question_shows_its_own(
        tmp_path: Path) -> None:
    """Undo, dimmed at the start, is enabled by a move where it stands, every key the
    same widget: keys that came and went with the moves moved the keys after them and
    laid the screen out again, and composed again, every key was mounted and restyled
    after each move. A click on undo undoes, and dims its key again. A question (``s``:
    which storage pile?) shows the keys that answer it among the others, in the order
    of the screen's keys, the others the same widgets, and they go with the question."""
    app = SolitaireApp(tmp_path, Start("sequence", numbered(3)))
    async with app.run_test(size=(100, 32)) as pilot:
        board = app.screen
        footer = board.query_one(KeyFooter)

        def shown() -> list[str]:
            return [key.action for key in footer.query(FooterKey)
                    if key.display and not key.has_class("-command-palette")]

        def wanted() -> list[str]:
            actions: set[str] = set()
            keys = []
            for active in board.active_bindings.values():
                if active.binding.show and active.binding.action not in actions:
                    actions.add(active.binding.action)
                    keys.append(active.binding.action)
            return keys

        def usable(action: str) -> bool:
            found = next(widget for widget in footer.query(FooterKey) if widget.action == action)
            return bool(found.display) and not found.has_class("-disabled")

        await until(pilot, lambda: shown() == wanted() and "undo" in shown())
        assert not usable("undo") and not usable("from_storage")  # none to undo or move
        before = list(footer.query(FooterKey))
        await pilot.press("1")  # the hand's card to storage pile 1
        await until(pilot, lambda: usable("undo") and usable("from_storage"))
        assert shown() == wanted()
        assert list(footer.query(FooterKey)) == before
        session = board.session  # type: ignore[attr-defined]
        assert len(session.moves) == 1
        await pilot.click(next(key for key in footer.query(FooterKey) if key.key == "u"))
        await until(pilot, lambda: not session.moves and not usable("undo"))
        assert shown() == wanted() and list(footer.query(FooterKey)) == before

        await pilot.press("1", "s")  # which storage pile?
        await until(pilot, lambda: "cancel" in shown())
        assert shown() == wanted()
        assert [key for key in footer.query(FooterKey) if key in before] == before
        await pilot.press("escape")
        await until(pilot, lambda: "cancel" not in shown())
        assert shown() == wanted()


async def test_a_move_taken_back_and_made_again_lays_nothing_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo and redo change what the board and the footer show, not where: the screen
    is not laid out again, which was most of their time (docs/TUNING.md)."""
    app = SolitaireApp(tmp_path, Start("sequence", numbered(3)))
    async with app.run_test(size=(100, 32)) as pilot:
        board = app.screen
        session = board.session  # type: ignore[attr-defined]
        await pilot.press("1")  # the hand's card to storage pile 1
        await until(pilot, lambda: len(session.moves) == 1)
        await pilot.pause()
        layouts: list[object] = []
        lay_out = board._refresh_layout

        def counted(*args: Any, **kwargs: Any) -> None:
            layouts.append(args)
            lay_out(*args, **kwargs)

        monkeypatch.setattr(board, "_refresh_layout", counted)
        for key in "uUuU":
            moves = len(session.moves)
            await pilot.press(key)
            await until(pilot, lambda before=moves: len(session.moves) != before)
            await pilot.pause()
        assert len(session.moves) == 1
        assert layouts == []


async def test_a_game_screens_keys_come_with_its_first_layout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The footer's keys are composed with the screen: Textual's footer composes none
    until the screen first publishes its bindings, and then all of them, which laid a
    game screen out again in its first frames, where a person's first key waited for
    it (docs/TUNING.md)."""
    composed_again: list[Footer] = []
    recompose = Footer.recompose

    async def counted(self: Footer) -> None:
        composed_again.append(self)
        await recompose(self)

    monkeypatch.setattr(Footer, "recompose", counted)
    app = SolitaireApp(tmp_path, Start("sequence", numbered(3)))
    async with app.run_test(size=(100, 32)) as pilot:
        footer = app.screen.query_one(KeyFooter)
        await until(pilot, lambda: bool(footer.query(FooterKey)))
        await pilot.pause()
        assert {key.action for key in footer.query(FooterKey)} >= {"undo", "hint", "back"}
        assert footer not in composed_again
