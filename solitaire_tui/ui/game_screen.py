"""The frame every game screen shares: the title, the board, the banner of a finished
game, the line under the board, the status bar and the keys.

A game screen subclasses ``GameScreen`` and supplies only what is its own: how a
state is drawn (``compose_board``, ``show``) and its play keys. Everything decided
beyond drawing is the game's table (``play.table``, made by ``Game.table``): the
moves go to the rules through its session, an illegal one comes back as the rules'
own explanation. Slow work runs in the background (``ui.thinking``); hints, auto play
and finishing at once are ``ui.helping``'s.

A game in play is kept as it goes (``play.keeper``, after each change, once the
screen has shown it), so the menu can offer it again after a quit, a crash or a kill;
``resumed`` makes a screen that goes on with one.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker

from rules.errors import IllegalMove
from rules.play import moves_of
from rules.words import counted
from solitaire_tui import decks
from solitaire_tui.messages import OpenStats, OptionsChosen
from solitaire_tui.play import words
from solitaire_tui.play.keeper import Keeper
from solitaire_tui.play.mode import Mode
from solitaire_tui.play.services import Services
from solitaire_tui.play.table import Ending, Game, GameTable, kept_deck
from solitaire_tui.session import Session
from solitaire_tui.store.unfinished import Kept
from solitaire_tui.ui.choices import kept_choice
from solitaire_tui.ui.helping import STOPPED_BY_UNDO, Helping
from solitaire_tui.ui.keys import SHARED_ACTIONS
from solitaire_tui.ui.notices import store_errors
from solitaire_tui.ui.quit_dialog import confirm_unless
from solitaire_tui.ui.rules_page import RulesPage
from solitaire_tui.ui.thinking import Thinker
from solitaire_tui.widgets.engine_status import EngineStatus
from solitaire_tui.widgets.footer import KeyFooter
from solitaire_tui.widgets.status_line import StatusLine
from solitaire_tui.widgets.text import set_text

if TYPE_CHECKING:
    from solitaire_tui.replay import Replay

S = TypeVar("S")
M = TypeVar("M")


class Screens(Game, Protocol):
    """What the frame needs of its game beyond the table's needs."""

    def table(self) -> type[GameTable[Any, Any]]: ...

    def rules_page(self) -> str: ...


