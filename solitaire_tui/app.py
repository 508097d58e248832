"""The Textual app: the menu, and the screens it opens when a screen asks.

Screens ask by message (``messages``): open a game, the statistics panel, a replay.
The app finds the game in the registry, so it names none itself. Only the rules
modules and Textual are imported at start-up; the compiled engine (numba) never is:
on a cold cache the app compiles it in processes of its own (``engine.Warmup``),
and every screen shows how far that has got (``widgets.engine_status``).

The looks (a theme, a card back) are chosen from the command palette (ctrl+p) or
``--theme`` and kept in the player's database (``store.choices``) for the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path, PurePath
from types import FrameType
from typing import Any

from rich.console import RenderableType
from textual import events, on
from textual.app import SystemCommand
from textual.command import SimpleCommand
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.worker import Worker

from solitaire_tui import lifeline
from solitaire_tui.commands import errors
from solitaire_tui.decks import Deck
from solitaire_tui.ending import GRACE_SECONDS, KEEP_SECONDS, LastResort, Terminal, stacks
from solitaire_tui.engine import Warmup
from solitaire_tui.games.registry import ENGINE, GAMES_BY_KEY
from solitaire_tui.heap import Heap
from solitaire_tui.messages import MenuShown, OpenGame, OpenReplay, OpenStats, OptionsChosen
from solitaire_tui.play.services import Services
from solitaire_tui.processes import ENDING_SIGNALS
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.start import Start
from solitaire_tui.stats.limits import OWNER, Limits
from solitaire_tui.store.database import data_dir
from solitaire_tui.store.kept import Store
from solitaire_tui.textual_private import (
    resume_only_after_a_stop,
    sturdy_output,
    styles_caches_let_go,
)
from solitaire_tui.ui.boundary import ending, failure
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import APP_KEYS
from solitaire_tui.ui.notices import store_errors
from solitaire_tui.ui.palette import PaletteApp
from solitaire_tui.ui.quit_dialog import Confirm, QuitDialog, losses
from solitaire_tui.ui.themes import register_ours
from solitaire_tui.widgets.cards import BACKS, BACKS_BY_NAME, use_back

PARENT_LOOK_SECONDS = 1.0  # how often a guest app looks whether its server is still there
TERMINAL_LOOK_SECONDS = 1.0  # how often the app looks whether its keys' terminal is there
# End the app in order, as q does (SIGHUP is POSIX's: Windows has none).
HEAP_LOOK_SECONDS = 1.0  # how often the app looks at what the heap holds (``heap.Heap``)
QUIET_SECONDS = 0.5  # no key or click for this long: a full collection may run now

# Every screen's style sheet, read with the app's own at start. Textual reads a
# screen's ``CSS_PATH`` the first time the screen is shown, and then parses all the
# app's CSS again and restyles every widget: a tenth of a second in the middle of the
# key that opened it. Each sheet's rules name their screen, so reading them all at
# once changes no look.
HERE = Path(__file__).parent
STYLE_SHEETS: list[str | PurePath] = [
    HERE / "app.tcss", *sorted(set(HERE.rglob("*.tcss")) - {HERE / "app.tcss"})]


def clamped(event: events.Resize, most: tuple[int, int]) -> events.Resize:
    """A resize held to ``most`` cells: the app draws every cell of its size, and a
    terminal's report of its size can come in its keys (Textual reads an in-band
    resize, ``ESC [ 48 ; rows ; columns ; … t``, from them whenever it comes)."""
    width, height = min(event.size.width, most[0]), min(event.size.height, most[1])
    if (width, height) == tuple(event.size):
        return event
    size = Size(max(1, width), max(1, height))
    return events.Resize(size, size)


class EngineChanged(Message):
    """The warm-up in the background reported (posted from its reading thread)."""


@dataclass
class StoreNotice(Message):
    """The store's writer has something to tell the player (posted from its thread)."""

    text: str


