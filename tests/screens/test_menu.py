"""The menu, the help pages, the deal dialog and the record file, seen from the app."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.color import Color
from textual.widgets import Input, Label, OptionList

from rules.cards import deal_cards, format_cards
from solitaire_tui.decks import numbered
from solitaire_tui.games.one_handed.screen import OneHandedScreen
from solitaire_tui.games.registry import GAMES
from solitaire_tui.messages import OpenStats
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.screens.stats.screen import StatsScreen
from solitaire_tui.start import Start
from solitaire_tui.store.database import FILE_NAME
from solitaire_tui.ui.deal_dialog import DealDialog
from solitaire_tui.ui.help import HelpScreen, Page, TableLines
from solitaire_tui.ui.quit_dialog import Confirm, QuitDialog
from tests.support.pilots import SIZE, Notices, play_one_handed_out, saved_record, until


def record_cells(prompt: Any) -> str:
    """A game's line on the menu: its record, on the right of its first row."""
    return "".join(str(cell) for cell in prompt.renderables[0].columns[1]._cells)


def menu_text(app: Any) -> str:
    games = app.screen.query_one(OptionList)
    return "\n".join(record_cells(games.get_option_at_index(i).prompt)
                     for i in range(games.option_count))


async def test_the_menu_lists_the_five_games_in_order(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, MenuScreen)
        games = app.screen.query_one(OptionList)
        assert [games.get_option_at_index(i).id for i in range(games.option_count)] == [
            game.key for game in GAMES]
        assert games.highlighted == 0


