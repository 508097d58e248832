"""Monkey tests: every screen takes random steps (its keys, printable keys, tab,
enter, escape and arrows; clicks anywhere; resizes from 1×1 to 200×60) and the app
must still be running afterwards, and quit without an exception at once.

Each screen's monkey has its own fixed seed, so a failure comes back on the next run;
the last steps taken are in the failure's message. A monkey that leaves its screen (escape,
a key to another screen) is brought back by the key that opens it, whenever it is
back where that key works. Runs and the zero-strike search play stand-ins, cheap and
fast (the real engine's figures are the panel's own tests' business), so a monkey's
time goes to the screens.
"""

from __future__ import annotations

import dataclasses
import os
import random
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from textual import events
from textual.keys import key_to_character
from textual.pilot import Pilot
from textual.screen import Screen

from rules import zero_strike
from solitaire_tui.app import SolitaireApp
from solitaire_tui.games.add_residue.setup_screen import TableSetup
from solitaire_tui.games.game import Game
from solitaire_tui.games.hit_or_miss.zero_strike_screen import ZeroStrikeScreen
from solitaire_tui.games.registry import GAMES, GAMES_BY_KEY
from solitaire_tui.screens.history import HistoryScreen
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.screens.stats.screen import StatsScreen
from solitaire_tui.stats.runner import LiveRun
from solitaire_tui.store.database import Database
from solitaire_tui.store.history import Entry, History
from solitaire_tui.ui.deal_dialog import DealDialog
from solitaire_tui.ui.help import HelpScreen
from solitaire_tui.ui.options_dialog import OptionsDialog
from tests.support.pilots import until, work

# A few seconds a screen on one core; a crash hunt takes more steps, and other seeds:
# SOLITAIRE_TUI_MONKEY_STEPS=300 SOLITAIRE_TUI_MONKEY_SEED=hunt pytest tests/app/test_monkey.py
STEPS = int(os.environ.get("SOLITAIRE_TUI_MONKEY_STEPS", "60"))
SEED = os.environ.get("SOLITAIRE_TUI_MONKEY_SEED", "monkey")
KEYS = [*string.ascii_letters, *string.digits, "space", "question_mark", "plus", "minus",
        "underscore", "full_stop", "comma", "tab", "shift+tab", "enter", "escape",
        "backspace", "delete", "up", "down", "left", "right", "home", "end", "pageup",
        "pagedown", "ctrl+z", "ctrl+y"]
QUITS = {"q", "ctrl+c", "ctrl+q"}  # the app's way out: not a crash, but the monkey's end
SIZES = [(1, 1), (10, 5), (20, 6), (40, 12), (60, 20), (80, 24), (100, 32), (120, 40),
         (200, 60)]


@dataclass(frozen=True)
class Route:
    """How a person gets to a screen from the menu: a hop of keys a screen; the last
    hop, pressed on ``origin``, opens it again."""

    target: type[Screen[Any]]
    hops: tuple[tuple[str, ...], ...] = ()
    origin: type[Screen[Any]] | None = None


def to_game(game: Game) -> tuple[str, ...]:
    """The menu's key for a game, and enter for the options it asks for first."""
    return (str(GAMES.index(game) + 1), *(("enter",) if game.table().HAS_OPTIONS else ()))


def routes() -> dict[str, Route]:
    hit_or_miss, add_residue = GAMES_BY_KEY["hit-or-miss"], GAMES_BY_KEY["add-residue"]
    found = {"menu": Route(MenuScreen), "help": Route(HelpScreen, (("question_mark",),),
                                                      MenuScreen)}
    for game in GAMES:
        found[game.key] = Route(game.screen(), (to_game(game),), MenuScreen)
    found |= {
        # The panel of the game with the most run options: seats, numbers, players.
        "panel": Route(StatsScreen, (to_game(add_residue), ("t",)), add_residue.screen()),
        "history": Route(HistoryScreen, (("t",), ("H",)), StatsScreen),
        "deal dialog": Route(DealDialog, (to_game(hit_or_miss), ("g",)), hit_or_miss.screen()),
        "options dialog": Route(OptionsDialog, (to_game(hit_or_miss), ("o",)),
                                hit_or_miss.screen()),
        "zero-strike search": Route(ZeroStrikeScreen, (to_game(hit_or_miss), ("z",)),
                                    hit_or_miss.screen()),
        "table set-up": Route(TableSetup, (to_game(add_residue)[:1],), MenuScreen),
    }
    return found


ROUTES = routes()


