"""The looks: a theme from ``--theme`` or the command palette, a card back from the
palette, both kept for the next start; and under NO_COLOR every state said by a
character or a text style, not by a colour alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.style import Style
from textual.app import App, ComposeResult
from textual.color import Color
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import OptionList, Static

from rules import hit_or_miss, relay
from rules.errors import OptionsError
from solitaire_tui.app import SolitaireApp
from solitaire_tui.cli import main
from solitaire_tui.decks import numbered
from solitaire_tui.games.add_residue.seating import Seat, Seating
from solitaire_tui.games.add_residue.widgets import Chips
from solitaire_tui.games.hit_or_miss.screen import PLAY_KEYS
from solitaire_tui.start import Start
from solitaire_tui.stats.runner import Phase, Snapshot
from solitaire_tui.ui.themes import CARD_TABLE, checked_theme, theme_names
from solitaire_tui.widgets.cards import BACKS, chosen_back
from solitaire_tui.widgets.stats import RatePlot
from tests.support.pilots import SIZE, settle, text_of

HIT_OR_MISS = Start("hit-or-miss", numbered(5), hit_or_miss.Options(strikes=3, seed=5))
SEQUENCE = Start("sequence", numbered(3))


async def offered(pilot: Pilot[None]) -> list[str]:
    """What the open palette lists now, once its search has answered."""
    await settle(pilot.app, pilot)
    found = pilot.app.screen.query_one(CommandList)
    return [str(found.get_option_at_index(index).prompt).split("\n")[0]
            for index in range(found.option_count)]


async def choose(pilot: Pilot[None], *searches: str) -> None:
    """Open the palette (ctrl+p) and, list after list, type a search and take its
    first answer with enter."""
    await pilot.press("ctrl+p")
    for search in searches:
        await pilot.press(*search)
        assert await offered(pilot), f"nothing offered for {search!r}"
        await pilot.press("enter")
        await settle(pilot.app, pilot)


def test_a_theme_name_is_checked_in_one_sentence() -> None:
    assert checked_theme("card-table") == "card-table"
    assert {"textual-dark", "nord", "card-table", "parlour"} <= set(theme_names())
    with pytest.raises(OptionsError) as refused:
        checked_theme("nope")
    words = str(refused.value)
    assert words.startswith("There is no theme called 'nope'") and words.endswith(".")
    assert "card-table" in words and "textual-dark" in words and "\n" not in words


def test_an_unknown_theme_on_the_command_line_is_one_line_and_status_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--theme", "nope"]) == 2
    assert main(["play", "hit-or-miss", "--deal", "5", "--theme", "nope"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and all("There is no theme called 'nope'" in line for line in lines)


async def test_a_theme_given_is_used_and_kept_for_the_next_start(data_path: Path) -> None:
    async with SolitaireApp(data=data_path, theme="card-table").run_test(size=SIZE):
        pass
    app = SolitaireApp(data=data_path)
    async with app.run_test(size=SIZE):
        assert app.theme == "card-table"
        assert app.screen.styles.background == Color.parse(CARD_TABLE.background or "")


async def test_no_choice_keeps_textuals_default(data_path: Path) -> None:
    app = SolitaireApp(data=data_path)
    async with app.run_test(size=SIZE):
        assert app.theme == "textual-dark"
        assert chosen_back() == BACKS[0]


@pytest.mark.slow
async def test_the_palette_offers_every_theme_and_the_choice_is_kept(data_path: Path) -> None:
    app = SolitaireApp(data=data_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p", *"theme")
        assert "Theme" in await offered(pilot)
        await pilot.press("enter")
        assert set(await offered(pilot)) == set(theme_names())
        await pilot.press(*"parlour", "enter")
        await settle(app, pilot)
        assert app.theme == "parlour"
        assert not isinstance(app.screen, CommandPalette)
    again = SolitaireApp(data=data_path)
    async with again.run_test(size=SIZE):
        assert again.theme == "parlour"


@pytest.mark.slow
async def test_a_card_back_from_the_palette_is_drawn_at_once_and_kept(data_path: Path) -> None:
    app = SolitaireApp(data=data_path, start=HIT_OR_MISS)
    async with app.run_test(size=SIZE) as pilot:
        stock = "#stock CardView"
        assert text_of(app.screen, stock) == "▚▚▚\n▚▚▚"
        await pilot.press("ctrl+p", *"card back")
        assert "Card back" in await offered(pilot)
        await pilot.press("enter")
        assert [name.split()[0] for name in await offered(pilot)] == [
            back.name for back in BACKS]
        await pilot.press(*"diamonds", "enter")
        await settle(app, pilot)
        assert app.card_back == "diamonds"
        assert text_of(app.screen, stock) == "◆◆◆\n◆◆◆"  # the game shown, redrawn
    again = SolitaireApp(data=data_path, start=HIT_OR_MISS)
    async with again.run_test(size=SIZE):
        assert text_of(again.screen, "#stock CardView") == "◆◆◆\n◆◆◆"
        assert again.theme == "textual-dark"  # one look chosen leaves the other alone


@pytest.mark.slow
async def test_the_relay_draws_its_decks_in_the_chosen_back(data_path: Path) -> None:
    app = SolitaireApp(data=data_path, start=Start("relay", numbered(107), relay.Options(4)))
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, "card back", "lattice")
        players = app.screen.query_one("#players", Static)
        console = Console(width=players.size.width, color_system=None)
        with console.capture() as captured:
            console.print(players.content)
        assert "\u2573" in captured.get() and "▚" not in captured.get()


def drawn_style(widget: Widget, words: str) -> Style:
    """The style ``words`` are drawn in on ``widget``, as its lines are sent out."""
    for y in range(widget.size.height):
        for segment in widget.render_line(y):
            if words in segment.text and segment.style is not None:
                return segment.style
    raise AssertionError(f"{words!r} is not drawn on {widget}")


@pytest.fixture
def no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.mark.usefixtures("no_color")
async def test_no_color_underlines_the_highlighted_game(data_path: Path) -> None:
    app = SolitaireApp(data=data_path)
    async with app.run_test(size=SIZE):
        assert app.no_color
        games = app.screen.query_one(OptionList)
        assert drawn_style(games, "Hit or Miss").underline  # the first, highlighted
        assert not drawn_style(games, "Add/Residue").underline


async def test_with_colours_the_highlight_is_a_colour(data_path: Path) -> None:
    app = SolitaireApp(data=data_path)
    async with app.run_test(size=SIZE):
        assert not app.no_color
        games = app.screen.query_one(OptionList)
        assert not drawn_style(games, "Hit or Miss").underline


@pytest.mark.usefixtures("no_color")
@pytest.mark.slow
async def test_no_color_marks_a_wrong_call_and_a_chosen_card(data_path: Path) -> None:
    app = SolitaireApp(data=data_path, start=HIT_OR_MISS)
    async with app.run_test(size=SIZE) as pilot:
        screen: Any = app.screen
        wrong = next(key for call, key in PLAY_KEYS.items()
                     if call != hit_or_miss.correct_call(screen.session.state))
        await pilot.press(wrong)
        message = screen.query_one("#message")
        assert message.has_class("-error") and text_of(screen, "#message")
        assert drawn_style(message, text_of(screen, "#message").split()[0]).reverse
        await pilot.press(PLAY_KEYS[hit_or_miss.correct_call(screen.session.state)])
        assert not message.has_class("-error")
        assert not message.rich_style.reverse
    app = SolitaireApp(data=data_path, start=SEQUENCE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#hand CardView")
        hand = app.screen.query_one("#hand CardView")
        assert hand.has_class("-chosen")
        assert drawn_style(hand, text_of(app.screen, "#hand CardView").split()[0]).reverse


@pytest.mark.usefixtures("no_color")
@pytest.mark.slow
async def test_no_color_draws_every_back_in_characters(data_path: Path) -> None:
    app = SolitaireApp(data=data_path, start=HIT_OR_MISS)
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, "card back", "plain")
        assert text_of(app.screen, "#stock CardView") == "███\n███"
    assert all(back.pattern.strip() for back in BACKS)


@pytest.mark.usefixtures("no_color")
async def test_no_color_underlines_the_chosen_number(data_path: Path) -> None:
    table = Seating((Seat("Ann"), Seat("Ben")), 5)
    app = SolitaireApp(data=data_path, start=Start("add-residue", options=table))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the table as offered
        await settle(app, pilot)
        chips = next(chips for chips in app.screen.query(Chips) if chips.cursor is not None)
        assert drawn_style(chips, f"{chips.cursor:>2}").underline
        assert not drawn_style(chips, "add").underline


class ChartApp(App[None]):
    def compose(self) -> ComposeResult:
        yield RatePlot()


async def rate_legend(curve: tuple[tuple[int, list[int]], ...]) -> str:
    """The rate chart's legend for a finished run of two players on ``curve``."""
    app = ChartApp()
    async with app.run_test(size=SIZE) as pilot:
        chart = app.query_one(RatePlot)
        chart.show(Snapshot(Phase.FINISHED, seed=0, games=400, done=400,
                            labels=("greedy", "quick"), curve=curve), 0)
        await pilot.pause()
        legend = chart.legend()
        assert legend is not None
        return legend.plain


