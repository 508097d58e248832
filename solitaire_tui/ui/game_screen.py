"""The frame every game screen shares: deal, undo and redo, hint, auto play and
finishing at once, help, status line, game-over banner and the player's record.

A game screen subclasses ``GameScreen`` and supplies only what is its own: how a
deal becomes a first state, how a state is drawn, its play keys, a hint and the
figures for the status line. Rules are never decided here: every move goes to the
rules module through the ``Session``, and an illegal one comes back as the rules'
own explanation.

A game in play is kept as it goes (``store.unfinished``, after each change, once the
screen has shown it), so the menu can offer it again after a quit, a crash or a kill;
``resumed`` makes a screen that goes on with one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import Worker, get_current_worker

from rules.cards import format_cards
from rules.errors import IllegalMove, RulesError
from rules.play import Rules, moves_of
from rules.words import counted, sentence_start
from solitaire_tui import decks
from solitaire_tui.engine import Part, Warmup, warm_part
from solitaire_tui.messages import OpenStats, OptionsChosen
from solitaire_tui.session import Session, move_name
from solitaire_tui.store.database import StoreError
from solitaire_tui.store.records import How, Played, Records
from solitaire_tui.store.unfinished import Damaged, Kept, Unfinished, new_slot
from solitaire_tui.ui.auto import (
    BUDGET,
    DEFAULT_SPEED,
    PROGRESS_AFTER,
    PROGRESS_EVERY,
    SPEEDS,
    Finish,
    Pace,
    interval,
    rate_words,
    speed_words,
)
from solitaire_tui.ui.boundary import failure
from solitaire_tui.ui.choices import kept_choice
from solitaire_tui.ui.help import keys_table, show_help
from solitaire_tui.ui.quit_dialog import Confirm
from solitaire_tui.ui.workers import let_go
from solitaire_tui.widgets.engine_status import EngineStatus
from solitaire_tui.widgets.footer import KeyFooter
from solitaire_tui.widgets.text import set_text

if TYPE_CHECKING:
    from solitaire_tui.replay import Replay

S = TypeVar("S")
M = TypeVar("M")
T = TypeVar("T")


class Game(Protocol):
    """What the frame needs of the game it plays (a ``games.game.Game`` is one)."""

    key: ClassVar[str]
    title: ClassVar[str]
    USES_DECK: ClassVar[bool]
    RANKS_ONLY: ClassVar[bool]
    ENGINE: ClassVar[tuple[Part, ...]]

    def rules_page(self) -> str: ...

    def panel_options(self, screen_options: Any) -> dict[str, Any]: ...

    def kept_options(self, screen_options: Any) -> dict[str, Any]: ...

    def remembered(self, options: Mapping[str, Any], now: Any) -> Any: ...

    def saved_options(self, screen_options: Any) -> Any: ...

    def resumed_options(self, saved: Any) -> Any: ...


ROOMY = 100  # columns from which the sign of auto play says which key stops it
STANDARD = "standard"  # the variant of a game that has none (left out of its title)

# What cannot be used while a replay's line or a finish is being worked out: each
# would change the position, or start more auto play.
WAITING = ("auto", "speed", "finish", "hint", "undo", "redo", "restart")


class GameScreen(Screen[None], Generic[S, M]):
    RULES: Any  # the rules module (a ``Rules``), set by each game's class
    HAS_AUTO: ClassVar[bool] = True
    HAS_OPTIONS: ClassVar[bool] = False
    # A won game is celebrated (``ui.celebration``); the tests turn it off, as their
    # keys after a win are the game's (``tests/conftest.py``).
    CELEBRATE: ClassVar[bool] = True
    # A hint that comes from a search is worked out in a thread, so the screen never
    # waits for it (nor for numba, which such a hint loads on first use).
    SLOW_HINTS: ClassVar[bool] = False
    MOUSE_HELP: ClassVar[str] = "click a card, a pile, a button or a key in the footer"


    auto_speed: reactive[int] = reactive(DEFAULT_SPEED, init=False)

    def __init__(self, game: Game, records: Records, deck: decks.Deck | None = None,
                 options: Any = None) -> None:
        super().__init__()
        self.game = game
        self.records = records
        self.options: Any = options if options is not None else self.default_options()
        self._ask_options = options is None and self.HAS_OPTIONS
        self.deck = deck if deck is not None or not game.USES_DECK else decks.random_deck()
        self.session: Session[S, M] = Session(self.rules, self.new_state())
        self._recorded = False
        self._practice = self._finished_before()  # this deal was played to its end before
        self._helped = False  # a hint was asked for in this game
        self._auto_played = False  # auto play made a move in this game
        self._auto: Timer | None = None  # auto play's timer, while it plays
        self._pace = Pace(SPEEDS[DEFAULT_SPEED], time.monotonic())  # its moves, and speed
        self._finishing: Finish[S, M] | None = None  # the finish being worked out
        self._progress: Timer | None = None  # shows how far that finish has got
        self._sign: str | None = None  # the sign of auto play shown, if any
        self._auto_said = False  # the line under the board holds auto play's own words
        self._replay: Replay | None = None  # the game replayed, while a replay is on
        self._loading = False  # the replay's line is being worked out
        self._thinking: S | None = None  # the state a slow hint is being worked out for
        self._wanted: set[str] = set()  # what that hint is for: "hint", "auto" or both
        # What puts the screen back in order when a group's thought fails.
        self._failed: dict[str, Callable[[BaseException], None]] = {}
        self.unfinished = Unfinished(records.database)
        self.slot = new_slot()  # this screen's row of unfinished games (``kept``)
        self._keep_due = False  # a change is to be saved once the screen shows it
        self._kept_row = False  # the slot holds this screen's game in play
        self._saved = True  # the last change was saved (not: told once, tried again)
        self._resumed: str | None = None  # what to say when shown, for a game resumed

    # --- what a game supplies -------------------------------------------------

    def default_options(self) -> Any:
        """The options a game starts with when none are given (games without: None)."""
        return None

    def new_state(self) -> S:
        """The first state for ``self.deck`` and ``self.options``."""
        raise NotImplementedError

    def compose_board(self) -> ComposeResult:
        raise NotImplementedError

    def show(self, state: S) -> None:
        """Draw ``state`` on the board's widgets."""
        raise NotImplementedError

    def figures(self, state: S) -> str:
        """The game's own figures for the status line."""
        raise NotImplementedError

    @property
    def hint_part(self) -> str | None:
        """The engine part (``engine.Part``) a slow hint calls, if any."""
        return None

    def hint(self, state: S) -> M | None:
        """A good move here, or None when there is none to suggest."""
        moves = self.rules.legal_moves(state)
        return moves[0] if moves else None

    def thought(self, state: S) -> None:
        """A slow hint for ``state``, the position now, has just been worked out: a
        game may show more of what the search found than the move."""

    def score(self, state: S) -> int | None:
        """The game's own figure for a finished game, kept beside won or lost (cards
        left, rounds, points); None when it has none."""
        return None

    def describe(self, move: M) -> str:
        """A move in words, for hints."""
        return str(getattr(move, "value", move))

    def verdict(self, state: S) -> tuple[bool, str]:
        """Won or not, and why, once the game is over."""
        raise NotImplementedError

    def headline(self, state: S, won: bool) -> str:
        """The banner's first word for a finished game (a game with shared wins says
        when a win was shared)."""
        return "WON" if won else "GAME OVER"

    @property
    def variant(self) -> str:
        """The variant in play as records and headings name it; a game with none
        keeps ``STANDARD``, which the title leaves out."""
        return STANDARD

    def flags(self) -> dict[str, Any]:
        """What a game kept unfinished needs beyond its deal, options and moves to go
        on as it was, as plain JSON: what decides how it is recorded when it ends. A
        game with more of its own adds to these, and reads them in ``take_flags``."""
        return {"helped": self._helped, "auto": self._auto_played, "practice": self._practice}

    def take_flags(self, flags: Mapping[str, Any]) -> None:
        """Take back the flags a game resumed was kept with (``flags``'s); ``Damaged``
        if they cannot be read."""
        self._helped, self._auto_played, self._practice = (
            flag(flags, name) for name in ("helped", "auto", "practice"))

    # --- shared machinery -----------------------------------------------------

    @property
    def replaying(self) -> str | None:
        """What is replayed, in words, while a replay is on."""
        return self._replay.label if self._replay is not None else None

    @property
    def uncounted(self) -> str | None:
        """Why this game counts toward no record, if it does not: a replay, a game
        auto play made moves in (the computer's, not the player's), or practice on a
        deal played to its end before (``r`` after a game, a deal chosen again)."""
        if self.replaying:
            return "A replay"
        if self._auto_played:
            return "Played with auto play"
        if self._practice:
            return "Practice: this deal was played to its end before"
        return None

    @property
    def rules(self) -> Rules[S, M]:
        return self.RULES  # type: ignore[no-any-return]

    @property
    def title_text(self) -> str:
        name = self.game.title
        where = f" · {self.deck.label}" if self.deck is not None else ""
        replay = f" · replay of {self.replaying}" if self.replaying else ""
        variant = f" · {self.variant}" if self.variant != STANDARD else ""
        return f"{name}{variant}{where}{replay}"

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="title")
        with Container(id="board"):
            yield from self.compose_board()
        yield Static(id="banner")
        yield Static(id="message")
        with Horizontal(id="status-bar"):
            yield Static(id="status")
            yield Static(id="auto")  # the sign that auto play is on
        yield EngineStatus()
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.redraw()
        self._preload()
        if self._resumed is not None:
            self.say(self._resumed)
        if self._replay is not None:
            self._load_replay(self._replay)
        elif self._ask_options:
            self.options_again()

    def remembered_options(self) -> Any:
        """The options chosen last time this game was played (``Game.remembered``),
        or None."""
        kept = kept_choice(self, self.game.key)
        try:
            return self.game.remembered(kept, self.options) if kept is not None else None
        except RulesError:  # kept by a release that allowed them
            return None

    def options_again(self) -> None:
        """Entered without options: play those chosen last time, if any (saying so),
        or ask for them."""
        options = self.remembered_options()
        if options is None:
            self.action_options()
            return
        self.options = options
        self.start(self.deck)
        self.say(f"{self.variant}, as chosen last time; o changes it.")

    def _preload(self) -> None:
        """Load the hints' engine part while the player looks at the deal, once it is
        compiled: importing numba and loading the part from its cache take most of a
        second, which the first hint would otherwise wait for."""
        engine: Warmup | None = getattr(self.app, "engine", None)
        part = self.hint_part
        if engine is not None and part is not None and part in engine.ready:
            spec = next(known.warm for known in engine.parts if known.name == part)
            self.think(partial(warm_part, spec), lambda _: None, lambda _: None,
                       group="preload")

    def replay(self, replay: Replay) -> None:
        """Step through the game a run played: its whole line is loaded as redo
        history from the start, so U and u step and a plays it through. A replay
        counts toward no record."""
        self._replay = replay
        if self.is_mounted:
            self._load_replay(replay)

    def _load_replay(self, replay: Replay) -> None:
        """The start is shown at once; the line (the computers' whole game, which may
        take seconds) is worked out in the background and filled in."""
        self.stop_auto()
        self.session = Session(self.rules, self.new_state())
        self._loading = True
        self.redraw()
        self.say(f"Replay of {replay.label}: working out the game…")
        start = self.session.start
        self.think(lambda: [move for move, _ in moves_of(self.rules, start, replay.choose)],
                   partial(self._replay_loaded, replay), self._replay_failed, group="replay")

    def _replay_loaded(self, replay: Replay, line: list[M]) -> None:
        if replay is not self._replay:
            return  # a new game was started meanwhile
        self._loading = False
        session: Session[S, M] = Session(self.rules, self.session.start)
        for move in line:
            session.play(move)
        session.restart()
        self.session = session
        self.redraw()
        self.say(f"Replay of {replay.label}: U steps forward, u back, a plays it through,"
                 " r goes back to the start.")

    def _replay_failed(self, error: BaseException) -> None:
        self._loading = False
        self.say(f"The replay could not be worked out: {error}", error=True)
        self.refresh_bindings()

    # --- think in the background, then show -----------------------------------------

    def think(self, work: Callable[[], T], then: Callable[[T], None],
              failed: Callable[[BaseException], None], *, group: str,
              needs: str | None = None) -> Worker[None]:
        """Work out ``work()`` in a thread worker, so the screen never waits for a
        search, a computer's move or a replay's line (nor for numba, which such work
        may load on first use). ``then(answer)`` runs on the screen afterwards unless
        the worker was cancelled (``cancel_thinking``, or a newer thought in the same
        group); whether the answer still fits the position is ``then``'s to decide, as
        only it knows what to do when it does not. If the work (or ``then``) fails,
        the error boundary tells the player and ``failed(error)`` puts the screen
        back in order: nothing is being worked out for it any more. ``needs`` names
        the engine part the work calls, which the app's warm-up may still be
        compiling: the work then waits for it, and the player is told why."""
        self._failed[group] = failed
        return self.run_worker(partial(self._work_out, work, then, needs),
                               name=group, group=group, thread=True, exclusive=True,
                               exit_on_error=False)

    def _work_out(self, work: Callable[[], T], then: Callable[[T], None],
                  needs: str | None) -> None:
        worker = get_current_worker()
        try:
            if needs is not None and not self._engine_ready(needs, worker):
                return
            answer = work()
            self.app.call_from_thread(self._thought, worker, then, answer)
        finally:
            let_go()

    def _engine_ready(self, part: str, worker: Worker[None]) -> bool:
        """Wait while the warm-up compiles ``part``, saying so; False if the worker
        was cancelled first."""
        engine: Warmup | None = getattr(self.app, "engine", None)
        if engine is None or not engine.pending(part):
            return True
        self.app.call_from_thread(
            self.say, f"Waiting for the engine: {engine.title(part)} is being compiled"
            " (on first start only; its progress is below).")
        return engine.wait(part, lambda: worker.is_cancelled)

    @staticmethod
    def _thought(worker: Worker[None], show: Callable[[Any], None], answer: Any) -> None:
        if not worker.is_cancelled:
            show(answer)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        error = failure(self, event)
        if error is not None:
            self._failed[event.worker.group](error)

    def cancel_thinking(self, group: str) -> None:
        """Drop what ``group`` is working out: its answer will not be shown."""
        self.workers.cancel_group(self, group)

    def redraw(self) -> None:
        state = self.session.state
        set_text(self.query_one("#title", Static), self.title_text)
        self.show(state)
        moves = len(self.session.moves)
        set_text(self.query_one("#status", Static),
                 f"{self.deck.label.capitalize() + ' · ' if self.deck else ''}"
                 f"moves {moves} · {self.figures(state)}")
        over = self.session.is_over
        self.set_class(over, "-over")
        if over:
            self._finish(state)
        self.refresh_bindings()
        self.keep_soon()

    def say(self, text: str | Text, *, error: bool = False) -> None:
        """Show a line under the board; plain strings are shown as typed, never as markup
        (rules messages and player names may hold brackets)."""
        message = self.query_one("#message", Static)
        message.set_class(error, "-error")
        set_text(message, Text(text) if isinstance(text, str) else text)
        self._auto_said = False

    def _say_auto(self, text: str) -> None:
        """Auto play's own words (its speed, its keys): they stay while it plays, as a
        move clears any other line, and go when it stops."""
        self.say(text)
        self._auto_said = True

    def play(self, move: M) -> bool:
        """Send a move to the rules; an illegal one is explained and not applied."""
        if self.session.is_over:
            self.say(f"The game is over: {self.again_keys}.", error=True)
            return False
        try:
            self.session.play(move)
        except IllegalMove as error:
            self.refuse(error)
            return False
        self.say("")
        self.redraw()
        return True

    def refuse(self, error: IllegalMove) -> None:
        """A move the rules do not allow, explained in their words, with a bell."""
        self.stop_auto()
        self.say(_sentence(str(error)), error=True)
        self.app.bell()

    def _finish(self, state: S) -> None:
        self.stop_auto()
        won, why = self.verdict(state)
        banner = self.query_one("#banner", Static)
        banner.set_class(won, "-won")
        banner.set_class(not won, "-lost")
        text = Text()
        text.append(self.headline(state, won), style="bold")
        text.append(f"  {_sentence(why)}\n")
        if not self._recorded:
            self._recorded = True
            self._record(won, why, self.score(state))
            if won and not self.replaying:
                self._celebrate()
        if self.uncounted:
            text.append(f"{self.uncounted}: it counts toward no record.\n", style="italic")
        elif self.records_variant is not None:
            record = self.records.record(self.game.key, self.records_variant)
            text.append(f"{self.variant}: {record.summary()}\n", style="italic")
        text.append(f"{self.again_keys} · u: undo · esc: back · M: menu", style="dim")
        set_text(banner, text)

    @property
    def in_play(self) -> bool:
        """A game begun and not over (a replay is never in play)."""
        session = self.session
        return not (self.replaying or self._recorded or session.is_over or not session.moves)

    def loses_on_quit(self) -> str | None:
        """What leaving a game in play (esc, M, q) does to it, for the question asked
        first: it is kept for the menu to offer, unless it could not be saved."""
        if not self.in_play:
            return None
        self.keep_now()
        if self._kept_row and self._saved and self.records.database.saving:
            return (f"the {self.game.title} game in play is not over: it is kept, and the"
                    " menu offers it to resume")
        return f"the {self.game.title} game in play is not over, and is not kept"

    # --- the game in play, kept as it goes -------------------------------------------

    def kept(self) -> Kept | None:
        """The game in play as it is saved to be resumed; None when there is none."""
        if not self.in_play:
            return None
        deck = self.deck
        return Kept(self.slot, self.game.key, self.variant,
                    None if deck is None else deck.deal, self._deck_text(),
                    self.game.saved_options(self.options),
                    tuple(move_name(move) for move in self.session.moves), self.flags())

    def keep_soon(self) -> None:
        """Save the game in play once the screen has shown the change: the save (a
        millisecond or so) never delays what a key shows. Nothing is done while no
        game is in play and none is kept."""
        if not self._keep_due and (self._kept_row or self.in_play):
            self._keep_due = True
            self.call_after_refresh(self.keep_now)

    def keep_now(self) -> None:
        """Save the game in play in this screen's slot, or drop the slot's row when
        there is no game in play any more (over, thrown away, undone to its start)."""
        if not self._keep_due:
            return
        self._keep_due = False
        kept = self.kept()
        try:
            if kept is not None:
                self.unfinished.put(kept)
            elif self._kept_row:
                self.unfinished.drop(self.slot)
        except StoreError as error:  # the row is as it was; the next change tries again
            if self._saved:
                self.notify(str(error), severity="warning", timeout=10)
            self._saved = False
            return
        self._kept_row, self._saved = kept is not None, True

    @classmethod
    def resumed(cls, game: Game, records: Records, kept: Kept) -> GameScreen[Any, Any]:
        """A screen that goes on with the game ``kept`` where it was left: its moves
        played again through the rules, each of which undo takes back. What cannot be
        rebuilt (saved by another release, or damaged) raises one of
        ``store.unfinished.UNREADABLE`` (the rules' errors are ValueErrors)."""
        deck: decks.Deck | None = None
        if game.USES_DECK:
            if kept.deal is not None:
                deck = decks.numbered(kept.deal)
            elif kept.deck is not None:
                deck = decks.deck_of(kept.deck, ranks_only=game.RANKS_ONLY)
            else:
                raise Damaged("neither a deal nor a deck")
        screen = cls(game, records, deck, game.resumed_options(kept.options))
        screen.take_flags(kept.flags)
        screen.session = Session.rebuilt(screen.rules, screen.new_state(), kept.moves)
        if not screen.in_play:
            raise Damaged("the game is over")
        screen.slot, screen._kept_row = kept.slot, True
        screen._resumed = (f"Resumed where you left it ({_moves(len(kept.moves))}, last played"
                           f" {kept.when()}): u takes the moves back.")
        return screen

    @property
    def again_keys(self) -> str:
        if self.game.USES_DECK:
            return "r: play this deal again · n: new deal"
        return "r: play again · n: new game"

    @property
    def records_variant(self) -> str | None:
        """The record this game counts towards, or None if it is not counted."""
        return self.variant

    @property
    def how(self) -> How:
        """How this game was played, as its saved row says: a replay, with auto play,
        with help (a hint), or by the player alone."""
        if self.replaying:
            return "replay"
        if self._auto_played:
            return "auto"
        return "help" if self._helped else "player"

    def _deck_text(self) -> str | None:
        """The cards as text when they were typed in (a deal is saved by its number)."""
        deck = self.deck
        return format_cards(deck.cards) if deck is not None and deck.deal is None else None

    def _finished_before(self) -> bool:
        deck = self.deck
        if deck is None:
            return False
        return self.records.finished_before(
            self.game.key, self.records_variant or self.variant, deck.deal, self._deck_text())

    def _celebrate(self) -> None:
        """Cards cascading over the won game, unless reduced motion is asked for
        (``TEXTUAL_ANIMATIONS``) or the celebrations are off (``CELEBRATE``)."""
        if not self.CELEBRATE or self.app.animation_level != "full":
            return
        from solitaire_tui.ui.celebration import Celebration

        deal = self.deck.deal if self.deck is not None else None
        moves = len(self.session.moves)
        self.app.push_screen(Celebration(
            "Won" + (f" deal {deal:,}" if deal is not None else "") + f" in {moves:,} moves",
            seed=deal or 0))

    def _record(self, won: bool, why: str, score: int | None) -> None:
        """Save the finished game as one row: every game is kept, counted toward the
        record or not."""
        deck = self.deck
        game = Played(self.game.key, self.records_variant or self.variant,
                      None if deck is None else deck.deal, self._deck_text(),
                      won, why, score, self.how,
                      counts=self.records_variant is not None and not self.uncounted)
        try:
            self.records.add(game)
        except StoreError as error:
            self.notify(str(error), severity="error", timeout=15)

    def start(self, deck: decks.Deck | None) -> None:
        """A new game on ``deck`` (a new game without cards when the game has none)."""
        self.stop_auto()
        self.cancel_thinking("replay")
        self.deck = deck
        self.session = Session(self.rules, self.new_state())
        self._recorded = self._helped = self._auto_played = False
        self._practice = self._finished_before()
        self._replay = None
        self._loading = False
        self.say("")
        self.redraw()

    # --- actions every game shares ---------------------------------------------

    def offers(self, action: str) -> bool:
        """Whether this game has the action at all (the help lists only those)."""
        if action in ("auto", "speed", "finish"):
            return self.HAS_AUTO or self.replaying is not None
        if action == "choose_deal":
            return self.game.USES_DECK
        if action == "options":
            return self.HAS_OPTIONS
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that apply now are shown in the footer and run."""
        if not self.offers(action):
            return False
        if action in ("finish", "stop_finishing") and self._finishing is not None:
            return True  # e again, or esc, stops it
        if action == "stop_finishing":
            return False  # esc goes back
        if (self._loading or self._finishing is not None) and action in WAITING:
            return None  # shown, not yet to be used: a line is being worked out
        if action == "speed":
            return self._auto is not None
        if action in ("auto", "finish", "hint"):
            return not self.session.is_over
        if action == "undo":
            return self.session.can_undo
        if action == "redo":
            return self.session.can_redo
        return True

    def action_undo(self) -> None:
        if self.session.undo():
            self.stop_auto()
            self.say("")
            self.redraw()

    def action_redo(self) -> None:
        if self.session.redo():
            self.say("")
            self.redraw()

    def action_restart(self) -> None:
        self._unless_lost("Start this deal again?", self.restart, phrase=self._thrown_away)

    def action_new_game(self) -> None:
        self._unless_lost("Start a new game?", self.new_game, phrase=self._thrown_away)

    def _thrown_away(self) -> str | None:
        """What starting again does to a game in play: it is not kept, and undo cannot
        bring it back."""
        if not self.in_play:
            return None
        return f"the {self.game.title} game in play is not over, and will not be kept"

    def _unless_lost(self, question: str, do: Callable[[], None],
                     keys: str = "y or enter: yes · n or esc: no", *,
                     phrase: Callable[[], str | None] | None = None) -> None:
        """``do`` at once, or after a yes if a game is in play: what happens to it is
        said (``phrase``: by default what leaving it does, as M and q say)."""
        said = (phrase or self.loses_on_quit)()
        if said is None:
            do()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                do()

        self.app.push_screen(Confirm(question, [said], keys), answered)

    def restart(self) -> None:
        if self.replaying:
            self.stop_auto()
            self.session.restart()
            self.redraw()
            self.say(f"Replay of {self.replaying}, from the start: U steps forward.")
            return
        self.start(self.deck)
        self.say("The same deal, from the start.")

    def new_game(self) -> None:
        self.start(decks.random_deck() if self.game.USES_DECK else None)

    def action_choose_deal(self) -> None:
        from solitaire_tui.ui.deal_dialog import DealDialog

        def chosen(deck: decks.Deck | None) -> None:
            if deck is not None:
                self.start(deck)

        self.app.push_screen(DealDialog(ranks_only=self.game.RANKS_ONLY), chosen)

    def show_hint(self, move: M | None) -> None:
        if move is None:
            self.say("No move to suggest.")
        else:
            self.say(f"Hint: {self.describe(move)}.")

    def action_hint(self) -> None:
        self._helped = True
        self.keep_soon()
        self._ask_hint("hint")

    def _ask_hint(self, purpose: str, most: float = 1) -> None:
        """The hint for the position now, shown ("hint") or played with the moves
        after it, up to ``most`` (auto play); a slow hint arrives later, and only if
        the position is still the same by then."""
        state = self.session.state
        if not self.SLOW_HINTS:
            self._hinted(state, self._line(state, most), {purpose})
            return
        self._wanted = (self._wanted if self._thinking is state else set()) | {purpose}
        if self._thinking is not state:
            self._thinking = state
            if purpose == "hint":
                self.say("Thinking…")
            self.think(partial(self._line, state, most),
                       lambda line: self._hinted(state, line, self._wanted),
                       partial(self._hint_failed, state), group="hint",
                       needs=self.hint_part)

    def _hint_failed(self, state: S, error: BaseException) -> None:
        if state is self._thinking:
            self._thinking = None
            self.stop_auto()
            self.say(f"No hint: {error}", error=True)

    def _hinted(self, state: S, line: list[M], purposes: set[str]) -> None:
        if self.SLOW_HINTS:
            if state is not self._thinking:
                return  # asked again meanwhile
            self._thinking = None
        if state is not self.session.state:
            return  # the position changed while the hint was worked out
        self.thought(state)
        if "hint" in purposes:
            self.show_hint(line[0] if line else None)
        if "auto" in purposes and self._auto is not None:
            if line:
                self._pace.played(self._play_line(line), time.monotonic())
                if self.SLOW_HINTS and self._auto is not None:
                    self._auto_step()  # what is due next is thought about at once
            else:
                self.stop_auto()

    def _hint_moves(self, state: S) -> Iterator[M]:
        """The hint player's game from ``state``, move by move, to its end or to a
        position where it has no move to suggest."""
        while not self.rules.is_over(state):
            move = self.hint(state)
            if move is None:
                return
            yield move
            state = self.rules.apply(state, move)

    def _line(self, state: S, most: float) -> list[M]:
        """The hint player's next moves from ``state``: up to ``most``, as many as it
        finds in ``BUDGET`` seconds, and at least one if it has one."""
        until = time.monotonic() + BUDGET
        line: list[M] = []
        for move in self._hint_moves(state):
            line.append(move)
            if len(line) >= most or time.monotonic() >= until:
                break
        return line

    def _play_line(self, line: Sequence[M]) -> int:
        """Make ``line``'s moves one by one, as if each were played, so that undo takes
        them back one at a time, and draw only the position they reach; how many were
        made (a move the rules refuse is explained and ends the line)."""
        if not self._auto_said:
            self.say("")
        self._auto_played |= bool(line)  # before the move that may end the game
        played = 0
        for move in line:
            try:
                self.session.play(move)
            except IllegalMove as error:
                self.refuse(error)
                break
            played += 1
        self.redraw()
        return played

    # --- auto play: drawn, at a speed ---------------------------------------------

    def action_auto(self) -> None:
        if self._auto is not None:
            self.stop_auto()
            self.say("Auto play stopped.")
        elif not self.session.is_over:
            rate = SPEEDS[self.auto_speed]
            self._pace = Pace(rate, time.monotonic())
            self._auto = self.set_interval(interval(rate), self._auto_step)
            self._show_auto()
            self._say_auto(f"Auto play: {speed_words(rate)}; a stops it, + and - change the"
                           " speed, e plays to the end at once.")
        self.refresh_bindings()

    def stop_auto(self) -> None:
        """Stop auto play, drawn or finishing."""
        self._stop_finishing()
        if self._auto is not None:
            self._auto.stop()
            self._auto = None
            self.refresh_bindings()
        if self._auto_said:
            self.say("")
        self._show_auto()

    def _auto_step(self) -> None:
        """The moves the pace has come to since the last tick, drawn once: a replay's
        next moves, or the hint player's (worked out in a thread when slow, and then
        played when they come), as after a replay's line once a move left it."""
        now = time.monotonic()
        due = self._pace.due(now)
        if due >= 1 and self.replaying and self.session.can_redo:
            redone = 0
            while redone < due and self.session.redo():
                redone += 1
            self._pace.played(redone, now)
            self.redraw()
        elif due >= 1 and self._thinking is None:
            self._ask_hint("auto", due)
        self._show_auto()

    def action_speed(self, change: int) -> None:
        self.auto_speed = max(0, min(len(SPEEDS) - 1, self.auto_speed + change))

    def watch_auto_speed(self, speed: int) -> None:
        """The pace carries on at the new speed: its measured speed goes from the old
        speed to the new one over a second."""
        rate = self._pace.rate = SPEEDS[speed]
        if self._auto is not None:
            self._auto.stop()
            self._auto = self.set_interval(interval(rate), self._auto_step)
        self._say_auto(f"Auto speed: {speed_words(rate)}.")

    def _show_auto(self) -> None:
        """The sign that auto play is on, in words, with the speed it keeps (measured)
        or how far a finish has got; it goes when auto play stops."""
        now = time.monotonic()
        finish, sign = self._finishing, None
        roomy = self.size.width >= ROOMY  # narrower, the status comes first
        if finish is not None:
            if now - finish.began >= PROGRESS_AFTER:
                sign = f"▶ finishing… {_moves(len(finish.line))}"
                sign += " · e or esc stops" if roomy else ""
        elif self._auto is not None:
            rate = self._pace.measured()
            sign = "▶ auto"  # narrower, the line above the status says the speed
            if roomy:
                sign += " play" + ("" if rate is None else " · " + rate_words(rate)) + " · a stops"
        if sign != self._sign:
            self._sign = sign
            shown = self.query_one("#auto", Static)
            shown.display = sign is not None  # not a class of the screen: that restyles it all
            set_text(shown, sign or "")

    # --- auto play: the rest of the game at once -----------------------------------

    def action_finish(self) -> None:
        """Play the game to its end by the hint player without drawing each move (a
        replay: to the end of its line). Its line is worked out first, in a thread when
        hints are slow, with its progress shown and e or esc to stop it; then every
        move goes into the session as if played one by one."""
        if self._finishing is not None:
            self.action_stop_finishing()
            return
        self.stop_auto()
        if self.replaying and self.session.can_redo:
            while self.session.redo():
                pass
            self.redraw()
            self.say(f"The end of the replay of {self.replaying}: u steps back.")
            return
        self._thinking = None  # a hint being worked out would come too late
        self.cancel_thinking("hint")
        self.say("")
        finish = self._finishing = Finish(self.session.state, time.monotonic())
        moves = self._hint_moves(finish.start)
        if not self.SLOW_HINTS:
            self._finished(finish, finish.work_out(moves, stopped=lambda: False))
            return
        self.think(partial(finish.work_out, moves, _cancelled), partial(self._finished, finish),
                   partial(self._finish_failed, finish), group="finish",
                   needs=self.hint_part)
        self._progress = self.set_interval(PROGRESS_EVERY, self._finish_progress)
        self.refresh_bindings()

    def action_stop_finishing(self) -> None:
        self.stop_auto()
        self.say("Finishing stopped: the position is as it was.")

    def _finish_progress(self) -> None:
        """How far the finish has got; a move made meanwhile ends it, as its line no
        longer fits."""
        finish = self._finishing
        if finish is not None and finish.start is not self.session.state:
            self.stop_auto()
        self._show_auto()

    def _finished(self, finish: Finish[S, M], line: list[M]) -> None:
        if finish is not self._finishing:
            return  # stopped meanwhile
        self._end_finishing()
        if finish.start is not self.session.state:
            return  # a move was made meanwhile: the line no longer fits
        played = self._play_line(line)
        if self.session.is_over:
            self.say(f"Played to the end at once: {_moves(played)} by the hint player;"
                     " u takes them back one at a time.")
        elif played == len(line):
            self.show_hint(None)  # the hint player stopped short of the end

    def _finish_failed(self, finish: Finish[S, M], error: BaseException) -> None:
        if finish is self._finishing:
            self._end_finishing()
            self.say(f"The game could not be played to the end: {error}", error=True)

    def _stop_finishing(self) -> None:
        """Drop the finish being worked out, if any: the position stays as it was."""
        if self._finishing is not None:
            self.cancel_thinking("finish")
            self._end_finishing()

    def _end_finishing(self) -> None:
        self._finishing = None
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
        self._show_auto()
        self.refresh_bindings()

    def action_help(self) -> None:
        show_help(self.app, self.help_page(), " · ".join(
            [self.game.title, self.variant] + ([self.deck.label] if self.deck else [])))

    def help_page(self) -> str:
        """The game's rules and the keys it has (what is being played now is the
        page's title, so that every deal shares one page)."""
        bindings = [binding for binding in type(self).BINDINGS
                    if isinstance(binding, Binding) and self.offers(binding.action.split("(")[0])]
        return (self.game.rules_page()
                + "\n\n## Keys\n\n" + keys_table(bindings)
                + f"\n\nThe mouse works too: {self.MOUSE_HELP}.")

    def action_stats(self) -> None:
        self.stop_auto()
        self.post_message(OpenStats(self.game.key, self.game.panel_options(self.options)))

    def leave(self) -> None:
        """Stop what plays on its own before the screen goes (``app.action_to_menu``),
        and save the game in play as it is now, for the menu to offer."""
        self.stop_auto()
        self.keep_now()

    def on_unmount(self) -> None:
        self.keep_now()  # quitting: the last change is saved before the app closes

    def action_back(self) -> None:
        """Back one screen; with a game in play, asked first (saying it is kept)."""
        self._unless_lost("Leave this game?", self._back, "y or enter: leave · n or esc: stay")

    def _back(self) -> None:
        self.leave()
        self.dismiss()

    def action_options(self) -> None:
        """Games with options override this to let the player choose them; it is
        called at the start when the game was opened without options."""

    def change_options(self, options: Any) -> None:
        """New options mean a new game on the same deal; the app keeps them for the
        next time the game is entered. The same options again leave a game in play as
        it is: enter in the dialog, pressed to close it, threw the game's moves away."""
        if options == self.options and self.in_play:
            self.say("The same options: the game goes on.")
            return
        self.options = options
        self.start(self.deck)
        self.post_message(OptionsChosen(self.game.key, self.game.kept_options(options)))


def _cancelled() -> bool:
    """Whether the thread worker this is called in was cancelled: a long piece of work
    asks between its steps, as a thread cannot be stopped from outside (and one left
    running would keep the app from closing)."""
    return get_current_worker().is_cancelled


def flag(flags: Mapping[str, Any], name: str) -> bool:
    """A yes-or-no flag of a game kept unfinished (``Damaged`` if it is not one)."""
    value = flags.get(name)
    if not isinstance(value, bool):
        raise Damaged(f"its {name} flag is {value!r}")
    return value


def _moves(count: int) -> str:
    return counted(count, "move")


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = sentence_start(text)
    return text if text.endswith((".", "!", "?")) else text + "."
