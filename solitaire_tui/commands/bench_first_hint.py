"""``bench --engine first-hint``: the first hint on a fresh install, the way a person
meets it: the app opened on an empty numba cache (so it starts its warm-up in the
background), a while at the menu, then a Sequence deal and ``h``.

Run in a fresh process of its own (``python -m solitaire_tui.commands.bench_first_hint
SECONDS``), since numba reads where its cache is when it is imported: the app runs
headless (``App.run_test``) on temporary data and a temporary cache, and the seconds
from the key to the hint on the screen are printed as JSON, with what the engine's
line said when the key was pressed. The aim: a second at most, once the part the
hint calls is ready, whatever else the warm-up still compiles.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

DEAL = 1
TARGET = 1.0
TIMEOUT = 600.0


@dataclass(frozen=True)
class FirstHint:
    at_menu: float  # seconds at the menu before the deal was opened
    seconds: float  # from ``h`` to the hint on the screen
    engine: str  # the engine's line as ``h`` was pressed ("" once it was done)
    hint: str

    @property
    def met(self) -> bool:
        return self.seconds <= TARGET


def first_hint(at_menu: float) -> FirstHint:
    """The measurement, in a fresh process with an empty cache of its own."""
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-hint-") as root:
        env = dict(os.environ, NUMBA_CACHE_DIR=str(Path(root) / "numba"))
        done = subprocess.run(
            [sys.executable, "-m", "solitaire_tui.commands.bench_first_hint", str(at_menu),
             str(Path(root) / "data")], capture_output=True, text=True, check=True, env=env,
            timeout=TIMEOUT + at_menu)
    return FirstHint(**json.loads(done.stdout.strip().splitlines()[-1]))


async def _measure(at_menu: float, data: Path) -> FirstHint:
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.decks import numbered
    from solitaire_tui.games.sequence.screen import SequenceScreen
    from solitaire_tui.messages import OpenGame

    app = SolitaireApp(data=data, warm_up=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await asyncio.sleep(at_menu)
        app.post_message(OpenGame("sequence", numbered(DEAL)))
        while not isinstance(app.screen, SequenceScreen):
            await asyncio.sleep(0.01)
        screen = app.screen
        engine = app.engine.note
        began = time.perf_counter()
        await pilot.press("h")
        while not str(screen.query_one("#message").render()).startswith("Hint:"):
            if time.perf_counter() - began > TIMEOUT:
                break
            await asyncio.sleep(0.005)
        seconds = time.perf_counter() - began
        hint = str(screen.query_one("#message").render())
    return FirstHint(at_menu, seconds, engine, hint)


def main() -> None:
    at_menu, data = float(sys.argv[1]), Path(sys.argv[2])
    print(json.dumps(asyncio.run(_measure(at_menu, data)).__dict__))


if __name__ == "__main__":
    main()
