"""The zero-strike search: the longest game of Hit or Miss won without a single strike.

The search (``rules.zero_strike``) runs in a background thread, where numba is
loaded too, so the screen never waits for it: the thread keeps its latest snapshot
and the screen reads it on a timer, as the statistics panel does. A seed and a
budget in draws name one result, the one ``solitaire-tui search zero-strike
--seed S --nodes N`` prints; the longest game so far is shown as it improves, and
``p`` replays it on the Hit or Miss screen, one strike losing, to step through.
The last search that found a game is kept in the player's store and shown again
when the screen is next opened, so its game can still be played.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Button, Input, Label, ProgressBar, Static

from rules import values, zero_strike
from rules.cards import format_cards, parse_deck
from rules.errors import OptionsError
from rules.words import a_number
from solitaire_tui.decks import Deck
from solitaire_tui.engine import Warmup
from solitaire_tui.games.hit_or_miss.engine import SEARCH
from solitaire_tui.messages import OpenReplay, OpenStats
from solitaire_tui.replay import Replay
from solitaire_tui.stats.limits import OWNER, Limits, taking_turns
from solitaire_tui.stats.runner import Job, Moment, Phase
from solitaire_tui.store.choices import Choices
from solitaire_tui.ui.choices import keep_choice, kept_choice
from solitaire_tui.ui.live import LiveScreen, clock, live_keys
from solitaire_tui.widgets.field import TextField
from solitaire_tui.widgets.footer import KeyFooter

DEFAULT_SEED, DEFAULT_BUDGET = zero_strike.DEFAULT_SEED, zero_strike.DEFAULT_NODES
KEPT = "zero-strike search"  # the store's name for the last search that found a game


@dataclass(frozen=True)
class Snapshot(Moment):
    """The search as of one moment (PLAYING: searching); times are ``time.monotonic()``
    readings."""

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
    def nodes(self) -> int:
        return self.progress.nodes if self.progress is not None else 0

    def elapsed(self, now: float) -> float:
        return (self.ended if self.ended is not None else now) - self.began

    def kept(self) -> dict[str, Any]:
        """What the store keeps of an ended search that found a game (plain JSON)."""
        assert self.best is not None
        return {"seed": self.seed, "budget": self.budget, "nodes": self.nodes,
                "seconds": self.elapsed(self.ended or self.began),
                "cancelled": self.phase is Phase.CANCELLED,
                "best": {"passes": self.best.passes, "deck": format_cards(self.best.deck),
                         "nodes": self.best.nodes}}

    @classmethod
    def from_kept(cls, kept: dict[str, Any]) -> Snapshot | None:
        """A kept search as an ended snapshot; None if what was kept does not read
        back as one (another release's, or damaged): it is then as if none were kept."""
        try:
            best = kept["best"]
            found = zero_strike.Found(int(best["passes"]),
                                      parse_deck(str(best["deck"]), ranks_only=True),
                                      int(best["nodes"]))
            seed, budget, nodes = (int(kept[name]) for name in ("seed", "budget", "nodes"))
            phase = Phase.CANCELLED if kept["cancelled"] else Phase.FINISHED
            progress = zero_strike.Progress(0, found.passes, nodes, found.passes)
            return cls(phase, seed, budget, 0.0, progress, found,
                       ended=float(kept["seconds"]))
        except (KeyError, TypeError, ValueError):
            return None

    @property
    def draws_per_second(self) -> float | None:
        """Counted from the first progress, so the engine's loading is left out."""
        seconds = self.reported - self.searching_since
        return (self.nodes - self.first_nodes) / seconds if seconds > 0 else None


@dataclass
class LiveSearch(Job[Snapshot]):
    """A search in a thread. Cancel answers at once with the last snapshot; the
    thread stops after the pass back under way, whose finds are left out."""

    seed: int
    budget: int
    serial: bool = False  # taking its turn on the engine with runs (``Limits.serial``)
    STOPPED: ClassVar[str] = "The search stopped"

    def __post_init__(self) -> None:
        self._begin(Snapshot(Phase.LOADING, self.seed, self.budget, time.monotonic()))

    @property
    def needs(self) -> tuple[str, ...]:
        return (SEARCH.name,)

    def _ending(self, last: Snapshot, phase: Phase, error: str) -> Snapshot:
        return dataclasses.replace(last, phase=phase, ended=time.monotonic(), error=error)

    def _progress(self, progress: zero_strike.Progress) -> None:
        now = time.monotonic()

        def reported(latest: Snapshot) -> Snapshot:
            if latest.progress is None:
                latest = dataclasses.replace(latest, phase=Phase.PLAYING, searching_since=now,
                                             first_nodes=progress.nodes)
            return dataclasses.replace(latest, progress=progress, reported=now)

        self._update(reported)

    def _work(self) -> None:
        from rules.fast.zero_strike import search  # numba loads in this worker

        with taking_turns(self.serial, self._stopped) as taken:
            if not taken:
                return
            for found in search(self.seed, self.budget, progress=self._progress,
                                stop=self._stopped):
                self._update(functools.partial(dataclasses.replace, best=found))


ZERO_STRIKE_HELP = f"""\
# Zero-strike games

A **zero-strike** game of Hit or Miss is won without a single strike (a pass with no
hit): a win of the `strikes=1` variant. Random deals rarely give one and never a long
one, so the search builds games backwards from the win, pass by pass, giving every
pass a hit by construction, and keeps the one with the most passes. Every deck it
reports is first replayed by the rules.

- **Seed** (default {DEFAULT_SEED}): the search's random choices; `n` draws another.
- **Budget**: earlier passes drawn, accepting `100000000`, `100_000_000` or `1e8`, up
  to 10¹² (default {DEFAULT_BUDGET:,}, a minute or two). A seed and a budget name one result,
  the same as `solitaire-tui search zero-strike --seed S --nodes N` finds.
- The search runs beam after beam; the line under the fields gives the draws made, the
  passes back from the win the current beam has reached, the time and the speed.
- `c` cancels and keeps the longest game found so far; `esc` leaves (and cancels).
- `p` opens the longest game on the Hit or Miss screen, one strike losing, as a replay:
  `U` steps forward, `u` back, `a` plays it through; `esc` comes back here. The last
  search that found a game is kept, and shown again when you come back.
- `f`, how often: random deals rarely give a zero-strike game at all. `f` opens the
  statistics panel on `strikes=1`, whose win rate is how often they do (its first
  winning deals are such games, to replay).

## Keys

"""


class ZeroStrikeScreen(LiveScreen[Snapshot]):
    BINDINGS = live_keys(
        Binding("p", "play", "Play it"),
        Binding("f", "frequency", "How often"),
        Binding("n", "new_seed", "New seed"),
    )
    WELCOME = "Choose a seed and a budget, then r or enter searches."
    HELP = ZERO_STRIKE_HELP
    TICK = 0.15  # the elapsed time moves even when the snapshot does not

    CSS_PATH = "zero_strike_screen.tcss"

    def __init__(self, game: str, frequency: Mapping[str, Any],
                 choices: Choices | None = None, engine: Warmup | None = None,
                 limits: Limits = OWNER) -> None:
        """``game``: the key of the game its finds are replayed on (Hit or Miss);
        ``frequency``: that game's panel options for ``strikes=1``, whose win rate is
        how often random deals give a zero-strike game; ``choices``: where the last
        search's options are kept; ``engine``: the app's warm-up; ``limits``: what
        the app may be asked for (a guest's budget is capped, its search takes turns)."""
        super().__init__(engine)
        self.game = game
        self.frequency = frequency
        self.choices = choices
        self.limits = limits

    @property
    def _kept_name(self) -> str:
        return f"{self.game}: {KEPT}"

    def on_mount(self) -> None:
        kept = kept_choice(self.choices, self._kept_name)
        snap = Snapshot.from_kept(kept) if kept is not None else None
        if snap is not None:
            self.query_one("#seed", Input).value = str(snap.seed)
            self.query_one("#budget", Input).value = f"{snap.budget:_}"
            self._show(snap)
            self.query_one("#play", Button).disabled = False

    def _ended(self) -> None:
        """An ended search that found a game is kept, to be shown (and played) again."""
        super()._ended()
        snap = self.shown
        if snap is not None and snap.best is not None and snap.phase is not Phase.FAILED:
            keep_choice(self, self.choices, self._kept_name, snap.kept())

    def compose(self) -> ComposeResult:
        yield Static("Zero-strike games · Hit or Miss won without a strike (strikes=1)",
                     id="title")
        with Horizontal(id="controls"):
            yield Label("Seed")
            yield TextField(str(DEFAULT_SEED), id="seed", restrict=r"[0-9_]*", compact=True)
            yield Label("Budget (draws)")
            yield TextField(f"{DEFAULT_BUDGET:_}", id="budget", restrict=r"[0-9_,.eE+]*",
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

    # --- running ------------------------------------------------------------------

    @property
    def best(self) -> zero_strike.Found | None:
        return self.shown.best if self.shown is not None else None

    def _launch(self) -> LiveSearch:
        seed = values.SEED(self.query_one("#seed", Input).value)
        budget = zero_strike.BUDGET(self.query_one("#budget", Input).value)
        if budget > self.limits.draws:
            raise OptionsError(f"the budget must be at most {self.limits.draws:,} draws"
                               f" on this server, not {budget:,}")
        return LiveSearch(seed, budget, self.limits.serial)

    def _fields(self) -> Iterable[Widget]:
        return self.query("#controls > *").exclude("#play")

    def _focus_after(self) -> Widget:
        return self.query_one("#play" if self.best is not None else "#run", Button)

    # --- showing the search ------------------------------------------------------------

    def _keys(self, snap: Snapshot) -> object:
        return snap.phase, snap.best is None

    def _meter(self, snap: Snapshot) -> tuple[int, int]:
        return snap.nodes, snap.budget

    def _show_more(self, snap: Snapshot) -> None:
        # A line that never changes size: no new layout, which would slow the search.
        self.query_one("#draws", Static).update(
            f"{snap.nodes:,} of {snap.budget:,} draws", layout=False)
        self._show_best(snap)
        self.query_one("#play", Button).disabled = snap.best is None

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

    # --- keys -----------------------------------------------------------------------------

    def action_play(self) -> None:
        """The longest game so far on the Hit or Miss screen, one strike losing, as a
        replay: stepped through like a run's game, and counted toward no record (auto
        play would otherwise win it for the player). A search under way goes on."""
        best = self.best
        if best is None:
            self._say("No zero-strike game found yet: r searches (the first whole deck"
                      " takes a million draws or so).", error=True)
            return
        self.post_message(OpenReplay(Replay(
            self.game, Deck(best.deck, None), zero_strike.ZERO_STRIKE, None,
            f"{a_number(best.passes, 'pass')} zero-strike game")))

    def action_frequency(self) -> None:
        """How rare such games are: the statistics panel on ``strikes=1``, whose wins
        are exactly the zero-strike games of random deals."""
        self.post_message(OpenStats(self.game, self.frequency))
