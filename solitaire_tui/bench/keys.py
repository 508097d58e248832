"""``bench --engine``'s key-to-screen latency: how long a key takes to show on the
screen, with no run going and during a statistics-panel run on two workers.

The app runs headless (``App.run_test``) on a temporary data directory, driven by
keys, not by Pilot's ``press``: Pilot waits for the process to go idle after each
key, and a process whose kernels keep two cores busy never looks idle, so ``press``
would time its own waiting (about a second a key). Instead each key is sent as a
terminal's keys arrive (``driver.send_message``, the input thread's own path), and
every frame the app paints is timed: the app's ``_display`` is wrapped, and made to
turn each frame into the text a terminal would be sent, which a headless app skips.
A key's latency is from sending it to the end of the first frame that shows the
key's change: each key names what it changes (a ``Step``'s ``watch``: the screen on
top, the game's position, the message line, the row whose charts are shown) and
the widgets that show it, and a frame counts once the change is made and every one
of those widgets has been painted since (``Frames``). So a frame painted before the
change (a run's snapshot, say) does not count, nor does one painted after the
change but before the widgets that show it. A row's charts are drawn a frame after
its cursor, so they are timed as what follows the key (``Step.follows``). That
includes the wait for the key's turn in the app's queue, the handler, the layout and
the paint, and the screen's frame clock (at most 60 frames a second).

A person's pace is kept: after each key the bench waits for what the key started
(a hint worked out in its thread, auto play's first moves, a page's words filled in
the first time it opens) and a short gap more, so the run's own snapshots and redraws
go on between keys as they would. A page opened the first time is timed to its frame;
its words come some frames later (``docs/TUNING.md`` has how long).

The keys are the ones every game screen shares (new deal, hint, auto play, undo,
redo, the rules page and back) and the panel's (the results' rows, each showing
its own charts, help and back). They are timed on one game's screen with no run,
on its panel after a short run (so there are figures to move through), during a
long run on two workers, and on a game screen opened over that run. A first round
on the game screen is not timed: it loads numba and the hint's kernels, which a
first hint pays once (``bench_calls`` times that).
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.app import App
from textual.keys import key_to_character
from textual.widget import Widget
from textual.widgets import DataTable, Input, Markdown, Select
from textual.worker import Worker

from solitaire_tui.decks import numbered
from solitaire_tui.messages import OpenGame
from solitaire_tui.stats.runner import Phase, Snapshot
from solitaire_tui.textual_private import driver_of, on_each_frame

if TYPE_CHECKING:
    from solitaire_tui.games.game import Game
    from solitaire_tui.screens.stats.screen import StatsScreen

KEY_TARGET = 0.050  # the aim: a key's feedback within 50 ms, during a run too
TIMEOUT = 3.0  # a key whose change is not painted by then is counted as missed
GAP = 0.15  # between keys, once what a key started has settled: a person's pace
SETTLE = 15.0  # the longest wait for what a key started (a hint, auto play's moves)
RUN_START = 600.0  # the longest wait for a run to play (a cold cache compiles first)
POLL = 0.02
DEAL = 1  # the game screen's deal, when the game is dealt
SEED = 1  # the runs' first deal
LONG_RUN = 10**15  # games: a run that plays until it is cancelled
GAME_SCREEN, PANEL = "game screen", "statistics panel"

AnyApp = App[Any]
Watch = Callable[[AnyApp], object]


@dataclass(frozen=True)
class Step:
    """A key and what it changes: ``watch`` reads the change (compared before and
    after with ``!=``), and ``painted`` names the widgets (selectors on the screen
    the key is pressed on) that show it, which must have been painted since; a key
    that opens or closes a screen names none, as the new screen's first frame paints
    all of it. ``settle``, if given, is waited for after the key's frame, before the
    next key. A step that ``follows`` times what comes after a key's feedback (the
    charts of a row, drawn in the frame after its cursor), which the target of 50 ms
    is not for: it is shown apart and left out of every key's figures."""

    key: str
    label: str
    watch: Watch
    painted: tuple[str, ...] = ()
    settle: Callable[[AnyApp], bool] | None = None
    follows: bool = False  # what follows a key's feedback: timed, not held to the target


def _screen(app: AnyApp) -> object:
    return app.screen


def _session(app: AnyApp) -> object:
    return getattr(app.screen, "session", None)


def _moves(app: AnyApp) -> int:
    session = getattr(app.screen, "session", None)
    return -1 if session is None else len(session.moves)


def _message(app: AnyApp) -> str:
    return str(app.screen.query_one("#message").render())


