"""The statistics panel's first guess of a run's time: the run's own first deals timed
in a thread worker (``stats.calibrate``), once for each set of options, while the
player looks at the form.

``Timings`` is composed into the panel (``StatsScreen.timings``); what it has timed
goes to ``stats.estimate`` by ``calibrate.key``. A timing that a player of one's own
stopped (it raised, or took too long) is no speed: why is kept instead, for the
panel to say until the players are read again. On a first start a timing waits for
the parts of the engine it calls: what it waits for, and how long, is kept and
said (``waiting``) once a second until it starts. A timing is the app's worker and
holds the panel only weakly: a panel closed while a timing ends (a few seconds at
most) is not kept alive by it, and its ``cancel`` stops the timing.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from textual.screen import Screen
from textual.worker import get_current_worker

from solitaire_tui.engine import Warmup
from solitaire_tui.own_players import files
from solitaire_tui.stats.calibrate import calibrate, key
from solitaire_tui.stats.runs import Setup

GROUP = "timing"


class Timings:
    def __init__(self, screen: Screen[Any], engine: Warmup | None,
                 timed: Callable[[], None]) -> None:
        self.screen = screen
        self.engine = engine  # the app's warm-up, whose parts a timing waits for
        self.timed = timed  # called on the screen when a timing is in
        self.seconds: dict[str, float] = {}  # one core's seconds a game, by key
        self.stopped: dict[str, str] = {}  # why a player of one's own stopped it, by key
        self._waits: dict[str, str] = {}  # the part waited for and how long, by key
        self._asked: set[str] = set()

    def timing(self, setup: Setup, seed: int, workers: int) -> bool:
        """Whether ``setup`` is being timed, starting it if it has not been (a timing
        that failed or was cancelled is not tried again: the rough guess stays)."""
        wanted = key(setup)
        if wanted in self.seconds or wanted in self.stopped:
            return False
        if wanted not in self._asked:
            self._asked.add(wanted)
            app = self.screen.app
            # Started from the app's own queue: a thread worker runs in a copy of the
            # context it was started in, which started here would hold the panel.
            app.call_later(app.run_worker, partial(
                _time, setup, seed, workers, self.engine, app.call_from_thread,
                weakref.WeakMethod(self._in), weakref.WeakMethod(self._out),
                weakref.WeakMethod(self._waited), wanted),
                name=GROUP, group=GROUP, thread=True, exit_on_error=False)
        return True

    def cancel(self) -> None:
        """Stop timing (a run is starting: it needs the kernels and every core; or the
        panel is closing)."""
        app = self.screen.app
        app.workers.cancel_group(app, GROUP)

    def why_stopped(self, setup: Setup) -> str | None:
        """Why a player of one's own stopped ``setup``'s timing, if one did."""
        return self.stopped.get(key(setup))

    def waiting(self, setup: Setup) -> str:
        """The engine's part ``setup``'s timing waits for, and how long it is away
        ("Hit or Miss runs: about 12 s more"); "" once it waits no more."""
        return self._waits.get(key(setup), "")

    def players_read(self) -> None:
        """The players' files were read again: a timing a player stopped is tried
        afresh, as the file may have changed."""
        self._asked -= set(self.stopped)
        self.stopped.clear()

    def _waited(self, wanted: str, words: str) -> None:
        if words:
            self._waits[wanted] = words
        else:
            self._waits.pop(wanted, None)
        self.timed()

    def _in(self, wanted: str, seconds: float) -> None:
        self.seconds[wanted] = seconds
        self.timed()

    def _out(self, wanted: str, why: str) -> None:
        self.stopped[wanted] = why
        self.timed()


def _time(setup: Setup, seed: int, workers: int, engine: Warmup | None,
          call_from_thread: Callable[..., Any],
          timed: weakref.WeakMethod[Callable[[str, float], None]],
          stopped_by: weakref.WeakMethod[Callable[[str, str], None]],
          waits: weakref.WeakMethod[Callable[[str, str], None]], wanted: str) -> None:
    """Time ``setup`` in this thread (a worker's), once the parts it calls are ready,
    and hand the seconds to ``timed`` if its panel is still there; a timing a player of
    one's own stopped, why to ``stopped_by``; while it waits for a part, what for
    and how long to ``waits`` once a second ("" once it waits no more)."""
    worker = get_current_worker()

    def stopped() -> bool:
        return worker.is_cancelled

    if engine is not None and not _waited(engine, setup.engine, stopped, partial(
            call_from_thread, _hand_over, waits, wanted)):
        return
    seconds = calibrate(setup, seed, workers, stopped)
    if stopped():
        return
    if seconds is not None:
        call_from_thread(_hand_over, timed, wanted, seconds)
        return
    faults = [fault for name in setup.own
              if (player := files.find(name, setup.game)) is not None
              and (fault := player.fault) is not None]
    if faults:
        call_from_thread(_hand_over, stopped_by, wanted, "; ".join(faults))


def _waited(engine: Warmup, parts: Iterable[str], stopped: Callable[[], bool],
            say: Callable[[str], None]) -> bool:
    """Wait for each of ``parts`` the warm-up still compiles, telling ``say`` which and
    how long at once and about once a second, then "" once all are in; False if
    ``stopped()`` came first."""
    awaited = [part for part in parts if engine.pending(part)]
    for part in awaited:
        if not engine.told_wait(part, stopped, say, engine.away):
            return False
    if awaited:
        say("")
    return True


def _hand_over(method_of: weakref.WeakMethod[Callable[[str, Any], None]], wanted: str,
               what: Any) -> None:
    method = method_of()
    if method is not None:
        method(wanted, what)
