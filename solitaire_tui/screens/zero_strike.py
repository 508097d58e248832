"""The zero-strike search: the longest game of Hit or Miss won without a single strike.

The search (``rules.zero_strike``) runs in a background thread, where numba is
loaded too, so the screen never waits for it: the thread keeps its latest snapshot
and the screen reads it on a timer, as the statistics panel does. A seed and a
budget in draws name one result, the one ``solitaire-tui search zero-strike
--seed S --nodes N`` prints; the longest game so far is shown as it improves, and
``p`` replays it on the Hit or Miss screen, one strike losing, to step through.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from dataclasses import dataclass, field

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Input, Label, ProgressBar, Static

from rules import zero_strike
from rules.cards import MAX_DEAL, format_cards
from rules.errors import OptionsError, RulesError
from solitaire_tui import runs
from solitaire_tui.decks import Deck
from solitaire_tui.replay import Replay
from solitaire_tui.runner import Phase
from solitaire_tui.screens.stats import POLL_SECONDS, clock
from solitaire_tui.widgets.footer import KeyFooter

DEFAULT_SEED = 7  # as the command's
DEFAULT_BUDGET = 100_000_000  # draws, as the command's: a minute or two


@dataclass(frozen=True)
class Snapshot:
    """The search as of one moment; times are ``time.monotonic()`` readings."""

    phase: Phase  # PLAYING: searching
    seed: int
    budget: int  # draws asked for
    began: float
    progress: zero_strike.Progress | None = None  # None until the engine is loaded
    best: zero_strike.Found | None = None
    searching_since: float = 0.0  # the first progress: the engine was loaded by then
    first_nodes: int = 0  # draws made by then
    reported: float = 0.0  # the latest progress
    ended: float | None = None
    error: str = ""

    @property
    def over(self) -> bool:
        return self.phase in (Phase.FINISHED, Phase.CANCELLED, Phase.FAILED)

    @property
    def nodes(self) -> int:
        return self.progress.nodes if self.progress is not None else 0

    def elapsed(self, now: float) -> float:
        return (self.ended if self.ended is not None else now) - self.began

    @property
    def draws_per_second(self) -> float | None:
        """Counted from the first progress, so the engine's loading is left out."""
        seconds = self.reported - self.searching_since
        return (self.nodes - self.first_nodes) / seconds if seconds > 0 else None