def _auto(app: AnyApp) -> object:
    """What the table is doing (``play.mode.Mode``): auto play on, or not."""
    return getattr(getattr(app.screen, "table", None), "mode", None)


def _page_filled(app: AnyApp) -> bool:
    """Whether the page on top has its words laid out: a page opened the first time
    shows its frame first and fills it a few frames later (``ui.help``), and a key
    sent before then (``esc``) leaves the filling's layout to the page's next
    showing, a key a person would not press as fast."""
    pages = app.screen.query(Markdown)
    return bool(pages) and all(page.size.height for page in pages)


def _part(app: AnyApp) -> object:
    """The row of the panel's table whose charts are shown."""
    showing = getattr(app.screen, "showing", None)  # the panel's (``stats.showing``)
    return None if showing is None else showing.part


# A game screen's status line is drawn last when the position changes; a new deal's
# number is in the title, for a game dealt from a deck (the status line may read as
# before, and a line drawn again the same is not painted: the key was counted missed).
STATUS, MESSAGE, TITLE = ("#status",), ("#message",), ("#title",)
TABLE, CHARTS = ("#results",), ("#rate", "#scores")

GAME_STEPS: tuple[Step, ...] = (
    Step("n", "n  new deal", _session, TITLE),
    Step("h", "h  hint (its first word)", _message, MESSAGE),
    Step("a", "a  auto play on", _auto, MESSAGE, settle=lambda app: _moves(app) >= 2),
    Step("a", "a  auto play off", _auto, MESSAGE),
    Step("u", "u  undo", _moves, STATUS),
    Step("U", "U  redo", _moves, STATUS),
    Step("question_mark", "?  rules page", _screen, settle=_page_filled),
    Step("escape", "esc  back", _screen),
)

# A row's cursor and figures show at once, its charts in a frame after (``follows``).
PANEL_STEPS: tuple[Step, ...] = (
    Step("down", "↓  next row, its figures", _part, TABLE),
    Step("down", "↓  next row, then its charts", _part, CHARTS, follows=True),
    Step("up", "↑  row before, its figures", _part, TABLE),
    Step("up", "↑  row before, then its charts", _part, CHARTS, follows=True),
    Step("question_mark", "?  help page", _screen, settle=_page_filled),
    Step("escape", "esc  back", _screen),
)


def panel_steps(rows: int) -> tuple[Step, ...]:
    """The panel's keys for a table of ``rows``: moving through one row changes nothing."""
    return PANEL_STEPS if rows > 1 else tuple(step for step in PANEL_STEPS
                                              if step.key not in ("down", "up"))


@dataclass(frozen=True)
class KeyTimes:
    """One key's latencies (seconds) in one place, with a run going or not."""

    where: str
    running: bool
    label: str
    seconds: tuple[float, ...]
    missed: int = 0
    follows: bool = False  # a ``Step`` that follows

    @property
    def summary(self) -> Summary:
        return Summary.of(self.seconds, self.missed)


@dataclass(frozen=True)
class Summary:
    count: int
    missed: int
    median: float | None
    p90: float | None
    max: float | None

    @classmethod
    def of(cls, seconds: Sequence[float], missed: int = 0) -> Summary:
        if not seconds:
            return cls(0, missed, None, None, None)
        ordered = sorted(seconds)
        p90 = (statistics.quantiles(ordered, n=10, method="inclusive")[8] if len(ordered) > 1
               else ordered[0])
        return cls(len(ordered), missed, statistics.median(ordered), p90, ordered[-1])

    @property
    def met(self) -> bool | None:
        """Every key shown within the target (None: nothing was timed)."""
        if self.max is None:
            return None
        return self.missed == 0 and self.max <= KEY_TARGET


@dataclass
class KeyReport:
    """Every key's latencies, and the run they were timed during."""

    game: str
    workers: int
    rounds: int
    size: tuple[int, int]
    keys: list[KeyTimes] = field(default_factory=list)
    run_games_per_second: float = 0.0
    run_kept_going: bool = False  # the run still played when the last key was timed

    def overall(self, running: bool, where: str | None = None) -> Summary:
        chosen = [times for times in self.keys if times.running == running
                  and not times.follows and (where is None or times.where == where)]
        return Summary.of([second for times in chosen for second in times.seconds],
                          sum(times.missed for times in chosen))


def _read(app: AnyApp, watch: Watch, otherwise: object) -> object:
    try:
        return watch(app)
    except Exception:
        return otherwise  # not readable (a screen still mounting): as it was


