"""The measurement ``bench --engine first-hint`` makes in a process of its own
(``bench.first_hint``): the app, headless, on a fresh install's empty cache;
a while at the menu; a deal of the game; ``h``; the seconds until the hint shows.

A module of its own, outside ``commands``: it opens the app, which the commands
never import.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

from solitaire_tui.bench.first_hint import TIMEOUT, FirstHint

DEAL = 1


async def measure(at_menu: float, key: str, data: Path) -> FirstHint:
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.decks import numbered
    from solitaire_tui.games.registry import GAMES_BY_KEY
    from solitaire_tui.messages import OpenGame

    game = GAMES_BY_KEY[key]
    app = SolitaireApp(data=data, warm_up=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await asyncio.sleep(at_menu)  # a person at the menu: the clock is the point
        app.post_message(OpenGame(key, numbered(DEAL) if game.USES_DECK else None))
        while not isinstance(app.screen, game.screen()):
            await asyncio.sleep(0.01)
        screen = app.screen
        engine = app.engine.note
        began = time.perf_counter()
        await pilot.press("h")
        while (not str(screen.query_one("#message").render()).startswith("Hint:")
               and time.perf_counter() - began < TIMEOUT):
            await asyncio.sleep(0.005)
        seconds = time.perf_counter() - began
        hint = str(screen.query_one("#message").render())
    return FirstHint(at_menu, seconds, engine, hint)


def main() -> None:
    at_menu, key, data = float(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    print(json.dumps(asyncio.run(measure(at_menu, key, data)).__dict__))


if __name__ == "__main__":
    main()
