"""What the player saved, as the app meets it: two windows on one data directory, and
saved runs the app cannot open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from solitaire_tui.app import SolitaireApp
from solitaire_tui.decks import numbered
from solitaire_tui.games.one_handed.screen import OneHandedScreen
from solitaire_tui.messages import OpenStats
from solitaire_tui.screens.history import HistoryScreen
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.screens.stats.screen import StatsScreen
from solitaire_tui.start import Start
from solitaire_tui.store.database import FILE_NAME, Database
from solitaire_tui.store.history import Entry, History
from tests.support.pilots import (
    SIZE,
    Notices,
    play_one_handed_out,
    saved,
    saved_record,
    text_of,
    until,
)
from tests.support.store import Held


@pytest.mark.slow
async def test_two_windows_on_one_directory_each_keep_their_game(data_path: Path) -> None:
    """Both windows are open before either game ends: each adds its own row, and the
    second shows both games (each used to rewrite the file it had read at start)."""
    first = SolitaireApp(data=data_path, start=Start("one-handed", numbered(7)))
    second = SolitaireApp(data=data_path, start=Start("one-handed", numbered(8)))
    async with first.run_test(size=SIZE) as one, second.run_test(size=SIZE) as two:
        for pilot, app in ((one, first), (two, second)):  # played by the player's keys
            screen = app.screen
            assert isinstance(screen, OneHandedScreen)
            await play_one_handed_out(pilot, screen)
            await pilot.pause()
        assert "Played 2" in text_of(second.screen, "#banner")
    assert [row["deal"] for row in saved(data_path)] == ["7", "8"]
    assert saved_record(data_path, "one-handed", "standard").played == 2


@pytest.mark.slow
async def test_a_saved_run_of_a_game_this_version_lacks_is_listed_but_not_opened(
        make_app: Any, data_path: Path) -> None:
    history = History(Database(data_path))
    history.add(Entry({"game": "nonesuch", "options": {}}, "2026-11-01 10:00:00"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenStats("one-handed", {}))
        await pilot.pause()
        await pilot.press("H")
        assert isinstance(app.screen, HistoryScreen)
        table = app.screen.query_one(DataTable)
        assert "nonesuch (options not understood)" in str(table.get_row_at(0))
        await pilot.press("enter")
        await pilot.pause()
        panel = app.screen
        assert isinstance(panel, StatsScreen)
        assert "a game this version does not have ('nonesuch')" in text_of(panel, "#summary")
        await pilot.press("H", "escape")  # the panel still answers
        assert app.screen is panel
    assert history.entries[0].game == "nonesuch"  # kept, for a version that has it


@pytest.mark.slow
async def test_a_database_another_process_holds_holds_no_key(data_path: Path) -> None:
    """Held in an exclusive transaction, in the old journal mode that even stops readers:
    the app starts, the deal is played to its end by keys and counted, all while the
    database is held; let go, the game is written once."""
    first = SolitaireApp(data=data_path)
    async with first.run_test(size=SIZE):
        pass  # an earlier session made the database
    held = Held(data_path / FILE_NAME, "delete")
    try:
        app = SolitaireApp(data=data_path, start=Start("one-handed", numbered(7)))
        notices = Notices()
        async with app.run_test(size=SIZE, message_hook=notices) as pilot:
            screen = app.screen
            assert isinstance(screen, OneHandedScreen)
            await play_one_handed_out(pilot, screen)
            await pilot.pause()
            assert "Played 1" in text_of(screen, "#banner")  # counted while it waits
            assert not app.store.writer.idle
            await until(pilot, lambda: "cannot be written now (database is locked)"
                        in " ".join(notices.said))
            held.let_go()
            await until(pilot, lambda: app.store.writer.idle)
            await pilot.press("escape")
            assert isinstance(app.screen, MenuScreen)
            assert app.screen.records.total("one-handed").played == 1  # read, not twice
    finally:
        if held.process.returncode is None:
            held.let_go()
    assert [row["deal"] for row in saved(data_path)] == ["7"]
