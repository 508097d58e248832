"""A screen that runs one background job from a form and shows what it reports.

The statistics panel and the zero-strike search share this life cycle: the form is
read (a wrong field is said, with a bell), the job starts in a Textual thread
worker, the form is locked while it plays, each snapshot the job hands over comes
back as a ``Reported`` message and is drawn (a newer one waiting replaces an older
one, so a busy screen skips frames rather than falls behind), and cancel (the
worker's), the end of the job or leaving the screen frees the form. Each screen
fills in what it asks and what it draws; keys never wait for the job, so they stay
live while the kernels use every core.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Generic

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, Input, ProgressBar, Static
from textual.worker import Worker, get_current_worker

from rules.errors import RulesError
from rules.words import sentence_start
from solitaire_tui.engine import Warmup
from solitaire_tui.stats import runs
from solitaire_tui.stats.runner import Job, Phase, S
from solitaire_tui.ui.boundary import failure
from solitaire_tui.ui.help import keys_table, show_help
from solitaire_tui.ui.workers import let_go

# The least time between two drawings of a playing job. A run reports ten times a
# second, and drawing its figures (the table, the list of wins, the bar, a frame) took
# a fifth of the screen's time: a key came in the middle of one drawing in five.
DRAW_SECONDS = 0.25


@dataclass
class Reported(Message):
    """A job's newest snapshot, from its worker."""

    job: Job[Any]
    snapshot: Any

    def can_replace(self, message: Message) -> bool:
        """A newer snapshot of the same job makes an older one not yet drawn useless."""
        return isinstance(message, Reported) and message.job is self.job


@dataclass
class EngineWait(Message):
    """What a job waiting for a part the warm-up still compiles is told, from its
    worker (``Warmup.waiting``: what it waits for, about how long), about once a
    second till the part is ready."""

    job: Job[Any]
    words: str

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, EngineWait) and message.job is self.job


def clock(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02}:{whole % 60:02}" if whole >= 60 else (
        f"{seconds:.1f} s")


def live_keys(*own: BindingType) -> list[BindingType]:
    """A live screen's keys: its own between run and cancel, and help and back, so the
    footer reads the same way on every such screen."""
    return [
        Binding("r", "run", "Run"),
        Binding("c", "cancel", "Cancel"),
        *own,
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("escape", "back", "Back", key_display="esc"),
    ]