async def test_arrows_and_enter_open_a_game_and_escape_comes_back(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "enter")
        assert isinstance(app.screen, OneHandedScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        assert app.screen.query_one(OptionList).highlighted == 2


async def test_a_click_opens_a_game(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        games = app.screen.query_one(OptionList)
        # Each game takes two lines; the third game's name is on lines 4 and 5.
        await pilot.click(games, offset=(10, 5))
        await pilot.pause()
        assert isinstance(app.screen, OneHandedScreen)


@pytest.mark.slow
async def test_a_finished_game_shows_in_the_menu_record(make_app: Any, data_path: Path) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        await play_one_handed_out(pilot, screen)  # the player's own (auto play's is not)
        await pilot.press("escape")
        options = app.screen.query_one(OptionList)
        prompt = options.get_option_at_index(2).prompt
        assert "played 1" in record_cells(prompt)
        await pilot.press("down", "down")
        console = Console(width=90, record=True, file=io.StringIO())
        assert app.screen.query_one(OptionList).highlighted == 2
        console.print(app.screen.record_table("one-handed"))
        text = console.export_text()
        assert "standard" not in text  # a game with no variants: its record is all games
        row = next(line for line in text.splitlines() if "all games" in line)
        assert row.split()[2:4] == ["1", str(int(not screen.session.state.hand))]
    assert saved_record(data_path, "one-handed", "standard").played == 1


@pytest.mark.parametrize("name", [FILE_NAME, "records.json"])
async def test_a_damaged_file_is_set_aside_with_a_notice_and_the_app_starts(
    make_app: Any, data_path: Path, name: str
) -> None:
    data_path.mkdir()
    (data_path / name).write_text("{ this is not json")
    app, notices = make_app(), Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await until(pilot, lambda: any("moved to" in said for said in notices.said))
        assert isinstance(app.screen, MenuScreen)
    (aside,) = data_path.glob(f"{name}.damaged-*")
    assert aside.read_text() == "{ this is not json"


@pytest.mark.slow
async def test_help_shows_the_games_rules_and_keys(make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        page = app.screen
        assert isinstance(page, HelpScreen)
        text = page.markdown
        assert "## 3. One-Handed Solitaire" in text and "deal 7" in page.frame_title
        assert "| `d` | Draw" in text and "| `u or ctrl+z` | Undo" not in text
        assert "| `M` | Menu: " in text and "| `q` | Quit: " in text
        await pilot.pause()
        # The words follow the frame; the table of keys is one widget, not one a cell.
        (keys,) = page.query(TableLines)
        assert "Draw" in str(keys.render()) and not page.query("MarkdownTableContent")
        await pilot.press("end")  # the page scrolls by the screen's keys, never focused
        scroll = page.query_one(Page)
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y
        assert app.focused is None
        await pilot.press("escape")
        game = app.screen
        assert isinstance(game, OneHandedScreen)
        await pilot.press("n", "question_mark")  # another deal: the same page, its title new
        assert game.table.deck is not None and game.table.deck.deal != 7
        assert app.screen is page and page.frame_title.endswith(f"deal {game.table.deck.deal}")
        assert page.query_one(Page).border_title == page.frame_title


@pytest.mark.slow
async def test_a_kept_help_page_is_restyled_only_when_the_look_changed(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        restyled: list[bool] = []
        update_nodes = app.stylesheet.update_nodes

        def spy(nodes: Any, animate: bool = False) -> None:
            nodes = list(nodes)
            restyled.append(any(isinstance(node, Page) for node in nodes))
            update_nodes(nodes, animate=animate)

        monkeypatch.setattr(app.stylesheet, "update_nodes", spy)
        await pilot.press("question_mark")
        await pilot.pause()
        page = app.screen.query_one(Page)
        surface = page.styles.background
        await pilot.press("escape")
        restyled.clear()
        await pilot.press("question_mark")
        assert not any(restyled)  # shown again as it was
        await pilot.press("escape")
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert any(restyled) and page.styles.background != surface
        assert page.styles.background == Color.parse(app.theme_variables["surface"])


@pytest.mark.slow
async def test_a_screen_shown_the_first_time_parses_no_style_sheet(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every screen's sheet is read at start: parsing them all again when one is first
    shown was a tenth of a second in the middle of a key."""
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        parsed: list[int] = []
        reparse = app.stylesheet.reparse

        def counted() -> None:
            parsed.append(1)
            reparse()

        monkeypatch.setattr(app.stylesheet, "reparse", counted)
        await pilot.press("question_mark", "escape", "g")
        assert isinstance(app.screen, DealDialog)
        await pilot.press("escape")
        app.post_message(OpenStats("one-handed"))
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen) and not parsed


async def test_the_menu_has_its_own_help(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen) and "solitaire-tui" in app.screen.markdown


@pytest.mark.slow
async def test_choosing_a_deal_by_number_or_by_pasting_a_deck(make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        assert isinstance(game, OneHandedScreen)
        await pilot.press("g")
        assert isinstance(app.screen, DealDialog)
        await pilot.press(*"12x", "enter")
        assert isinstance(app.screen, DealDialog)  # a bad entry keeps the dialog open
        assert "not a card" in str(app.screen.query_one("#error").render())
        app.screen.query_one(Input).value = "1_234"
        await pilot.press("enter")
        assert app.screen is game and game.table.deck == numbered(1234)
        await pilot.press("g")
        app.screen.query_one(Input).value = format_cards(deal_cards(99), glyphs=True)
        await pilot.press("enter")
        assert game.table.deck is not None and game.table.deck.deal is None
        assert game.session.start.deck == deal_cards(99)
        await pilot.press("g", "escape")
        assert app.screen is game and game.table.deck.cards == deal_cards(99)
        await pilot.press("d", "g")  # a game in play: asked first, and kept on a no
        app.screen.query_one(Input).value = "5"
        await pilot.press("enter")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert app.screen is game and len(game.session.moves) == 1
        await pilot.press("g")
        app.screen.query_one(Input).value = "5"
        await pilot.press("enter", "y")
        assert game.table.deck == numbered(5) and not game.session.moves


async def test_a_deal_number_of_5000_digits_is_one_sentence_in_the_dialog(make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        await pilot.press("g")
        dialog = app.screen
        assert isinstance(dialog, DealDialog)
        dialog.query_one(Input).value = "1" * 5000
        await pilot.press("enter")
        assert app.screen is dialog
        error = str(dialog.query_one("#error").render())
        assert error == ("A deal number must be a whole number from 0 to 18446744073709551615,"
                         " not '111111111111111111111111…'")
        dialog.query_one(Input).value = f"{2**64 - 1:,}"  # the last deal, as the panel shows it
        await pilot.press("enter")
        assert app.screen is game and game.table.deck == numbered(2**64 - 1)


@pytest.mark.slow
async def test_new_deal_and_restart(make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        assert isinstance(game, OneHandedScreen)
        await pilot.press("d", "d", "r")  # a game in play: asked first
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert app.screen is game and len(game.session.moves) == 2
        await pilot.press("r", "y")
        assert game.session.state == game.session.start and game.table.deck == numbered(7)
        await pilot.press("n")  # nothing played yet: at once
        assert game.table.deck is not None and game.table.deck != numbered(7)
        assert f"deal {game.table.deck.deal}" in str(game.query_one("#title").render())


async def test_q_asks_first_only_when_a_game_in_play_would_be_lost(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    exits: list[bool] = []
    monkeypatch.setattr(app, "exit", lambda *args, **kwargs: exits.append(True))
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        assert isinstance(game, OneHandedScreen)
        await pilot.press("q")  # nothing played yet: quits at once
        assert exits == [True] and app.screen is game
        exits.clear()
        await pilot.press("d", "q")
        dialog = app.screen
        assert isinstance(dialog, QuitDialog) and not exits
        assert "One-Handed Solitaire game in play is not over" in " ".join(
            str(label.render()) for label in dialog.query(Label))
        await pilot.press("n")
        assert app.screen is game and len(game.session.moves) == 1
        await pilot.press("q", "y")
        assert exits == [True]


@pytest.mark.slow
async def test_esc_and_menu_key_ask_before_a_game_in_play_is_lost(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        await pilot.press("down", "down", "enter")  # One-Handed Solitaire
        await pilot.pause()
        game = app.screen
        assert isinstance(game, OneHandedScreen)
        await pilot.press("escape")  # nothing played yet: back at once
        await pilot.pause()
        assert app.screen is menu
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, OneHandedScreen)
        await pilot.press("d", "escape")
        assert isinstance(app.screen, Confirm) and "Leave this game?" in " ".join(
            str(label.render()) for label in app.screen.query(Label))
        await pilot.press("n")
        assert app.screen is game and len(game.session.moves) == 1
        await pilot.press("M")
        assert isinstance(app.screen, Confirm)
        await pilot.press("escape")
        assert app.screen is game
        await pilot.press("M", "y")
        await pilot.pause()
        assert app.screen is menu