class GameScreen(Screen[None], Generic[S, M]):
    # A won game is celebrated (``ui.celebration``); the tests turn it off, as their
    # keys after a win are the game's (``tests/conftest.py``).
    CELEBRATE: ClassVar[bool] = True
    MOUSE_HELP: ClassVar[str] = "click a card, a pile, a button or a key in the footer"
    # Under 30 rows (80×24, say) the frame gives its room to the board: a finished
    # game's banner loses its border, which hid the board's last rows (app.tcss).
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-full-height")]  # not "-tall": a game's own
    # Every key is the game's and nothing on the board takes focus: Textual's auto focus
    # only queried the whole board each time the screen came back (1 ms of an esc).
    AUTO_FOCUS = ""

    def __init__(self, game: Screens, services: Services, deck: decks.Deck | None = None,
                 options: Any = None) -> None:
        super().__init__()
        self.game = game
        self.services = services
        self.table: GameTable[S, M] = game.table()(game, services.records, deck, options)
        self.thinker = Thinker(self, services.engine, self.say, serial=services.limits.serial)
        self.helping = Helping(self)
        self.rules_page = RulesPage(self)
        self.keeper = Keeper(services.unfinished, self.table,
                             self.call_after_refresh, partial(self.notify, severity="warning",
                                                              timeout=10))
        self._ask = not self.table.chosen and self.table.HAS_OPTIONS  # on mount
        self._resumed: str | None = None  # what to say when shown, for a game resumed

    @property
    def session(self) -> Session[S, M]:
        return self.table.session

    # --- what a game supplies -------------------------------------------------

    def compose_board(self) -> ComposeResult:
        raise NotImplementedError

    def show(self, state: S) -> None:
        """Draw ``state`` on the board's widgets (and what the game keeps beside it)."""
        raise NotImplementedError

    def thought(self, state: S) -> None:
        """A slow hint for ``state``, the position now, has just been worked out: a
        game may show more of what the search found than the move."""

    def can(self, action: str) -> bool | None:
        """Whether one of the game's own keys runs now (True), is shown but not yet
        (None), or is hidden (False)."""
        return True

    def interrupted(self) -> None:
        """The position was taken back or dealt anew: what moves by itself stops."""

    def action_options(self) -> None:
        """Games with options override this to let the player choose them; it is
        called at the start when the game was opened without options."""

    # --- the frame -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(words.title(self.table), id="title")
        with Container(id="board"):
            yield from self.compose_board()
        yield Static(id="banner")
        yield Static(id="message")
        yield StatusLine(id="status")  # with the sign that auto play is on
        yield EngineStatus()
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.redraw()
        self.call_after_refresh(self.rules_page.ahead)
        self.thinker.preload_when_quiet(lambda: self.table.hint_player().part)
        if self._resumed is not None:
            self.say(self._resumed)
        if self.table.replay is not None:
            self.load_replay(self.table.replay)
        elif self._ask:
            self.options_again()

    def on_key(self, _: events.Key) -> None:
        self.thinker.key_came()

    def redraw(self) -> None:
        table = self.table
        set_text(self.query_one("#title", Static), words.title(table))
        self.show(table.session.state)
        self.query_one(StatusLine).show(words.status(table))
        ending = table.ending()
        self.set_class(ending is not None, "-over")
        if ending is not None:
            self._show_ending(ending)
        self.refresh_bindings()
        self.keeper.soon()

    def say(self, text: str | Text, *, error: bool = False) -> None:
        """Show a line under the board; plain strings are shown as typed, never as markup
        (rules messages and player names may hold brackets)."""
        message = self.query_one("#message", Static)
        message.set_class(error, "-error")
        set_text(message, Text(text) if isinstance(text, str) else text)
        self.helping.said = False

    def play(self, move: M) -> bool:
        """Send a move to the rules; an illegal one is explained and not applied."""
        if self.session.is_over:
            self.say(f"The game is over: {words.again_keys(self.table)}.", error=True)
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
        self.helping.stop()
        self.say(words.sentence(str(error)), error=True)
        self.app.bell()

    def _show_ending(self, ending: Ending) -> None:
        """The banner of a finished game; the first time, its row is written and a won
        game is celebrated."""
        self.helping.stop()
        table = self.table
        if ending.first:
            with store_errors(self, "error"):
                self.table.records.add(table.played(ending))
            if ending.won and not table.replaying and self.CELEBRATE:
                from solitaire_tui.ui.celebration import celebrate

                celebrate(self.app, table.deck, len(self.session.moves))
        banner = self.query_one("#banner", Static)
        banner.set_class(ending.won, "-won")
        banner.set_class(not ending.won, "-lost")
        text = Text()
        text.append(ending.headline, style="bold")
        text.append(f"  {words.sentence(ending.why)}\n")
        standing = table.standing()
        if standing is not None:
            text.append(f"{standing}\n", style="italic")
        # A game with a review says so, in M's place: the line fits 80 columns either way.
        # (``can`` says yes to any key a game does not hold back, review or not.)
        reviews = hasattr(self, "action_review") and self.can("review")
        last = "v: review" if reviews else "M: menu"
        text.append(f"{words.again_keys(table)} · u: undo · esc: back · {last}", style="dim")
        set_text(banner, text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that apply now are shown in the footer and run."""
        if action in SHARED_ACTIONS:
            return self.table.allows(action)
        return self.can(action)

    # --- the game in play, kept as it goes -------------------------------------------

    def loses_on_quit(self) -> str | None:
        """What leaving a game in play (esc, M, q) does to it, for the question asked
        first: it is kept for the menu to offer, unless it could not be saved."""
        return self.keeper.leaving(self.game.title) if self.table.in_play else None

    @classmethod
    def resumed(cls, game: Screens, services: Services, kept: Kept) -> GameScreen[Any, Any]:
        """A screen that goes on with the game ``kept`` where it was left. What cannot
        be rebuilt (saved by another release, or damaged) raises one of
        ``store.unfinished.UNREADABLE`` (the rules' errors are ValueErrors)."""
        deck = kept_deck(game, kept)
        screen = cls(game, services, deck, game.OPTIONS.decode(kept.options, None))
        screen.table.take(kept)
        screen.keeper.resume(kept.slot)
        screen._resumed = (f"Resumed where you left it ({counted(len(kept.moves), 'move')},"
                           f" last played {kept.when()}): u takes the moves back.")
        return screen

    def leave(self) -> None:
        """Stop what plays on its own before the screen goes (``app.action_to_menu``),
        and save the game in play as it is now, for the menu to offer."""
        self.helping.stop()
        self.keeper.now()

    def on_unmount(self) -> None:
        self.keeper.now()  # quitting: the last change is saved before the app closes

    # --- a new game, and a replay ----------------------------------------------------

    def start(self, deck: decks.Deck | None, said: str = "") -> None:
        """A new game on ``deck`` (a new game without cards when the game has none);
        ``said``, what the screen says of it (a game may add to it)."""
        self.helping.stop()
        self.thinker.cancel("replay")
        self.interrupted()
        self.table.start(deck)
        self.say(said)
        self.redraw()

    def new_game(self) -> None:
        self.start(decks.random_deck() if self.game.USES_DECK else None)

    def load_replay(self, replay: Replay) -> None:
        """Step through the game a run played (``GameTable.replay``, set before the
        screen is shown): the start is shown at once; its whole line (the computers'
        game, which may take seconds) is worked out in the background and loaded as
        redo history from the start, so U and u step and a plays it through. A replay
        counts toward no record."""
        table = self.table
        self.helping.stop()
        table.load(replay)
        self.redraw()
        self.say(f"Replay of {replay.label}: working out the game…")
        start = table.session.start

        def loaded(line: list[M]) -> None:
            if table.loaded(replay, line):
                self.redraw()
                self.say(f"Replay of {replay.label}: U steps forward, u back, a plays it"
                         " through, r goes back to the start.")

        def failed(error: BaseException) -> None:
            table.mode = Mode.PLAYING
            self.say(f"The replay could not be worked out: {error}", error=True)
            self.refresh_bindings()

        self.thinker.think(
            lambda: [move for move, _ in moves_of(table.rules, start, replay.choose)],
            loaded, failed, group="replay")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.thinker.failed(event)

    # --- actions every game shares ---------------------------------------------

    def action_undo(self) -> None:
        if self.table.undo():
            auto = self.helping.auto_playing
            self.helping.stop()
            self.interrupted()
            self.say(STOPPED_BY_UNDO if auto else "")
            self.redraw()

    def action_redo(self) -> None:
        if self.table.redo():
            self.say("")
            self.redraw()

    def action_restart(self) -> None:
        def restart() -> None:
            table = self.table
            if table.replaying:
                self.helping.stop()
                table.session.restart()
                self.redraw()
                self.say(f"Replay of {table.replaying}, from the start: U steps forward.")
                return
            self.start(table.deck, table.RESTARTED)

        confirm_unless(self, "Start this deal again?", restart, partial(words.thrown_away,
                                                                     self.table))

    def action_new_game(self) -> None:
        confirm_unless(self, "Start a new game?", self.new_game,
                          partial(words.thrown_away, self.table))

    def action_back(self) -> None:
        """Back one screen; with a game in play, asked first (saying it is kept)."""
        def back() -> None:
            self.leave()
            self.dismiss()

        confirm_unless(self, "Leave this game?", back, self.loses_on_quit,
                          "y or enter: leave · n or esc: stay")

    def action_choose_deal(self) -> None:
        from solitaire_tui.ui.deal_dialog import DealDialog

        def chosen(deck: decks.Deck | None) -> None:
            if deck is not None:
                confirm_unless(self, f"Play {deck.label} instead?", partial(self.start, deck),
                               partial(words.thrown_away, self.table))

        self.app.push_screen(DealDialog(ranks_only=self.game.RANKS_ONLY), chosen)

    def action_hint(self) -> None:
        self.helping.hint()

    def action_auto(self) -> None:
        self.helping.toggle()

    def action_speed(self, change: int) -> None:
        self.helping.change_speed(change)

    def action_finish(self) -> None:
        if self.helping.finishing:
            self.action_stop_finishing()
        else:
            self.helping.finish()

    def action_stop_finishing(self) -> None:
        self.helping.stop()
        self.say("Finishing stopped: the position is as it was.")

    def action_help(self) -> None:
        self.rules_page.show()

    def action_stats(self) -> None:
        self.helping.stop()
        options = self.table.options
        self.post_message(OpenStats(self.game.key, self.game.OPTIONS.panel(options),
                                    self.game.OPTIONS.panel_note(options)))

    # --- options ------------------------------------------------------------------

    def options_again(self) -> None:
        """Entered without options: play those chosen last time, if any (saying so),
        or ask for them."""
        options = self.table.remembered(kept_choice(self.services.choices, self.game.key))
        if options is None:
            self.action_options()
            return
        self.table.options = options
        self.start(self.table.deck)
        self.say(f"{self.table.variant}, as chosen last time; o changes it.")

    def change_options(self, options: Any) -> None:
        """New options mean a new game on the same deal (asked first when that throws a
        game in play away, as r and n ask); the app keeps them for the
        next time the game is entered. The same options again leave a game in play as
        it is: enter in the dialog, pressed to close it, threw the game's moves away."""
        table = self.table
        if options == table.options and table.in_play:
            self.say("The same options: the game goes on.")
            return

        def change() -> None:  # with these options, whatever was played meanwhile
            table.options = options
            self.start(table.deck)
            self.post_message(OptionsChosen(self.game.key, self.game.OPTIONS.encode(options)))

        confirm_unless(self, "Start again with the new options?", change,
                       partial(words.thrown_away, table))