@dataclass
class LiveSearch:
    """A search in a thread. Cancel answers at once with the last snapshot; the
    thread stops after the pass back under way, whose finds are left out."""

    seed: int
    budget: int
    _cancel: threading.Event = field(default_factory=threading.Event, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    _latest: Snapshot = field(init=False)
    _final: Snapshot | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self._latest = Snapshot(Phase.LOADING, self.seed, self.budget, time.monotonic())
        self.thread = threading.Thread(target=self._work, name="zero-strike", daemon=True)

    def start(self) -> LiveSearch:
        self.thread.start()
        return self

    @property
    def snapshot(self) -> Snapshot:
        with self._lock:
            return self._final or self._latest

    def cancel(self) -> Snapshot:
        self._cancel.set()
        return self._end(Phase.CANCELLED)

    def _end(self, phase: Phase, error: str = "") -> Snapshot:
        """The latest snapshot, ended, as the search's result (the first call decides)."""
        with self._lock:
            if self._final is None:
                self._final = dataclasses.replace(self._latest, phase=phase,
                                                  ended=time.monotonic(), error=error)
            return self._final

    def _progress(self, progress: zero_strike.Progress) -> None:
        now = time.monotonic()
        with self._lock:
            latest = self._latest
            if latest.progress is None:
                latest = dataclasses.replace(latest, phase=Phase.PLAYING, searching_since=now,
                                             first_nodes=progress.nodes)
            self._latest = dataclasses.replace(latest, progress=progress, reported=now)

    def _work(self) -> None:
        try:
            for found in zero_strike.search(self.seed, self.budget, progress=self._progress,
                                            stop=self._cancel.is_set):
                with self._lock:
                    self._latest = dataclasses.replace(self._latest, best=found)
        except Exception as error:  # shown on the screen, never as a traceback
            self._end(Phase.FAILED, f"The search stopped: {error}")
            return
        self._end(Phase.CANCELLED if self._cancel.is_set() else Phase.FINISHED)


def parse_seed(text: str) -> int:
    cleaned = text.strip().replace("_", "")
    if not (cleaned.isascii() and cleaned.isdigit()) or int(cleaned) >= MAX_DEAL:
        raise OptionsError(f"a seed is a whole number from 0 to {MAX_DEAL - 1}"
                           " (n draws a new one)")
    return int(cleaned)


def parse_budget(text: str) -> int:
    """A budget as typed, the way a number of games is (``runs.parse_games``)."""
    try:
        return runs.parse_games(text)
    except OptionsError:
        raise OptionsError("the budget is a whole number of draws such as 100000000,"
                           f" 100_000_000 or 1e8, not {text.strip()!r}") from None


class ZeroStrikeScreen(Screen[None]):
    BINDINGS = [
        Binding("r", "run", "Run"),
        Binding("c", "cancel", "Cancel"),
        Binding("p", "play", "Play it"),
        Binding("n", "new_seed", "New seed"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("escape", "back", "Back", key_display="esc"),
    ]

    DEFAULT_CSS = """
    ZeroStrikeScreen { layout: vertical; }
    ZeroStrikeScreen > #title { height: 1; padding: 0 1; background: $panel; color: $text; }
    ZeroStrikeScreen > #controls { height: auto; padding: 0 1; margin-top: 1; }
    ZeroStrikeScreen > #controls > Label { width: auto; margin-right: 1; color: $text-muted; }
    ZeroStrikeScreen > #controls > Input { width: 14; margin-right: 2; }
    ZeroStrikeScreen > #controls > #seed { width: 12; }
    ZeroStrikeScreen > #controls > Button { min-width: 0; margin-right: 2; }
    ZeroStrikeScreen > #meter { height: 1; padding: 0 1; margin-top: 1; }
    ZeroStrikeScreen > #meter > ProgressBar { width: auto; margin-right: 1; }
    ZeroStrikeScreen > #meter > #draws { width: 1fr; }
    ZeroStrikeScreen > #speed { height: 1; padding: 0 1; }
    ZeroStrikeScreen > #summary { height: auto; padding: 0 1; color: $text-muted; }
    ZeroStrikeScreen > #summary.-error { color: $error; text-style: bold; }
    ZeroStrikeScreen > #best { height: auto; padding: 0 1; margin-top: 1; text-style: bold; }
    ZeroStrikeScreen > #deck { height: 1fr; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.live: LiveSearch | None = None
        self.shown: Snapshot | None = None
        self._said = ""

    def compose(self) -> ComposeResult:
        yield Static("Zero-strike games · Hit or Miss won without a strike (strikes=1)",
                     id="title")
        with Horizontal(id="controls"):
            yield Label("Seed")
            yield Input(str(DEFAULT_SEED), id="seed", restrict=r"[0-9_]*", compact=True)
            yield Label("Budget (draws)")
            yield Input(f"{DEFAULT_BUDGET:_}", id="budget", restrict=r"[0-9_,.eE+]*",
                        compact=True)
            yield Button("Run (r)", action="screen.run", compact=True, id="run")
            yield Button("Play it (p)", action="screen.play", compact=True, id="play",
                         disabled=True)
        with Horizontal(id="meter"):
            yield ProgressBar(1, show_eta=False, id="progress")
            yield Static(id="draws")
        yield Static(id="speed")
        yield Static(id="summary")
        yield Static(id="best")
        yield Static(id="deck")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self._say("Choose a seed and a budget, then r or enter searches.")
        self.query_one("#run", Button).focus()
        self.set_interval(POLL_SECONDS, self._poll)

    def on_unmount(self) -> None:
        if self.live is not None:
            self.live.cancel()

    # --- running ------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.live is not None

    @property
    def best(self) -> zero_strike.Found | None:
        return self.shown.best if self.shown is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("run", "new_seed"):
            return not self.running
        if action == "cancel":
            return self.running
        if action == "play":
            return self.best is not None
        return True

    def action_run(self) -> None:
        if self.running:
            return
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
            budget = parse_budget(self.query_one("#budget", Input).value)
        except RulesError as error:
            self._say(f"{str(error).rstrip('.')}.", error=True)
            self.app.bell()
            return
        self.live = LiveSearch(seed, budget).start()
        self._lock_form(True)
        self._poll()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_run()

    def action_cancel(self) -> None:
        if self.live is not None:
            self._show(self.live.cancel())
            self._ended()

    def _poll(self) -> None:
        if self.live is None:
            return
        snap = self.live.snapshot
        self._show(snap)  # the clock moves even when the snapshot does not
        if snap.over:
            self._ended()

    def _ended(self) -> None:
        self.live = None
        self._lock_form(False)

    def _lock_form(self, locked: bool) -> None:
        for widget in self.query("#controls > *").exclude("#play"):
            widget.disabled = locked
        if not locked:
            self.query_one("#play" if self.best is not None else "#run", Button).focus()
        self.refresh_bindings()

    # --- showing the search ------------------------------------------------------------

    def _show(self, snap: Snapshot) -> None:
        # The footer is rebuilt only when the keys that apply change.
        keys_change = self.shown is None or (snap.phase, snap.best is None) != (
            self.shown.phase, self.best is None)
        self.shown = snap
        bar = self.query_one(ProgressBar)
        if snap.phase is Phase.LOADING:
            bar.update(total=None)
        else:
            bar.update(total=snap.budget, progress=snap.nodes)
        # Lines that never change size: no new layout, which would slow the search.
        self.query_one("#draws", Static).update(
            f"{snap.nodes:,} of {snap.budget:,} draws", layout=False)
        self.query_one("#speed", Static).update(self._speed(snap), layout=False)
        self._say(self._summary(snap), error=snap.phase is Phase.FAILED)
        self._show_best(snap)
        self.query_one("#play", Button).disabled = snap.best is None
        if keys_change:
            self.refresh_bindings()

    def _show_best(self, snap: Snapshot) -> None:
        best = snap.best
        if best is None:
            self.query_one("#best", Static).update(
                "No zero-strike game yet: the first whole deck takes a million draws or so.")
            self.query_one("#deck", Static).update("")
            return
        self.query_one("#best", Static).update(
            f"Longest {'found' if snap.over else 'so far'}: {best.passes} passes,"
            f" found after {best.nodes:,} draws."
            " The deck, top card first (p replays it):")
        self.query_one("#deck", Static).update(Text(format_cards(best.deck)))

    @staticmethod
    def _speed(snap: Snapshot) -> str:
        text = f"{clock(snap.elapsed(time.monotonic()))} elapsed"
        rate = snap.draws_per_second
        if rate is not None:
            text += f" · {rate:,.0f} draws/s"
        if snap.progress is not None:
            text += (f" · beam {snap.progress.rounds}: {snap.progress.passes} passes back"
                     " from the win")
        return text

    @staticmethod
    def _summary(snap: Snapshot) -> str:
        if snap.phase is Phase.LOADING:
            return ("Loading the compiled engine… (the first search after an install compiles"
                    " it, which can take a minute; c cancels)")
        if snap.phase is Phase.PLAYING:
            return (f"Searching from seed {snap.seed}; c cancels, keeping the longest game"
                    " found so far.")
        if snap.phase is Phase.FAILED:
            return snap.error
        if snap.phase is Phase.CANCELLED:
            return f"Cancelled after {snap.nodes:,} of {snap.budget:,} draws from seed {snap.seed}."
        return (f"Finished: {snap.nodes:,} draws from seed {snap.seed} ({snap.budget:,} asked;"
                " the last pass back is always completed).")

    def _say(self, text: str, *, error: bool = False) -> None:
        summary = self.query_one("#summary", Static)
        summary.set_class(error, "-error")
        sentence = text[:1].upper() + text[1:]
        if sentence != self._said:  # the same line again needs no new layout
            self._said = sentence
            summary.update(Text(sentence))

    # --- keys -----------------------------------------------------------------------------

    def action_new_seed(self) -> None:
        self.query_one("#seed", Input).value = str(runs.random_seed())

    def action_play(self) -> None:
        """The longest game so far on the Hit or Miss screen, one strike losing, as a
        replay: stepped through like a run's game, and counted toward no record (auto
        play would otherwise win it for the player). A search under way goes on."""
        best = self.best
        if best is not None:
            self.app.open_replay(Replay(  # type: ignore[attr-defined]
                "hit-or-miss", Deck(best.deck, None), zero_strike.ZERO_STRIKE, None,
                f"a {best.passes}-pass zero-strike game"))

    def action_help(self) -> None:
        from solitaire_tui.help import keys_table
        from solitaire_tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(ZERO_STRIKE_HELP + keys_table(self.BINDINGS)))  # type: ignore[arg-type]

    def action_back(self) -> None:
        self.action_cancel()
        self.dismiss()


ZERO_STRIKE_HELP = f"""\
# Zero-strike games

A **zero-strike** game of Hit or Miss is won without a single strike (a pass with no
hit): a win of the `strikes=1` variant. Random deals rarely give one and never a long
one, so the search builds games backwards from the win, pass by pass, giving every
pass a hit by construction, and keeps the one with the most passes. Every deck it
reports is first replayed by the rules.

- **Seed** (default {DEFAULT_SEED}): the search's random choices; `n` draws another.
- **Budget**: earlier passes drawn, accepting `100000000`, `100_000_000` or `1e8`
  (default {DEFAULT_BUDGET:,}, a minute or two). A seed and a budget name one result,
  the same as `solitaire-tui search zero-strike --seed S --nodes N` finds.
- The search runs beam after beam; the line under the fields gives the draws made, the
  passes back from the win the current beam has reached, the time and the speed.
- `c` cancels and keeps the longest game found so far; `esc` leaves (and cancels).
- `p` opens the longest game on the Hit or Miss screen, one strike losing, as a replay:
  `U` steps forward, `u` back, `a` plays it through; `esc` comes back here.

## Keys

"""
