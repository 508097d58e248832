"""What a long session must not pile up: a closed panel's plots, the workers that ran
a closed screen's work, and a long run's curve, which every snapshot carries (the app
once grew to 1 GB in 17 minutes of panel runs and replays)."""

from __future__ import annotations

import gc
import math
import sys
import time
import weakref
from collections.abc import Callable
from itertools import pairwise

import numpy as np
import pytest
from textual.worker import Worker

from solitaire_tui import heap
from solitaire_tui.app import QUIET_SECONDS, SolitaireApp
from solitaire_tui.heap import FULL_AFTER
from solitaire_tui.messages import OpenStats
from solitaire_tui.screens.stats.screen import StatsScreen
from solitaire_tui.stats.runner import CURVE_STEP, LiveRun, Phase
from solitaire_tui.stats.runs import Setup
from solitaire_tui.widgets.stats import Chart
from tests.support.panel import finished_run
from tests.support.pilots import SIZE, until, worked
from tests.support.runs import Running, finish


@pytest.mark.slow
async def test_a_closed_panel_leaves_no_plot_behind(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app()
    plots: list[weakref.ref[Chart]] = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            app.post_message(OpenStats("hit-or-miss"))
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen)
            plots += [weakref.ref(plot) for plot in app.screen.query(Chart)]
            await pilot.press("escape")
            await pilot.pause()
        assert len(plots) == 6

        def freed() -> bool:  # a closed screen may be held a moment while taken apart
            gc.collect()
            return all(ref() is None for ref in plots)

        # (and while its workers end, which takes longer on a busy machine: a leak is
        # never freed)
        await until(pilot, freed, seconds=60)


@pytest.mark.slow
async def test_a_panel_frozen_with_new_modules_is_collected_back_at_the_menu(
        make_app: Callable[..., SolitaireApp]) -> None:
    """The app freezes the heap when modules load (``heap.Heap.look``); a panel
    open then is frozen too, and must not outlive its closing for good: back at the
    menu the heap is thawed and collected."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenStats("hit-or-miss"))
        await pilot.pause()
        plots = [weakref.ref(plot) for plot in app.screen.query(Chart)]
        app.heap._modules = -1  # as if modules had just been loaded
        app._look_at_heap()
        frozen = gc.get_freeze_count()
        assert frozen > 0
        await pilot.press("escape")  # the menu: the heap is thawed

        def collected() -> bool:
            gc.collect()  # the panel goes once Textual has taken it apart (a busy
            return all(ref() is None for ref in plots)  # machine takes a while)

        await until(pilot, collected, 60)
        app.heap._thawed = True  # the menu back, a freeze due
        app._last_input -= QUIET_SECONDS  # and no key since
        app._look_at_heap()
        assert gc.get_freeze_count() > 0  # frozen again, the panel gone before


@pytest.mark.slow
async def test_no_freeze_at_the_menu_while_a_closed_panel_is_still_held(
        make_app: Callable[..., SolitaireApp], monkeypatch: pytest.MonkeyPatch) -> None:
    """A panel held a while after closing (its taking apart, a thread worker yet to
    end) would be frozen with the heap, and kept until the next thaw: the app waits."""
    monkeypatch.setattr(heap, "SETTLE_LOOKS", 3)  # a full collection each look
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenStats("hit-or-miss"))
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        held = app.screen  # as a worker's thread would hold it
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, StatsScreen))
        gc.unfreeze()
        app.heap._thawed, app.heap._frozen, app.heap._waited = True, False, 0  # a freeze due
        app._last_input -= QUIET_SECONDS
        for _ in range(heap.SETTLE_LOOKS):
            app._look_at_heap()
            assert gc.get_freeze_count() == 0
        app._look_at_heap()  # held too long: a leak, frozen rather than waited for
        assert gc.get_freeze_count() > 0
        assert held.is_attached is False


def test_what_outlives_a_full_collection_in_a_game_is_frozen_once_it_is_many() -> None:
    """A kernel loaded or a screen's caches filled bring objects that stay, without a
    module loaded: once a full collection leaves many in the oldest generation, they
    are frozen, so the next full collection does not walk them again."""
    kept = heap.Heap()
    gc.freeze()  # as the app froze when its modules loaded
    try:
        kept._modules = len(sys.modules)
        few = [[] for _ in range(heap.GROWN // 10)]  # noqa: F841  (kept alive)
        gc.collect()
        kept.look(at_menu=False, quiet=True)
        before = gc.get_freeze_count()
        assert len(gc.get_objects(2)) < heap.GROWN  # a few: not worth a freeze
        many = [[] for _ in range(heap.GROWN)]  # noqa: F841
        kept.look(at_menu=False, quiet=True)  # no full collection since: none
        assert gc.get_freeze_count() == before
        gc.collect()  # Python's own, say, in the middle of a key
        kept.look(at_menu=False, quiet=False)  # frozen at the next look
        assert gc.get_freeze_count() >= before + heap.GROWN
        assert len(gc.get_objects(2)) < heap.GROWN
    finally:
        gc.unfreeze()


async def test_a_full_collection_waits_for_a_pause_in_the_keys(
        make_app: Callable[..., SolitaireApp]) -> None:
    """A full collection walks all the screens have drawn: the app runs one when no key
    has come for a while, not in the middle of a key (``heap.Heap.look``)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down")
        app.heap._modules = len(sys.modules)  # no freeze at this look
        gc.disable()  # no collection of Python's own between the lines below
        try:
            for _ in range(FULL_AFTER):
                gc.collect(1)  # younger collections: a full one is due
            app._last_input = time.monotonic()  # however long the key took on a busy machine
            app._look_at_heap()
            assert gc.get_count()[2] >= FULL_AFTER  # a key has just come: not now
            app._last_input -= QUIET_SECONDS
            app._look_at_heap()
            assert gc.get_count()[2] == 0  # a pause: now
        finally:
            gc.enable()


@pytest.mark.slow
async def test_a_finished_run_leaves_no_worker_holding_its_panel(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished_run(pilot, app, "one-handed", {}, "2_000", "5")
        await worked(app)
        await pilot.press("escape")
        await pilot.pause()
        gc.collect()
        # The pool thread that ran the run must not keep its worker, nor so the panel.
        assert [worker for worker in gc.get_objects()
                if isinstance(worker, Worker) and worker.node is screen] == []


def test_a_long_runs_curve_stays_short_and_ends_at_its_last_chunk() -> None:
    from rules.fast.batch import MIN_CHUNK, Kernel, Reading

    # A kernel that costs next to nothing, so a run is hundreds of the largest chunks.
    kernel = Kernel(lambda start, count: np.zeros((count, 1), np.int64),
                    (Reading("", won=lambda rows: rows[:, 0] != 0, scores=lambda rows: {}),), 1)
    games = 3 * 10**7
    made = Setup("nothing", {}, "nothing", lambda: kernel)
    snap = finish(Running(LiveRun(made, 0, games, 1)))
    assert snap.phase is Phase.FINISHED and snap.curve[-1] == (games, [0])
    done = [point[0] for point in snap.curve]
    # Every point but the last is kept for a growth of CURVE_STEP in games, where a
    # point a chunk would have the largest chunks' points ever closer together.
    assert all(later >= CURVE_STEP * earlier for earlier, later in pairwise(done[:-1]))
    assert len(done) <= math.log(games / MIN_CHUNK, CURVE_STEP) + 2
