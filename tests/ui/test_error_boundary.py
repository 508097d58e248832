"""The app's error boundary: background work that fails with an error nobody foresaw
is one notification, its traceback goes to errors.log in the data directory, and
the screen stays usable (a run shows as failed, the keys still work)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandList
from textual.widgets import Input, OptionList

from rules import hit_or_miss
from solitaire_tui.app import SolitaireApp
from solitaire_tui.commands import errors
from solitaire_tui.commands.errors import LOG_NAME
from solitaire_tui.decks import numbered
from solitaire_tui.games.hit_or_miss.zero_strike_screen import ZeroStrikeScreen
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.games.sequence.play import SequenceTable
from solitaire_tui.games.sequence.screen import SequenceScreen
from solitaire_tui.messages import OpenReplay, OpenStats
from solitaire_tui.screens.stats.screen import StatsScreen
from solitaire_tui.start import Start
from solitaire_tui.stats.runner import Phase
from solitaire_tui.store.database import DATA_DIR_VARIABLE
from solitaire_tui.ui.palette import Palette
from solitaire_tui.widgets.pages import page
from tests.support.pilots import SIZE, Notices, settle, text_of, until

INJECTED = "an injected failure"


def broken(*args: Any, **kwargs: Any) -> NoReturn:
    raise RuntimeError(INJECTED)


@pytest.fixture
def log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where the tracebacks go: a data directory of the test's own."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "data"))
    return tmp_path / "data" / LOG_NAME


def told(notices: Notices, log: Path) -> None:
    """One notification names the error and the log, which holds the traceback."""
    said = notices.said
    assert len(said) == 1 and INJECTED in said[0] and str(log) in said[0]
    assert "Traceback" in log.read_text() and f"RuntimeError: {INJECTED}" in log.read_text()


@pytest.mark.slow
async def test_a_run_that_fails_shows_as_failed_and_the_panel_runs_again(
        make_app: Callable[..., SolitaireApp], log: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.fast import batch

    app, notices = make_app(), Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        app.post_message(OpenStats("one-handed"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        screen.query_one("#games", Input).value = "1000"
        with monkeypatch.context() as patch:
            patch.setattr(batch, "run", broken)
            await pilot.press("r")
            await until(pilot, lambda: not screen.running)
        assert screen.shown is not None and screen.shown.phase is Phase.FAILED
        assert f"The engine stopped: {INJECTED}" in text_of(screen, "#summary")
        told(notices, log)
        await pilot.press("r")  # the engine mended, the same panel runs
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown is not None and screen.shown.data is not None
        assert screen.shown.data["games"] == 1000


async def test_a_hint_that_fails_is_told_and_the_game_goes_on(
        make_app: Callable[..., SolitaireApp], log: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, notices = make_app(Start("sequence", numbered(3), None)), Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SequenceScreen)
        with monkeypatch.context() as patch:
            patch.setattr(SequenceTable, "_hint", broken)
            await pilot.press("h")
            await settle(app, pilot)
        assert INJECTED in text_of(screen, "#message")
        told(notices, log)
        await pilot.press("h")  # the hint is asked again, and given
        await settle(app, pilot)
        assert text_of(screen, "#message").startswith("Hint:")


async def test_a_replay_that_fails_to_work_out_leaves_the_start_to_play(
        make_app: Callable[..., SolitaireApp], log: Path) -> None:
    game = GAMES_BY_KEY["sequence"]
    replay = game.replay(game.setup({"strategies": ["greedy"]}), 0, 11)
    app, notices = make_app(), Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        app.post_message(OpenReplay(dataclasses.replace(replay, choose=broken)))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SequenceScreen)
        await settle(app, pilot)
        assert "could not be worked out" in text_of(screen, "#message")
        told(notices, log)
        await pilot.press("n")  # a new deal: the keys work
        assert screen.table.replaying is None and screen.table.deck != numbered(11)


@pytest.mark.slow
async def test_a_search_that_fails_shows_as_failed(
        make_app: Callable[..., SolitaireApp], log: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.fast import zero_strike

    monkeypatch.setattr(zero_strike, "search", broken)
    app, notices = make_app(Start("hit-or-miss", numbered(5), hit_or_miss.Options(3))), Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await pilot.pause()
        await pilot.press("z")
        screen = app.screen
        assert isinstance(screen, ZeroStrikeScreen)
        await pilot.press("r")
        await until(pilot, lambda: not screen.running)
        assert screen.shown is not None and screen.shown.phase is Phase.FAILED
        told(notices, log)
        await pilot.press("n", "escape")  # a new seed, and back to the game
        assert not isinstance(app.screen, ZeroStrikeScreen)


@pytest.mark.parametrize("key", ["pagedown", "pageup"])
@pytest.mark.slow
async def test_the_palettes_page_keys_pressed_at_once_end_nothing(
        make_app: Callable[..., SolitaireApp], key: str) -> None:
    """Textual's own ended the app with a KeyError when pressed as the palette's first
    results came (``ui.palette``); here they wait for the list, then move through it."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p", key, key)
        await pilot.pause()
        assert isinstance(app.screen, Palette)
        await pilot.press(*"the")
        await until(pilot, lambda: app.screen.query_one(CommandList).option_count > 0)
        await pilot.press("down", key)
        await pilot.pause()
        commands = app.screen.query_one(CommandList)
        assert commands.highlighted == (commands.option_count - 1 if key == "pagedown" else 0)
        await pilot.press("escape", "ctrl+p", *"card back", "enter", key, key)
        await pilot.pause()  # the list a command opens is the same palette
        assert isinstance(app.screen, Palette)
        await pilot.press("escape")
        assert app.is_running


async def test_a_page_key_on_a_list_not_laid_out_yet_does_nothing() -> None:
    """The Textual bug the palette and the menu step around (the reproduction in
    docs/TEXTUAL.md): when this fails because Textual's own page move no longer raises,
    ``widgets.pages`` can go."""

    class Listed(App[None]):
        def compose(self) -> ComposeResult:
            yield OptionList()

        def on_mount(self) -> None:
            commands = self.query_one(OptionList)
            commands.add_options(["a", "b", "c"])
            commands.highlighted = 0
            with pytest.raises(KeyError):
                commands.action_page_down()  # Textual's: lines not laid out yet
            page(commands, 1)  # ours: nothing to move through yet
            page(commands, -1)

    app = Listed()
    async with app.run_test() as pilot:
        await pilot.pause()
        commands = app.query_one(OptionList)
        page(commands, 1)  # laid out: the page move is Textual's own
        assert commands.highlighted == 2


def test_a_tracebacks_words_reach_the_log_with_nothing_a_terminal_acts_on(log: Path) -> None:
    """An error's words may carry what a visitor sent (a path, a name): kept escaped,
    the traceback's lines as they were."""
    try:
        raise ValueError("bad name \x1b]0;PWNED\x07 and\nmore")
    except ValueError:
        errors.logged()
    text = log.read_text()
    assert "\x1b" not in text and "\x07" not in text
    assert "bad name \\x1b]0;PWNED\\x07 and" in text and "Traceback" in text
