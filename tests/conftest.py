"""Pilot tests run the real app at a fixed size, with the player's database in a
temporary directory."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest
import textual._wait

from solitaire_tui.app import SolitaireApp
from solitaire_tui.commands.warm import default_jobs, warm
from solitaire_tui.engine import is_warm
from solitaire_tui.games.registry import ENGINE
from solitaire_tui.start import Start
from solitaire_tui.stats import calibrate
from solitaire_tui.store.database import DATA_DIR_VARIABLE
from solitaire_tui.ui.game_screen import GameScreen

# A pilot's press waits for the app to go idle, looking every 20 ms (Textual's
# granularity): some 40 ms of sleep a key, a third of the screen tests' time. Idle
# is still idle looked at every 5 ms, by Textual's measure (under 5% of the time on
# the CPU while asleep).
textual._wait.SLEEP_GRANULARITY = 0.005
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a test process more than the cores. A fifth of the suite's time
    is spent waiting (on a server, a cluster, a child process, a timeout that must
    pass), and with one process a core the cores sat idle for it."""
    return (os.cpu_count() or 1) + 1


# A test process runs hundreds of apps one after another: with Python's 700, the
# collector ran some 28,000 times a process and took a fifth of its time, and the
# objects it moved on early made its full collections come sooner. The apps' own heap
# keeping (``heap.Heap``) keeps whatever it finds here, as it does Python's.
YOUNG_COLLECTION_AFTER = 20_000


def pytest_configure(config: pytest.Config) -> None:
    """Compile the engine once, before the test processes start, as ``solitaire-tui
    warm`` does: on a fresh clone each process would otherwise compile the kernels
    its tests meet first, the same ones twice over (a minute and more of CI)."""
    gc.set_threshold(YOUNG_COLLECTION_AFTER, *gc.get_threshold()[1:])
    if not hasattr(config, "workerinput") and not is_warm(ENGINE):
        warm(ENGINE, default_jobs(), background=False)


@pytest.fixture(autouse=True)
def short_timings(monkeypatch: pytest.MonkeyPatch) -> None:
    """A panel times its run's first deals in a thread while it is open, 0.4 s of
    every core it offers: a quarter of the panel tests' CPU went to timings none of
    them reads to the tenth. Timed for a twentieth of that (and on MIN_DEALS deals at
    least), an estimate is coarser, not different in kind; how close the app's own
    come to a run's time is ``bench --engine estimates``' business."""
    monkeypatch.setattr(calibrate, "TIMING_SECONDS", calibrate.TIMING_SECONDS / 20)


@pytest.fixture
def data_path(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def player_data(data_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test runs (the command line keeps its runs too) saves into the
    test's own directory, never the player's; and a won game is not celebrated, so
    that the keys after it go to the game (``test_celebration`` turns it on)."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(data_path))
    monkeypatch.setattr(GameScreen, "CELEBRATE", False)


@pytest.fixture
def make_app(data_path: Path):  # type: ignore[no-untyped-def]
    """An app that opens straight on a game, as ``solitaire-tui play`` does."""

    def make(start: Start | None = None) -> SolitaireApp:
        return SolitaireApp(data=data_path, start=start)

    return make