class LiveScreen(Screen[None], Generic[S]):
    """The form, run, report and cancel life cycle; the hooks below are a screen's own.

    The screen's form is the widgets under ``#controls`` with a ``#run`` button and a
    ``#seed`` input, and it has a ``ProgressBar``, a ``#speed`` line and a ``#summary``.
    """

    WELCOME: ClassVar[str]  # the first line of the summary
    HELP: ClassVar[str]  # the help page, before the table of keys
    # Seconds between two drawings of the ``#speed`` line while a job plays, where that
    # line shows a clock (elapsed, or time left), which moves even when the job reports
    # nothing new; None: the line changes only with the snapshot.
    TICK: ClassVar[float | None] = None
    # Focused once composed, by Textual: a query of it in ``on_mount`` fails when the app
    # quits while the screen is mounting (its nested widgets are gone by then).
    AUTO_FOCUS = "#run"

    def __init__(self, engine: Warmup | None = None) -> None:
        """``engine``: the app's warm-up, whose parts a job waits for rather than
        compiling them a second time (none in a test's app)."""
        super().__init__()
        self.engine = engine
        self.live: Job[S] | None = None
        self.shown: S | None = None
        self._worker: Worker[None] | None = None
        self._said = ""
        self._behind = False  # a snapshot came while another screen was on top
        # Covered by a screen it does not show through: the job's snapshots are not
        # posted, only kept (``Job.snapshot``), and the clock stops (``on_screen_suspend``).
        self._covered = False
        self._clock: Timer | None = None
        self._drawn_at = 0.0  # when a snapshot was last drawn (``time.monotonic``)
        self._due: Timer | None = None  # draws the snapshot held back (``_show``)

    def on_mount(self) -> None:
        if self.shown is None:  # a screen may show what it kept (Textual calls its own
            self._say(self.WELCOME)  # on_mount first)

    def on_unmount(self) -> None:
        """Leaving the screen stops its job: nothing is left playing unseen."""
        if self._worker is not None:
            self._worker.cancel()
        if self.live is not None:
            self.live.cancel()
        if self._clock is not None:
            self._clock.stop()

    # --- a screen's own --------------------------------------------------------------

    def _launch(self) -> Job[S]:
        """The job the form describes; a wrong field raises the reason as a sentence
        (``RulesError``)."""
        raise NotImplementedError

    def _keys(self, snap: S) -> object:
        """What decides which keys apply: the footer is rebuilt only when it changes."""
        raise NotImplementedError

    def _meter(self, snap: S) -> tuple[int, int]:
        """The progress bar's part done and its whole."""
        raise NotImplementedError

    def _speed(self, snap: S) -> str:
        raise NotImplementedError

    def _summary(self, snap: S) -> str:
        raise NotImplementedError

    def _show_more(self, snap: S) -> None:
        """Draw the screen's own figures of a snapshot."""

    def _fields(self) -> Iterable[Widget]:
        """What is locked while a job plays."""
        return self.query("#controls > *")

    def _focus_after(self) -> Widget:
        """What has the focus when the form is freed: what the screen then says
        ``enter`` does (Run, until there is something else to do)."""
        return self.query_one("#run", Button)

    # --- running ------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.live is not None

    def loses_on_quit(self) -> str | None:
        """Quitting stops a job at once, with none of it kept: asked first."""
        return "the run playing now stops, and is not kept" if self.running else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("run", "new_seed"):
            return not self.running
        if action == "cancel":
            return self.running
        return True

    def action_run(self) -> None:
        if self.running:
            return
        try:
            job = self._launch()
        except RulesError as error:
            self._say(f"{str(error).rstrip('.')}.", error=True)
            self.app.bell()
            return
        job.wait = None if self.engine is None else partial(self._told_wait, job, self.engine)
        self.live = job
        if self.TICK is not None:  # a clock only while a job plays: none keeps the screen
            self._clock = self.set_interval(self.TICK, self._tick)
        self._lock_form(True)
        self._show(job.snapshot)
        self._worker = self.run_worker(partial(self._work, job), name="job", group="job",
                                       thread=True, exit_on_error=False)

    def _work(self, job: Job[S]) -> None:
        """In the worker: the job, its snapshots posted back as they come."""
        worker = get_current_worker()

        def report(snap: S) -> None:
            if snap.over or not self._covered:
                self.post_message(Reported(job, snap))

        try:
            report(job.work(report, lambda: worker.is_cancelled))
        finally:
            let_go()

    def _told_wait(self, job: Job[S], engine: Warmup, part: str,
                   stopped: Callable[[], bool]) -> bool:
        """The job's wait (in its thread) for a part the warm-up still compiles, told
        on the summary line as it goes; False if the job was stopped meanwhile."""
        def say(words: str) -> None:
            self.post_message(EngineWait(job, words))

        return engine.told_wait(part, stopped, say)

    @on(EngineWait)
    def _engine_wait(self, message: EngineWait) -> None:
        """Told only while the job has yet to play: one told late is not drawn over
        the job's own words."""
        if (message.job is self.live and self.shown is not None
                and self.shown.phase is Phase.LOADING and self._seen()):
            self._say(f"{message.words} c cancels.")

    @on(Reported)
    def _reported(self, message: Reported) -> None:
        if message.job is not self.live:
            return  # a cancelled job's last words
        snap: S = message.snapshot
        self._show(snap)
        if snap.over:
            self._ended()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A job that failed unexpectedly is told by the error boundary and shown
        failed (its last snapshot, ended by the job itself); the form is freed."""
        if failure(self, event) is not None and event.worker is self._worker and self.live:
            self._show(self.live.snapshot)
            self._ended()

    def _tick(self) -> None:
        """The clock moves even when the job reports nothing new: only its line is
        drawn again, not the figures, which have not changed."""
        if self.live is not None and self.shown is not None and self._seen():
            self.query_one("#speed", Static).update(self._speed(self.shown), layout=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_run()

    def action_cancel(self) -> None:
        if self.live is not None:
            if self._worker is not None:
                self._worker.cancel()
            self._show(self.live.cancel())
            self._ended()

    def _ended(self) -> None:
        """Free the form of a finished, failed or cancelled job."""
        self.live = None
        self._worker = None
        if self._clock is not None:
            self._clock.stop()
            self._clock = None
        self._lock_form(False)

    def _lock_form(self, locked: bool) -> None:
        for widget in self._fields():
            widget.disabled = locked
        if not locked:
            self._focus_after().focus()
        self.refresh_bindings()

    # --- showing a job ----------------------------------------------------------------

    def _show(self, snap: S) -> None:
        """Keep ``snap`` as the one shown, and draw it if the screen can be seen: under a
        game opened from it (a win replayed) nobody sees it, and drawing took the keys'
        time there. It is drawn when the screen is shown again. A playing job's
        snapshots are drawn at most every DRAW_SECONDS, the last one held back till
        then; one that ends the job or changes the keys at once."""
        keys_change = self.shown is None or self._keys(snap) != self._keys(self.shown)
        self.shown = snap
        if not self._seen():
            self._behind = True
            return
        wait = self._drawn_at + DRAW_SECONDS - time.monotonic()
        if wait > 0 and not keys_change and not snap.over:
            if self._due is None:  # drawn then, as it is by then
                self._due = self.set_timer(wait, self._draw_due)
            return
        self._draw(snap, keys_change)

    def _draw_due(self) -> None:
        self._due = None
        if self.shown is not None and self._seen():
            self._draw(self.shown, keys_change=False)

    def _seen(self) -> bool:
        """Whether any of the screen shows: on top, or under screens that all let it
        show through (a dialog's dimmed backdrop). Textual's ``is_current`` counts the
        screen just below the top as seen whatever covers it, and what such a screen
        draws is painted again on the screen on top: under a game, each snapshot
        repainted the game's whole screen, in the keys' way (``bench --engine keys``)."""
        stack = self.app.screen_stack
        if self not in stack:
            return False
        above = stack[stack.index(self) + 1:]
        return all(screen.styles.background.a < 1 for screen in above)

    def on_screen_suspend(self) -> None:
        """Covered: nothing is posted to the screen until it is on top again. Every
        message a screen below the top handles makes Textual paint the whole screen
        on top again (a screen counted as behind the top one keeps asking for a
        repaint when idle), and the snapshots came ten times a second."""
        self._covered = not self._seen()
        if self._covered and self._clock is not None:
            self._clock.pause()

    def on_screen_resume(self) -> None:
        self._covered = False
        if self._clock is not None:
            self._clock.resume()
        if self.live is not None and self.live.snapshot is not self.shown:
            self.shown, self._behind = self.live.snapshot, True
        if self._behind and self.shown is not None:
            self._behind = False
            self._draw(self.shown, keys_change=True)

    def _draw(self, snap: S, keys_change: bool) -> None:
        self._drawn_at = time.monotonic()
        if self._due is not None:
            self._due.stop()
            self._due = None
        bar = self.query_one(ProgressBar)
        if snap.phase is Phase.LOADING:
            bar.update(total=None)
        else:
            done, whole = self._meter(snap)
            bar.update(total=whole, progress=done)
        # A line that never changes size: no layout, which would cost the kernels a core.
        self.query_one("#speed", Static).update(self._speed(snap), layout=False)
        self._say(self._summary(snap), error=snap.phase is Phase.FAILED)
        self._show_more(snap)
        if keys_change:
            self.refresh_bindings()

    def _say(self, text: str, *, error: bool = False) -> None:
        summary = self.query_one("#summary", Static)
        summary.set_class(error, "-error")
        sentence = sentence_start(text)
        if sentence != self._said:  # the same line again needs no new layout
            self._said = sentence
            summary.update(Text(sentence))

    # --- keys -----------------------------------------------------------------------------

    def action_new_seed(self) -> None:
        self.query_one("#seed", Input).value = str(runs.random_seed())

    def action_help(self) -> None:
        show_help(self.app, self.help_page() + keys_table(self.help_keys()))

    def help_page(self) -> str:
        """The help page before the table of keys."""
        return self.HELP

    def help_keys(self) -> list[BindingType]:
        """The keys the help page lists: those this screen has."""
        return list(self.BINDINGS)

    def leave(self) -> None:
        """Stop the run before the screen goes (``app.action_to_menu``)."""
        self.action_cancel()

    def action_back(self) -> None:
        self.leave()
        self.dismiss()