@pytest.fixture(autouse=True)
def stand_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Short runs whose rows are random numbers in every column of the game's kernel
    (so the panel reads them as it reads real ones), and the plain search on a small
    budget."""
    from rules.fast import batch
    from rules.fast import zero_strike as fast_zero_strike

    real_run = batch.run

    def run(kernel: batch.Kernel, seed: int, games: int, *args: Any, **kwargs: Any) -> batch.Run:
        def results(start: int, count: int) -> np.ndarray:
            return np.random.default_rng(start).integers(0, 4, (count, kernel.columns))

        return real_run(dataclasses.replace(kernel, results=results), seed, min(games, 50_000),
                        *args, **kwargs)

    def search(seed: int, nodes: int, *args: Any, **kwargs: Any) -> Any:
        return zero_strike.search(seed, min(nodes, 2_000), *args, **kwargs)

    monkeypatch.setattr(batch, "run", run)
    monkeypatch.setattr(fast_zero_strike, "search", search)


def saved_run(data_path: Path) -> None:
    """A run in the history, for the history's monkey to open."""
    game = GAMES[0]
    data = LiveRun(game.setup({}), 0, 2000, 1).work(lambda _: None, lambda: False).data
    assert data is not None
    database = Database(data_path)
    History(database).add(Entry(data, "2026-11-23 12:00:00", [(1000, [1]), (2000, [3])]))
    database.close()


async def tap(pilot: Pilot[None], key: str) -> None:
    """A key as a quick typist presses it: sent, and the screen left to handle it.
    ``Pilot.press`` also waits for the process to go idle, which a run or a search in
    the background never lets it do for long, and a monkey has hundreds of keys."""
    pilot.app.post_message(events.Key(key, key_to_character(key)))
    await pilot.pause(0)


async def poke(pilot: Pilot[None], x: int, y: int) -> None:
    """A click as the terminal sends one: the button down and up, which the app makes
    a click of (quick, as ``tap`` is)."""
    for press in (events.MouseDown, events.MouseUp):
        pilot.app.post_message(press(None, x, y, 0, 0, 1, False, False, False, x, y))
    await pilot.pause(0)


async def step(pilot: Pilot[None], dice: random.Random, taken: list[str]) -> None:
    """One random step: mostly a key (one of the screen's own half the time), else a
    click anywhere or a resize."""
    app = pilot.app
    roll = dice.random()
    if roll < 0.8:
        bound = [key for key in app.active_bindings if key not in QUITS]
        key = dice.choice(bound if bound and roll < 0.4 else KEYS)
        if key in QUITS:
            return
        taken.append(key)
        await tap(pilot, key)
    elif roll < 0.96:
        width, height = app.size
        where = (dice.randrange(width), dice.randrange(height))
        taken.append(f"click {where}")
        await poke(pilot, *where)
    else:
        size = dice.choice(SIZES)
        taken.append(f"resize {size}")
        await pilot.resize_terminal(*size)


@pytest.mark.parametrize("name", list(ROUTES))
@pytest.mark.slow
async def test_a_monkey_crashes_no_screen(name: str, data_path: Path) -> None:
    route = ROUTES[name]
    if route.target is HistoryScreen:
        saved_run(data_path)
    dice = random.Random(f"{SEED} {name}")
    taken: list[str] = []
    app = SolitaireApp(data=data_path)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            for hop in route.hops:
                await pilot.press(*hop)
            assert isinstance(app.screen, route.target)
            for _ in range(STEPS):
                if route.origin is not None and isinstance(app.screen, route.origin) and not (
                        any(isinstance(screen, route.target) for screen in app.screen_stack)):
                    taken.append(f"back to {name}")
                    await pilot.press(*route.hops[-1])
                await step(pilot, dice, taken)
                assert app.is_running, "the app stopped"
            # Every worker done (a cancelled one's wait would raise: not a crash).
            await until(pilot, lambda: not any(worker.is_running for worker in work(app)))
    except Exception as error:
        raise AssertionError(f"{name}: {error!r} after {taken[-12:]}") from error


@pytest.mark.parametrize(("keys", "opening"), [
    (("t",), "StatsScreen"), (("t", "H"), "HistoryScreen"),
    (("1", "enter", "z"), "ZeroStrikeScreen")])
async def test_the_app_quits_while_a_screen_opens(keys: tuple[str, ...], opening: str,
                                                  data_path: Path) -> None:
    """Found by the monkey: a screen that looked for its widgets in ``on_mount`` failed
    when the app quit (or the screen closed) before they were mounted."""
    app = SolitaireApp(data=data_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press(*keys[:-1])
        shown: list[str] = []
        app.screen_change_signal.subscribe(app, lambda screen: shown.append(
            type(screen).__name__))
        await tap(pilot, keys[-1])  # and the app quits at once, the screen still mounting
    # ``run_test`` raises, as it leaves, whatever failed in the app while it closed.
    assert not app.is_running and not (data_path / "errors.log").exists()
    assert shown[-1] == opening  # the key's screen was opening as the app quit