class StoreChanged(Message):
    """The store's writer has written: what is saved may read differently now."""


class SolitaireApp(PaletteApp):
    TITLE = "solitaire-tui"
    # The palette (ctrl+p, a key no screen uses) chooses the looks; the footers leave
    # its key out (``app.tcss``), as they leave out q and ctrl+c.
    ENABLE_COMMAND_PALETTE = True
    CSS_PATH = STYLE_SHEETS
    BINDINGS = APP_KEYS

    engine_note: reactive[str] = reactive("")  # how far the warm-up is; "" when none runs
    card_back: reactive[str] = reactive(BACKS[0].name)  # ``widgets.cards.BACKS``

    def __init__(self, data: Path | None = None, start: Start | None = None, *,
                 warm_up: bool = False, engine: Warmup | None = None,
                 theme: str | None = None, limits: Limits = OWNER,
                 signals: bool = False, log_errors: bool = False) -> None:
        """``data``: the directory of the player's database (by default the data
        directory, ``store.database.data_dir``). ``warm_up``: compile the engine in
        the background if its cache is cold (the command does; tests choose).
        ``theme``: a theme to use and remember (``ui.themes.checked_theme``); by
        default the one last chosen, or Textual's default if none was. ``limits``:
        what a statistics run may ask for (less for a web visitor's app). ``signals``: the
        command line's app, at a terminal: end as ``q`` does on SIGTERM and SIGHUP, and
        once quitting, end within seconds whatever Textual's shutdown does (``ending``).
        ``log_errors``: end on an error in a handler or a render with its traceback in
        the log and one line in ``ended_by`` (``ui.boundary.ending``), for the command
        line to print; the tests' apps show it and raise it, as Textual's do."""
        super().__init__()
        self.limits = limits
        # Read here without waiting, written on the writer's thread: no key (and not the
        # first frame) waits for the database, whoever else holds it.
        self.store = Store(data or data_dir(), tell=lambda text: self.post_message(
            StoreNotice(text)), changed=lambda: self.post_message(StoreChanged()))
        self.database = self.store.reader
        self.opening = start
        self.records = self.store.records
        self.history = self.store.history
        self.choices = self.store.choices
        register_ours(self)
        styles_caches_let_go()  # a closed screen's drawn lines go with it
        # Set before the first frame, so that the app starts in its looks rather than
        # changing to them; a kept theme this Textual no longer has is passed over.
        chosen = theme or self.choices.look("theme")
        if chosen in self.available_themes:
            self.theme = chosen
        self.card_back = self.choices.look("back") or BACKS[0].name
        use_back(self.card_back)  # also when it is the default: the last app's may linger
        self.engine = engine or Warmup(ENGINE)
        self.services = Services(self.records, self.store.unfinished, self.choices, self.engine,
                                 (data or data_dir()) if limits.own_players else None,
                                 limits)
        self.warm_up = warm_up
        self.signals = signals
        # Armed as the app begins to quit. The terminal is read now, before Textual
        # changes its modes.
        self.last_resort = LastResort(self._keep_at_last, Terminal.found()) if signals else None
        self._handlers: dict[signal.Signals, Any] = {}  # the ending signals' before ours
        if signals:
            sturdy_output()
        self.log_errors = log_errors
        self.ended_by: str | None = None  # the line an error nobody caught left, if any
        self._told: set[str] = set()  # failed parts the player was told of
        self.heap = Heap()
        self._shown: weakref.WeakSet[Screen[Any]] = weakref.WeakSet()  # in the stack lately
        self._last_input = 0.0  # when the last key or click came (``time.monotonic``)

    def on_mount(self) -> None:
        self.heap.start()
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.set_interval(HEAP_LOOK_SECONDS, self._look_at_heap)
        if lifeline.tied():  # a server's app: ends with the server, however it ends
            self.set_interval(PARENT_LOOK_SECONDS, self._look_at_parent)
        if self.signals:
            self._catch_ending_signals()
            resume_only_after_a_stop()
        if self.last_resort is not None and self.last_resort.terminal.keys is not None:
            self.set_interval(TERMINAL_LOOK_SECONDS, self._look_at_terminal)
        # Each notice names "your saved games" itself: no title to say it twice.
        self.database.listen(partial(self.notify, severity="warning", timeout=15))
        if self.warm_up and self.engine.start():
            self.engine_note = self.engine.note
            self.run_worker(partial(self.engine.follow, self._engine_changed),
                            name="engine warm-up", group="engine", thread=True,
                            exit_on_error=False)
            # The note counts the seconds of the part being compiled: a sign of life.
            self._engine_clock = self.set_interval(1.0, self._engine_tick)
        self.store.start(partial(self.run_worker, name="saving", group="store",
                                 thread=True, exit_on_error=False))
        self.push_screen(MenuScreen(self.services))
        if self.opening is not None:
            opening = self.opening
            self.push_screen(self._game_screen(opening.game, opening.deck, opening.options))

    def _look_at_parent(self) -> None:
        """Where the system sends no signal when the server dies (``lifeline``), quit
        once it has gone: nobody can see this screen any more."""
        if lifeline.parent_gone():
            self.exit()

    def _look_at_terminal(self) -> None:
        """A terminal that goes without a SIGHUP (one that is not the process's own,
        controlling terminal) leaves Textual reading nothing from its keys, forever:
        once the keys' descriptor is a terminal no more, end as a hang-up does."""
        assert self.last_resort is not None and self.last_resort.terminal.keys is not None
        if not os.isatty(self.last_resort.terminal.keys):
            self.exit(return_code=128 + signal.SIGHUP)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.InputEvent) and not self.is_running:
            return  # a key left over as the app shuts down: its screens are going
        if isinstance(event, (events.Key, events.MouseDown)):
            self._last_input = time.monotonic()
        if isinstance(event, events.Resize) and self.limits.size is not None:
            event = clamped(event, self.limits.size)
        await super().on_event(event)

    def _look_at_heap(self) -> None:
        """What the heap's keeping needs to know of the app: whether the menu is on
        top (an empty stack while the app closes is not) and no key has come lately."""
        stack = self.screen_stack
        self.heap.look(at_menu=bool(stack) and isinstance(stack[-1], MenuScreen),
                       quiet=time.monotonic() - self._last_input >= QUIET_SECONDS)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        """Screens closed since are named to the heap's keeping, which must not freeze
        them (``heap.Heap.closed``); a screen installed is kept by the app, not closed."""
        self._shown.add(screen)
        for gone in [shown for shown in self._shown if shown not in self.screen_stack
                     and not self.is_screen_installed(shown)]:
            self._shown.discard(gone)
            self.heap.closed(gone)

    @on(MenuShown)
    def _menu_shown(self) -> None:
        self.heap.menu_shown()

    async def action_to_menu(self) -> None:
        """Straight back to the menu, however deep (esc goes back one screen), asking
        first if a game in play or a run would be lost. Each screen stops what it
        plays first (a run, auto play), as its own esc does."""
        at = next((index for index, screen in enumerate(self.screen_stack)
                   if isinstance(screen, MenuScreen)), 0)
        lost = losses(self.screen_stack[at + 1:])
        if lost:
            async def answered(yes: bool | None) -> None:
                if yes:
                    await self._pop_to_menu()

            self.push_screen(Confirm("Go to the menu?", lost,
                                     "y or enter: go · n or esc: stay"), answered)
            return
        await self._pop_to_menu()

    async def _pop_to_menu(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            leave = getattr(self.screen, "leave", None)
            if callable(leave):
                leave()
            await self.pop_screen()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "to_menu":  # not on the menu itself (dialogs and help pages, being
            return not isinstance(self.screen, MenuScreen)  # modal, keep their keys)
        return True

    async def action_quit(self) -> None:
        """Quit, asking first if a screen would lose something (a game not over, a
        run playing): ``q`` is next to keys played all the time."""
        lost = [*losses(self.screen_stack), *self.store.losses()]
        if not lost or isinstance(self.screen, QuitDialog):
            await super().action_quit()
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                self.exit()

        self.push_screen(QuitDialog(lost), answered)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The looks: Textual's Theme (which lists our themes too) and the card backs.
        Textual's others are left out: its Quit would not ask before a run is lost,
        as q does, and its Screenshot writes a file wherever the app was started."""
        yield from (command for command in super().get_system_commands(screen)
                    if command.title == "Theme")
        yield SystemCommand("Card back", "Choose the pattern on the backs of the cards",
                            self.action_choose_back)

    def action_choose_back(self) -> None:
        def choose(name: str) -> None:
            self.card_back = name

        self.search_commands(
            [SimpleCommand(f"{back.name}  {back.row()}", partial(choose, back.name),
                           "the back you have now" if back.name == self.card_back else None)
             for back in BACKS],
            placeholder="Search for card backs…")

    def validate_card_back(self, name: str) -> str:
        return name if name in BACKS_BY_NAME else BACKS[0].name

    def watch_card_back(self, name: str) -> None:
        """Draw every back as ``name`` from now on, on the screens shown too."""
        use_back(name)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.redraw()
        self._remember("back", name)

    def watch_theme(self, name: str) -> None:
        self._remember("theme", name)

    def _remember(self, look: str, value: str) -> None:
        """Keep a look chosen for the next start (writing only when it changed: the
        app sets the kept ones when it starts)."""
        if self.choices.look(look) == value:
            return
        with store_errors(self):
            self.choices.put_look(look, value)

    @on(OptionsChosen)
    def _options_chosen(self, message: OptionsChosen) -> None:
        with store_errors(self):
            self.choices.put(message.game, message.options)

    def _game_screen(self, key: str, deck: Deck | None, options: Any) -> GameScreen[Any, Any]:
        game = GAMES_BY_KEY[key]
        return game.screen()(game, self.services, deck, options)

    def _catch_ending_signals(self) -> None:
        """SIGTERM (a shutdown, ``timeout``, a supervisor) and SIGHUP (the terminal
        closed) end the app as ``q`` does, without asking: each screen keeps its game
        in play as it leaves, the terminal is put back as it was (the main screen,
        cooked mode, echo, no mouse reports, the cursor), and the warm-up ends.
        Python's default for both ends the process where it stands, leaving all that
        undone."""
        loop = asyncio.get_running_loop()
        for sent in ENDING_SIGNALS:
            self._handlers[sent] = signal.signal(sent, partial(self._signalled, loop))

    def _signalled(self, loop: asyncio.AbstractEventLoop, signum: int,
                   _: FrameType | None) -> None:
        """A Python handler, not the event loop's: it runs in the main thread even
        while that waits on a lock (as in a stuck shutdown), so the last resort is
        armed at the signal; the quit itself is asked of the event loop."""
        sent = signal.Signals(signum)
        if self.last_resort is not None:
            self.last_resort.arm(128 + sent)
        with contextlib.suppress(RuntimeError):  # the loop already closed
            loop.call_soon_threadsafe(self._ended_by, sent)

    def _ended_by(self, sent: signal.Signals) -> None:
        self.exit(return_code=128 + sent)

    def exit(self, result: None = None, return_code: int = 0,
             message: RenderableType | None = None) -> None:
        """Quitting begins (a key, a signal, an error, the terminal gone): the last
        resort is armed."""
        if self.last_resort is not None:
            self.last_resort.arm(return_code)
        super().exit(result, return_code, message)

    def panic(self, *renderables: RenderableType) -> None:
        """Textual's own quit on an error (its input thread's, say), past ``exit``."""
        if self.last_resort is not None:
            self.last_resort.arm(1)
        super().panic(*renderables)

    def _keep_at_last(self) -> None:
        """The last resort's keeping, on a thread of its own: what waits to be saved is
        written, or kept in pending files, as the app's own end does (``Store.close``),
        and where each thread stood goes to the log, for whoever mends the hang."""
        self.store.writer.close()  # the writer's thread begins its last work now
        errors.logged(TimeoutError(f"still quitting after {GRACE_SECONDS} s; where each"
                                   f" thread stood:\n{stacks()}"))
        self.store.writer.join(KEEP_SECONDS)

    def on_unmount(self) -> None:
        for sent, handler in self._handlers.items():
            signal.signal(sent, handler)
        self.heap.end()  # as the app found it (the app may be one of many, in tests)
        self.engine.close()
        self.store.close()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The writer's worker failing is a bug: logged and told (the screens' own
        workers are their screens' business)."""
        if event.worker.group == "store":
            failure(self, event)

    def on_store_notice(self, message: StoreNotice) -> None:
        self.notify(message.text, severity="warning", timeout=15)

    def on_store_changed(self, _: StoreChanged) -> None:
        """The menu shows what is saved as it now reads (a game just left may only now
        be written; a database another program held may only now be read)."""
        self.store.read_again()
        if self.is_running and isinstance(self.screen, MenuScreen):  # not while closing
            self.screen.read_again()

    def _end_batch(self) -> None:
        """Textual's, then the screen in front woken once the last batch ends: a
        screen that went idle during one (a footer composed again holds one across its
        awaits) left its repaint for later, and Textual does not ask it again, so
        a key's change waited for the next thing to wake the screen, up to a second
        (docs/TEXTUAL.md)."""
        super()._end_batch()
        if not self._batch_count and self.screen_stack:
            self.screen.check_idle()

    def _handle_exception(self, error: Exception) -> None:
        """An error nobody caught: Textual's screenful of traceback, or the player's one
        line (the first; any that follow as the app ends are only logged)."""
        if not self.log_errors:
            super()._handle_exception(error)
        elif self.ended_by is not None:
            errors.logged(error)
        else:
            self.ended_by = ending(error)
            self.exit(return_code=1)

    def _engine_changed(self) -> None:
        """From the warm-up's reading thread: ``post_message`` is safe from any thread
        (and does nothing once the app has closed)."""
        self.post_message(EngineChanged())

    def _engine_tick(self) -> None:
        self.engine.look()  # the share of the cores its waits are told from
        self.engine_note = self.engine.note
        if not self.engine.running:
            self._engine_clock.stop()

    def on_engine_changed(self, _: EngineChanged) -> None:
        self.engine_note = self.engine.note
        for name, error in self.engine.failed.items():
            if name not in self._told:
                self._told.add(name)
                self.notify(f"Compiling {self.engine.title(name)} failed ({error}); it will"
                            " be compiled when it is first used.", severity="warning")

    @on(OpenGame)
    def _open_game(self, message: OpenGame) -> None:
        self.push_screen(self._game_screen(message.game, message.deck, message.options))

    @on(OpenReplay)
    def _open_replay(self, message: OpenReplay) -> None:
        """A game from an autoplay run (or a search) on its screen, to step through."""
        replay = message.replay
        screen = self._game_screen(replay.game, replay.deck, replay.options)
        screen.table.replay = replay  # loaded once the screen is shown
        self.push_screen(screen)

    @on(OpenStats)
    def _open_stats(self, message: OpenStats) -> None:
        from solitaire_tui.screens.stats.screen import StatsScreen

        self.push_screen(StatsScreen(GAMES_BY_KEY[message.game], message.options,
                                     history=self.history, choices=self.choices,
                                     limits=self.limits, engine=self.engine,
                                     players=self.services.players, note=message.note))