@pytest.mark.usefixtures("no_color")
async def test_no_color_draws_each_players_line_in_its_own_character() -> None:
    legend = await rate_legend(((100, [20, 30]), (400, [90, 120])))
    assert "o greedy" in legend and "x quick" in legend


async def test_with_colours_each_players_line_has_its_colour() -> None:
    legend = await rate_legend(((100, [20, 30]), (400, [90, 120])))
    assert "━ greedy" in legend and "━ quick" in legend


async def test_a_rules_page_kept_from_before_follows_a_theme_chosen_since(
        data_path: Path) -> None:
    """A page once opened is kept and not restyled unless the look changed
    (``HelpScreen.update_node_styles``): a theme chosen while it was closed is one."""
    app = SolitaireApp(data=data_path, start=SEQUENCE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await settle(app, pilot)
        page = app.screen.query_one("Page")
        assert page.styles.background != Color.parse(CARD_TABLE.surface or "")
        await pilot.press("escape")
        app.theme = "card-table"
        await settle(app, pilot)
        await pilot.press("question_mark")
        await settle(app, pilot)
        assert app.screen.query_one("Page") is page  # the kept page, restyled
        assert page.styles.background == Color.parse(CARD_TABLE.surface or "")
        assert app.screen.focused is None  # nothing on it takes the focus
