"""Think in the background, then show: a screen's work that may be slow (a search, a
computer's move, a replay's line, numba loaded on first use) runs in a thread worker,
and its answer comes back to the screen unless it was cancelled.

``Thinker`` is composed into a screen (``GameScreen.thinker``); the screen hands its
workers' state changes to ``failed`` so that what failed is put back in order.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import partial
from typing import Any, TypeVar

from textual.screen import Screen
from textual.timer import Timer
from textual.worker import Worker, get_current_worker

from solitaire_tui.compilers import warm_part
from solitaire_tui.engine import Warmup
from solitaire_tui.stats.limits import engine_busy, taking_turns
from solitaire_tui.ui.boundary import failure
from solitaire_tui.ui.workers import let_go

T = TypeVar("T")
# Said while a thought waits for the run or search under way (``Thinker.serial``).
WAITING = "Waiting for the run or search under way: this server lets one work at a time."
# A part is preloaded (``preload_when_quiet``) once no key has come for this long, as
# the player looks at the board: the load is about a second of Python holding the
# interpreter in a thread (numba's import, the cache read), which a key pressed
# meanwhile waited for, 100-480 ms beside a busy program (docs/TUNING.md). The same
# quiet as the app's own for a full collection (``app.QUIET_SECONDS``).
LOOK_SECONDS = 0.5


class Thinker:
    def __init__(self, screen: Screen[Any], engine: Warmup | None,
                 say: Callable[[str], None], *, serial: bool = False) -> None:
        """``serial``: each thought takes its turn on the engine with the app's runs
        and searches (``Limits.serial``: a guest's threads are capped)."""
        self.screen = screen
        self.engine = engine  # the app's warm-up, whose parts the work may wait for
        self.say = say  # how the screen tells the player what the work waits for
        self.serial = serial
        # What puts the screen back in order when a group's thought fails.
        self._failed: dict[str, Callable[[BaseException], None]] = {}
        self._quiet: Timer | None = None  # the preload waiting for the keys to rest

    def think(self, work: Callable[[], T], then: Callable[[T], None],
              failed: Callable[[BaseException], None], *, group: str,
              needs: str | None = None) -> Worker[None]:
        """Work out ``work()`` in a thread worker. ``then(answer)`` runs on the screen
        afterwards unless the worker was cancelled (``cancel``, or a newer thought in
        the same group); whether the answer still fits the position is ``then``'s to
        decide, as only it knows what to do when it does not. If the work (or
        ``then``) fails, the error boundary tells the player and ``failed(error)``
        puts the screen back in order. ``needs`` names the engine part the work
        calls, which the app's warm-up may still be compiling: the work then waits
        for it, and the player is told why."""
        self._failed[group] = failed
        return self.screen.run_worker(partial(self._work_out, work, then, needs),
                                      name=group, group=group, thread=True, exclusive=True,
                                      exit_on_error=False)

    def _work_out(self, work: Callable[[], T], then: Callable[[T], None],
                  needs: str | None) -> None:
        worker = get_current_worker()
        try:
            if needs is not None and not self._engine_ready(needs, worker):
                return
            with self._turn(worker) as taken:
                if not taken:
                    return
                answer = work()
            self.screen.app.call_from_thread(_shown, worker, then, answer)
        finally:
            let_go()

    def _turn(self, worker: Worker[None]) -> AbstractContextManager[bool]:
        """The engine held for the work when thoughts take turns (False if the worker
        was cancelled while waiting, saying first why it waits); at once otherwise."""
        if self.serial and engine_busy():
            self.screen.app.call_from_thread(self.say, WAITING)
        return taking_turns(self.serial, lambda: worker.is_cancelled)

    def _engine_ready(self, part: str, worker: Worker[None]) -> bool:
        """Wait while the warm-up compiles ``part``, saying so; False if the worker
        was cancelled first."""
        return self.engine is None or self.engine.told_wait(
            part, lambda: worker.is_cancelled,
            lambda words: self.screen.app.call_from_thread(self.say, words))

    def preload(self, part: str | None) -> None:
        """Load an engine part while the player looks at the board, once it is
        compiled: importing numba and loading the part from its cache take most of a
        second, which the first hint would otherwise wait for."""
        engine = self.engine
        if engine is not None and part is not None and part in engine.ready:
            spec = next(known.warm for known in engine.parts if known.name == part)
            self.think(partial(warm_part, spec), _ignored, _ignored, group="preload")

    def preload_when_quiet(self, part_of: Callable[[], str | None]) -> None:
        """``preload`` the part ``part_of()`` names once no key has come for
        ``LOOK_SECONDS`` (each key the screen is sent is told with ``key_came``)."""
        self._quiet = self.screen.set_timer(LOOK_SECONDS, lambda: self.preload(part_of()))

    def key_came(self) -> None:
        """A key: the preload waits for the keys to rest again; once loaded, this
        changes nothing."""
        if self._quiet is not None:
            self._quiet.reset()

    def failed(self, event: Worker.StateChanged) -> None:
        """A worker's state changed: if it failed, the player is told and what it was
        for is put back in order."""
        error = failure(self.screen, event)
        if error is not None:
            self._failed[event.worker.group](error)

    def cancel(self, group: str) -> None:
        """Drop what ``group`` is working out: its answer will not be shown."""
        self.screen.workers.cancel_group(self.screen, group)


def _shown(worker: Worker[None], show: Callable[[Any], None], answer: Any) -> None:
    if not worker.is_cancelled:
        show(answer)


def _ignored(_: object) -> None:
    """An answer, or a failure, nobody waits for."""