class Frames:
    """Every frame the app paints, each checked against the key awaited (``expect``).

    A widget is painted in a frame some time after it changed: it asks its screen
    for a repaint once its own queue is idle, and a frame already on its way may
    be painted first. So the widgets that show a key's change are watched as they
    are painted (their ``render_lines``, called while a frame is built), each
    noting the change's reading as it was painted; the key's frame is the first
    built after every one of them was painted with the change."""

    def __init__(self, app: AnyApp) -> None:
        self._app = app
        self._step: Step | None = None
        self._before: object = None
        self._painted: dict[Widget, object] = {}
        self._shown: asyncio.Future[float] | None = None
        self.count = 0

        def display(screen: Any, renderable: Any) -> None:
            if renderable is not None and hasattr(renderable, "render_segments"):
                renderable.render_segments(app.console)  # what a terminal would be sent
            self.count += 1
            self._check(screen)

        on_each_frame(app, display)

    def expect(self, step: Step) -> asyncio.Future[float]:
        """A future that gets the time of the first frame that shows ``step``'s change."""
        self.forget()
        app = self._app
        self._step = step
        self._before = _read(app, step.watch, object())  # unreadable: any reading differs
        for selector in step.painted:
            widget = app.screen.query_one(selector)
            self._painted[widget] = self._before
            render_lines = widget.render_lines

            def noted(crop: Any, widget: Widget = widget, render: Any = render_lines) -> Any:
                self._painted[widget] = _read(app, step.watch, self._before)
                return render(crop)

            widget.render_lines = noted  # type: ignore[method-assign]
        self._shown = asyncio.get_running_loop().create_future()
        return self._shown

    def forget(self) -> None:
        """Stop watching the last step's widgets."""
        for widget in self._painted:
            with contextlib.suppress(AttributeError):
                del widget.render_lines  # the class's own again
        self._painted = {}
        self._step = None

    def _check(self, screen: Any) -> None:
        shown, step = self._shown, self._step
        if shown is None or shown.done() or step is None or screen is not self._app.screen:
            return
        now = _read(self._app, step.watch, self._before)
        if now != self._before and all(reading != self._before
                                       for reading in self._painted.values()):
            shown.set_result(time.perf_counter())


def send(app: AnyApp, key: str) -> None:
    """Send ``key`` as the terminal driver's input thread does."""
    event = events.Key(key, key_to_character(key))
    event.set_sender(app)
    driver_of(app).send_message(event)


async def until(done: Callable[[], bool], seconds: float) -> bool:
    """Poll ``done`` for up to ``seconds``; whether it came true."""
    end = time.perf_counter() + seconds
    while not done():
        if time.perf_counter() > end:
            return False
        await asyncio.sleep(POLL)
    return True


async def press(app: AnyApp, frames: Frames, step: Step) -> float | None:
    """Send the step's key; the seconds until its change was painted (None: missed)."""
    shown = frames.expect(step)
    began = time.perf_counter()
    send(app, step.key)
    try:
        return await asyncio.wait_for(shown, TIMEOUT) - began
    except TimeoutError:
        return None
    finally:
        frames.forget()


async def opened(app: AnyApp, frames: Frames, screen_class: type[object]) -> None:
    """Wait for a screen of ``screen_class`` to be on top and painted, and a person's
    pause more: a person presses a key once the screen shows. (Timed at once, the first
    key waited for the screen's mounting, 60 ms during a run, which no player meets.)"""
    await until(lambda: isinstance(app.screen, screen_class), SETTLE)
    painted = frames.count
    await until(lambda: frames.count > painted, SETTLE)
    await asyncio.sleep(GAP)


def _settled(app: AnyApp, before: set[Worker[Any]]) -> bool:
    """Whether the work the screen on top started since ``before`` is done."""
    return not any(worker.is_running and worker.node is app.screen and worker not in before
                   for worker in app.workers)


async def timed_rounds(app: AnyApp, frames: Frames, steps: Sequence[Step], rounds: int,
                       where: str, running: bool,
                       before_round: Callable[[], Awaitable[None]] | None = None,
                       ) -> list[KeyTimes]:
    """Each step's key ``rounds`` times, a person's pace apart; the times by key."""
    seconds: dict[str, list[float]] = {step.label: [] for step in steps}
    follows = {step.label: step.follows for step in steps}
    missed = dict.fromkeys(seconds, 0)
    for _ in range(rounds):
        if before_round is not None:
            await before_round()
        for step in steps:
            working = {worker for worker in app.workers if worker.is_running}
            took = await press(app, frames, step)
            if took is None:
                missed[step.label] += 1
            else:
                seconds[step.label].append(took)
            if step.settle is not None:
                await until(partial(step.settle, app), SETTLE)
            await until(partial(_settled, app, working), SETTLE)
            await asyncio.sleep(GAP)
    return [KeyTimes(where, running, label, tuple(times), missed[label], follows[label])
            for label, times in seconds.items()]


