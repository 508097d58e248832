"""``bench --engine start``: how soon a fresh process is of use, the way a player
starts it: ``--help`` to its last line, and the app to its menu (headless, in a data
directory of its own; what a terminal adds to the first frame is not in it). Each is
timed from the parent, over several fresh processes: the median is the figure, the
spread says how noisy the machine was.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

RUNS = 5
HELP_TARGET = 0.2  # seconds: what a person waits for ``--help`` without noticing
MENU_TARGET = 0.5

# The app, to its menu: the line is printed once the menu is on top, then the app ends.
MENU = """
import asyncio, sys
from pathlib import Path
from solitaire_tui.app import SolitaireApp
from solitaire_tui.screens.menu import MenuScreen

async def menu() -> None:
    app = SolitaireApp(data=Path(sys.argv[1]))
    async with app.run_test(size=(100, 32)) as pilot:
        while not isinstance(app.screen, MenuScreen):
            await pilot.pause()
        print("menu", flush=True)

asyncio.run(menu())
"""


@dataclass(frozen=True)
class StartTiming:
    what: str
    seconds: tuple[float, ...]
    target: float

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def met(self) -> bool:
        return self.median <= self.target


def start_timings(runs: int = RUNS) -> list[StartTiming]:
    return [StartTiming("--help", tuple(_help() for _ in range(runs)), HELP_TARGET),
            StartTiming("the menu", tuple(_menu() for _ in range(runs)), MENU_TARGET)]


def _help() -> float:
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "solitaire_tui", "--help"], check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def _menu() -> float:
    with tempfile.TemporaryDirectory(prefix="solitaire-start-") as data:
        began = time.perf_counter()
        with subprocess.Popen([sys.executable, "-c", MENU, data], stdout=subprocess.PIPE,
                              text=True) as process:
            assert process.stdout is not None
            line = process.stdout.readline()
            shown = time.perf_counter() - began
            process.wait()
        if line.strip() != "menu":
            raise RuntimeError("the app did not reach its menu")
        return shown
