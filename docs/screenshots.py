"""The README's pictures, taken by the app itself.

    python docs/screenshots.py                   # every picture, into docs/images/
    python docs/screenshots.py menu sequence     # some of them

Each picture is the real app run headless (``App.run_test``) at 100×32, the size the
screen tests play at, with a player's data directory of its own in a temporary folder
(``SOLITAIRE_TUI_DATA_DIR``), reached by pressing keys as a player would, and saved
as SVG by Textual (``App.save_screenshot``). The app starts no warm-up of the engine
(``warm_up`` is off, as in the tests): the statistics picture plays a short Hit or
Miss run, which loads that kernel from numba's cache (``solitaire-tui warm`` fills
it) or compiles it on a fresh install; the others call no kernel.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's packages first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.pilot import Pilot

SIZE = (100, 32)  # tests/support/pilots.py's SIZE
IMAGES = Path(__file__).resolve().parent / "images"
DATA_DIR = "SOLITAIRE_TUI_DATA_DIR"  # store.database.DATA_DIR_VARIABLE
RUN_SECONDS = 120.0  # the statistics run's wait, a compile included, at most

Steps = Callable[[Pilot[None]], Awaitable[None]]


async def _until(pilot: Pilot[None], done: Callable[[], bool], what: str,
                 seconds: float = 10.0) -> None:
    """Let the app run until ``done()``, for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError(f"no {what} within {seconds:.0f} s")
        await pilot.pause(0.05)


async def _menu(pilot: Pilot[None]) -> None:
    await pilot.pause()


async def _sequence(pilot: Pilot[None]) -> None:
    """Deal 3, its first 24 moves played by keys (the greedy player's moves)."""
    from rules.players.sequence import player
    from solitaire_tui.games.sequence.moves import keys_for

    await pilot.pause()
    screen = pilot.app.screen
    greedy = player("greedy", 0)
    for _ in range(24):
        state = screen.session.state  # type: ignore[attr-defined]
        await pilot.press(*keys_for(state, greedy.choose(state)))
    await pilot.pause()


async def _add_residue(pilot: Pilot[None]) -> None:
    """A table of three, two of them computers (the random one draws a new seed each
    time): the set-up accepted, a few rounds played."""
    await pilot.pause()
    await pilot.press("enter")  # the set-up as offered
    await pilot.pause()
    table = pilot.app.screen.table  # type: ignore[attr-defined]
    for keys in (("enter",), ("down", "right", "enter")):  # a chip to m, twice round
        await _until(pilot, table.person_to_move, "your turn")
        await pilot.press(*keys)
        await pilot.pause()
    await _until(pilot, table.person_to_move, "your turn")  # the computers have moved
    await pilot.pause()


async def _statistics(pilot: Pilot[None]) -> None:
    """From the menu, ``t`` on Hit or Miss, 10,000 games from seed 0, ``r``."""
    from solitaire_tui.widgets.number_field import NumberField

    await pilot.pause()
    await pilot.press("t")
    await pilot.pause()
    panel = pilot.app.screen
    panel.query_one("#games", NumberField).value = "10000"
    panel.query_one("#seed", NumberField).value = "0"
    await pilot.press("r")
    summary = panel.query_one("#summary")
    await _until(pilot, lambda: str(summary.render()).startswith("Finished"),
                 "finished run", RUN_SECONDS)
    await pilot.pause(1.2)  # the charts are drawn once a second
    await pilot.pause()


def _start(name: str) -> object:
    """What the app opens on for picture ``name`` (a ``Start``, or None: the menu)."""
    from solitaire_tui.decks import numbered
    from solitaire_tui.games.add_residue.seating import Seat, Seating
    from solitaire_tui.start import Start

    if name == "sequence":
        return Start("sequence", numbered(3))
    if name == "add-residue":
        table = Seating((Seat("You"), Seat("Ada", "greedy"), Seat("Bo", "random")), 7)
        return Start("add-residue", options=table)
    return None


SHOTS: dict[str, Steps] = {
    "menu": _menu,
    "sequence": _sequence,
    "statistics": _statistics,
    "add-residue": _add_residue,
}


async def take(name: str, folder: Path, data: Path) -> Path:
    """Run the app for picture ``name`` and save it as ``folder/name.svg``."""
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.ui.game_screen import GameScreen

    GameScreen.CELEBRATE = False  # a won game's cascade would cover the table
    app = SolitaireApp(data=data, start=_start(name), warm_up=False)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await SHOTS[name](pilot)
        saved = app.save_screenshot(f"{name}.svg", str(folder))
    return Path(saved)


def shoot(folder: Path = IMAGES, names: Sequence[str] = tuple(SHOTS)) -> list[Path]:
    """Take the pictures ``names`` into ``folder``, each app with a new data directory."""
    unknown = [name for name in names if name not in SHOTS]
    if unknown:
        raise ValueError(f"no picture {', '.join(unknown)}; there are {', '.join(SHOTS)}")
    folder.mkdir(parents=True, exist_ok=True)
    taken = []
    before = os.environ.get(DATA_DIR)
    with tempfile.TemporaryDirectory(prefix="solitaire-tui-shots-") as temporary:
        try:
            for name in names:
                data = Path(temporary) / name
                os.environ[DATA_DIR] = str(data)  # whatever reads it, not only the app
                taken.append(asyncio.run(take(name, folder, data)))
        finally:
            if before is None:
                os.environ.pop(DATA_DIR, None)
            else:
                os.environ[DATA_DIR] = before
    return taken


def main(argv: Sequence[str] = sys.argv[1:]) -> int:
    try:
        taken = shoot(IMAGES, list(argv) or tuple(SHOTS))
    except ValueError as error:
        print(f"screenshots: {error}", file=sys.stderr)
        return 2
    for path in taken:
        print(path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