async def _go(app: AnyApp, frames: Frames, key: str, watch: Watch) -> None:
    """A key that moves the bench along (untimed); fails loudly if nothing changes."""
    if await press(app, frames, Step(key, key, watch)) is None:
        raise RuntimeError(f"the key {key!r} changed nothing on {type(app.screen).__name__}")


def _fill(panel: StatsScreen, games: int, workers: int) -> None:
    panel.query_one("#games", Input).value = str(games)
    panel.query_one("#seed", Input).value = str(SEED)
    panel.query_one("#workers", Select).value = workers


async def _run(app: AnyApp, frames: Frames, panel: StatsScreen, games: int, workers: int,
               ready: Callable[[Snapshot], bool]) -> Snapshot:
    """Run ``games`` on the panel until ``ready`` says of its snapshot."""
    _fill(panel, games, workers)
    await _go(app, frames, "r", lambda _: (app.screen, panel.shown))
    if app.screen is not panel:  # a run of hours is confirmed first (y: run it)
        await _go(app, frames, "y", lambda _: panel.shown)
    if not await until(lambda: panel.shown is not None and ready(panel.shown), RUN_START):
        raise RuntimeError("the statistics panel's run did not get going")
    snap = panel.shown
    assert snap is not None
    if snap.phase is Phase.FAILED:
        raise RuntimeError(f"the statistics panel's run failed: {snap.error}")
    return snap


async def dealt_again(app: AnyApp, screen_class: type[object]) -> None:
    """Each round on the deal as dealt: a game in play would make n ask first (timed
    here is the new deal, not the question)."""
    screen: Any = app.screen
    if isinstance(app.screen, screen_class) and screen.session.moves:
        screen.start(screen.table.deck)
        await asyncio.sleep(GAP)


async def key_latency(make_app: Callable[[Path], AnyApp], game: Game, *, rounds: int = 5,
                      workers: int = 2, short_run: int = 1000,
                      game_steps: Sequence[Step] = GAME_STEPS,
                      size: tuple[int, int] = (120, 40)) -> KeyReport:
    """Time the keys on ``game``'s screen and panel, idle and during a run on
    ``workers`` (see the module's docstring); ``make_app(data)`` opens the app on the
    data directory ``data``; ``short_run``: the games of the run whose figures the
    idle panel shows."""
    report = KeyReport(game.title, workers, rounds, size)
    deck = numbered(DEAL) if game.USES_DECK else None
    screen_class = game.screen()
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-keys-") as data:
        app = make_app(Path(data))
        async with app.run_test(size=size):
            frames = Frames(app)
            app.post_message(OpenGame(game.key, deck))
            await opened(app, frames, screen_class)
            from_the_start = partial(dealt_again, app, screen_class)
            await timed_rounds(app, frames, game_steps, 1, GAME_SCREEN, False,  # warm-up
                               from_the_start)
            report.keys += await timed_rounds(app, frames, game_steps, rounds, GAME_SCREEN,
                                              False, from_the_start)

            await _go(app, frames, "t", _screen)  # the panel, as a player opens it
            panel = cast("StatsScreen", app.screen)
            shown = await _run(app, frames, panel, short_run, workers, lambda snap: snap.over)
            steps = panel_steps(len(shown.tallies))

            async def first_row() -> None:
                table = panel.query_one("#results", DataTable)
                table.focus()
                table.move_cursor(row=0)
                await until(lambda: panel.showing.part == 0, TIMEOUT)
                await asyncio.sleep(GAP)

            report.keys += await timed_rounds(app, frames, steps, rounds, PANEL, False,
                                              first_row)
            await _run(app, frames, panel, LONG_RUN, workers,
                       lambda snap: snap.over or (snap.phase is Phase.PLAYING
                                                  and snap.done > 0))
            report.keys += await timed_rounds(app, frames, steps, rounds, PANEL, True,
                                              first_row)
            app.post_message(OpenGame(game.key, deck))  # a game over the run
            await opened(app, frames, screen_class)
            report.keys += await timed_rounds(app, frames, game_steps, rounds, GAME_SCREEN,
                                              True, from_the_start)
            report.run_kept_going = panel.running
            report.run_games_per_second = 0.0 if panel.shown is None else (
                panel.shown.games_per_second)
            await _go(app, frames, "escape", _screen)
            if app.screen is not panel:  # the game in play is not left unasked (y: leave)
                await _go(app, frames, "y", _screen)
            await _go(app, frames, "c", lambda _: panel.running)
    return report
