"""Pilot tests run the real app at a fixed size, with the player's database in a
temporary directory."""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import textual._wait
from numba.core import event
from numba.core.registry import cpu_target

from solitaire_tui.app import SolitaireApp
from solitaire_tui.commands.warm import warm
from solitaire_tui.engine import Warmup, default_jobs, is_warm
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
    gc.set_threshold(YOUNG_COLLECTION_AFTER, *gc.get_threshold()[1:])


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput") and not is_warm(ENGINE):
        session.config.get_terminal_writer().line(
            "The compiled engine is not in numba's cache yet: the first test that needs"
            " it compiles it, once, as `solitaire-tui warm` does.")


@pytest.fixture(scope="session")
def warm_engine() -> None:
    """The whole engine compiled into the cache, as ``solitaire-tui warm`` does it:
    each test process that needs it asks, the first compiles it on two processes
    while the others wait for its lock (``engine.warm``), then all load from it. Left
    to compile what its tests meet first, each process would compile the same
    kernels again (a minute and more of CI), and an app made on a cold cache would
    start a warm-up of its own and answer with its stand-ins."""
    if not is_warm(ENGINE):
        warm(ENGINE, default_jobs(), background=False)


class _KernelsLoaded(event.Listener):
    """Counts the times numba takes its compiler lock (a kernel loaded from the cache
    or compiled) in the threads of a test: its own and those it starts, not those an
    earlier test left to end."""

    def __init__(self) -> None:
        self.times = 0
        self._earlier = {thread.ident for thread in threading.enumerate()
                         } - {threading.main_thread().ident}

    def on_start(self, ev: event.Event) -> None:
        if threading.get_ident() not in self._earlier:
            self.times += 1

    def on_end(self, ev: event.Event) -> None:
        pass


_START_WARM_UP = Warmup.start


def _no_warm_up(self: Warmup) -> bool:
    assert self.parts is not ENGINE, "a test marked engine_free started the app's warm-up"
    return _START_WARM_UP(self)


@pytest.fixture(autouse=True)
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The engine warm for every test but those marked ``engine_free`` (the rules,
    the store, the widgets...), which run on a fresh clone without waiting for a
    compile. Such a test may not load a kernel nor start the app's warm-up: one that
    does fails, so a wrong mark shows where it first loads one."""
    if request.node.get_closest_marker("engine_free") is None:
        request.getfixturevalue("warm_engine")
        yield
        return
    # numba takes its lock once as it first makes its compiler (an import of a kernel
    # module may), whichever test is first to: before the count, not in it.
    _ = cpu_target.target_context
    loaded = _KernelsLoaded()
    monkeypatch.setattr(Warmup, "start", _no_warm_up)
    event.register("numba:compiler_lock", loaded)
    try:
        yield
    finally:
        event.unregister("numba:compiler_lock", loaded)
    assert not loaded.times, "a test marked engine_free loaded a compiled kernel"


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
