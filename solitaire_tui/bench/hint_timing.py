"""The measurements ``bench --engine first-hint`` makes in a process of its own
(``bench.first_hint``): the app, headless, on a fresh install's empty cache;
a while at the menu; a deal of the game; ``h``; the seconds until the hint shows.
And the game screen's keys, timed while that warm-up compiles.

A module of its own, outside ``commands``: it opens the app, which the commands
never import.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

from solitaire_tui.bench.first_hint import TIMEOUT, FirstHint, answered

DEAL = 1


async def measure(at_menu: float, key: str, data: Path) -> FirstHint:
    """``h`` as a person presses it: once the board is painted, after a person's
    pause (``keys.opened``, as the key bench does)."""
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.bench import keys
    from solitaire_tui.decks import numbered
    from solitaire_tui.games.registry import GAMES_BY_KEY
    from solitaire_tui.messages import OpenGame

    game = GAMES_BY_KEY[key]
    app = SolitaireApp(data=data, warm_up=True)
    async with app.run_test(size=(100, 32)) as pilot:
        frames = keys.Frames(app)
        await asyncio.sleep(at_menu)  # a person at the menu: the clock is the point
        app.post_message(OpenGame(key, numbered(DEAL) if game.USES_DECK else None))
        await keys.opened(app, frames, game.screen())
        screen = app.screen
        engine = app.engine.note
        began = time.perf_counter()
        await pilot.press("h")
        while (not answered(str(screen.query_one("#message").render()))
               and time.perf_counter() - began < TIMEOUT):
            await asyncio.sleep(0.005)
        seconds = time.perf_counter() - began
        hint = str(screen.query_one("#message").render())
    return FirstHint(at_menu, seconds, engine, hint)


async def measure_keys(key: str, rounds: int, data: Path) -> dict[str, Any]:
    """The game screen's keys (``bench.keys``), ``rounds`` times, as soon as the app
    is open on a fresh install: while its warm-up compiles; whether it still did
    when the last key was timed."""
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.bench import keys
    from solitaire_tui.decks import numbered
    from solitaire_tui.games.registry import GAMES_BY_KEY
    from solitaire_tui.messages import OpenGame

    game = GAMES_BY_KEY[key]
    app = SolitaireApp(data=data, warm_up=True)
    async with app.run_test(size=(100, 32)):
        frames = keys.Frames(app)
        app.post_message(OpenGame(key, numbered(DEAL) if game.USES_DECK else None))
        await keys.opened(app, frames, game.screen())
        times = await keys.timed_rounds(
            app, frames, keys.GAME_STEPS, rounds, keys.GAME_SCREEN, True,
            partial(keys.dealt_again, app, game.screen()))
        compiling = app.engine is not None and app.engine.running
    return {"keys": [dataclasses.asdict(one) for one in times], "compiling": compiling}


def main() -> None:
    """``AT_MENU GAME DATA``: the first hint; ``keys GAME ROUNDS DATA``: the keys."""
    if sys.argv[1] == "keys":
        key, rounds, data = sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
        print(json.dumps(asyncio.run(measure_keys(key, rounds, data))))
        return
    at_menu, key, data = float(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    print(json.dumps(asyncio.run(measure(at_menu, key, data)).__dict__))


if __name__ == "__main__":
    main()
