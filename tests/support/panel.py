"""The statistics panel's steps as the tests take them: open it, fill a run's size,
seed and one worker, start it (confirming a long one) and wait for its end, and read
its figures as JSON prints them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Select

from solitaire_tui.app import SolitaireApp
from solitaire_tui.messages import OpenStats
from solitaire_tui.screens.stats.screen import StatsScreen
from solitaire_tui.ui.quit_dialog import Confirm
from solitaire_tui.widgets.stats import ResultsTable
from tests.support.pilots import until

TIMING = {"seconds", "compile_seconds", "games_per_second", "workers"}


def untimed(data: dict[str, Any]) -> dict[str, Any]:
    """The figures as JSON has them (histogram keys become text), without timings."""
    return {key: value for key, value in json.loads(json.dumps(data)).items()
            if key not in TIMING}


async def fill(pilot: Pilot[None], screen: StatsScreen, games: str, seed: str) -> None:
    screen.query_one("#games", Input).value = games
    screen.query_one("#seed", Input).value = seed
    screen.query_one("#workers", Select).value = 1
    await pilot.pause()


async def start_run(pilot: Pilot[None], app: SolitaireApp, game: str, options: dict[str, Any],
                    games: str, seed: str) -> StatsScreen:
    """Open the panel on ``options`` and start ``games`` from ``seed`` on one worker."""
    app.post_message(OpenStats(game, options))
    await pilot.pause()
    screen = panel(app)
    await fill(pilot, screen, games, seed)
    await pilot.press("r")
    if isinstance(app.screen, Confirm):  # a run of hours is confirmed first
        await pilot.press("y")
    return screen


async def finished_run(pilot: Pilot[None], app: SolitaireApp, game: str,
                       options: dict[str, Any], games: str, seed: str) -> StatsScreen:
    """``start_run``, waited on to its end."""
    screen = await start_run(pilot, app, game, options, games, seed)
    await until(pilot, lambda: screen.shown is not None and screen.shown.over)
    return screen


def table_text(screen: StatsScreen) -> str:
    """Every cell of the table of figures, as shown."""
    table = screen.query_one(ResultsTable)
    return " | ".join(str(cell) for row in range(table.row_count)
                      for cell in table.get_row_at(row))


async def open_panel(pilot: Pilot[None], app: SolitaireApp, game: str) -> StatsScreen:
    app.post_message(OpenStats(game))
    await pilot.pause()
    return panel(app)


def panel(app: SolitaireApp) -> StatsScreen:
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    return screen


def keep_player(data_path: Path, game: str, example: str, name: str = "mine.py") -> Path:
    """The example player ``example`` kept as the player's own for ``game`` (in its
    players folder), as Python: a compiled player's own tests pay its compile."""
    from tests.support.players import EXAMPLES, as_python

    folder = data_path / "players" / game
    folder.mkdir(parents=True)
    return as_python(EXAMPLES / example, folder, name)


async def own_ticked(pilot: Pilot[None], app: SolitaireApp, game: str) -> StatsScreen:
    """The panel opened on the greedy player, the player's own player ticked beside it
    once its folder is read."""
    from solitaire_tui.widgets.toggles import Tick

    app.post_message(OpenStats(game, {"strategies": ["greedy"]}))
    await pilot.pause()
    screen = panel(app)
    await until(pilot, lambda: bool(screen.query(".own")))
    screen.query_one(".own", Tick).value = True
    return screen
