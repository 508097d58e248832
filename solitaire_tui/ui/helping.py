"""The hint player at work on a game screen: a hint, auto play drawn at a pace, and
the rest of the game played at once (``e``).

``Helping`` is composed into ``GameScreen`` (``screen.helping``). What to play is the
table's (``play.table``: the hint player's line, the hints asked for and answered,
the mode); this part runs the timers, asks the thinker for slow hints and draws
the sign of auto play in the status bar.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple, Protocol

from rich.text import Text
from textual.geometry import Size
from textual.timer import Timer

from rules.errors import IllegalMove
from rules.words import counted
from solitaire_tui.engine import Warmup
from solitaire_tui.play.auto import (
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
from solitaire_tui.play.hints import (
    AUTO,
    HINT,
    UNASKED,
    HintPlayer,
    Search,
    hint_moves,
    line,
)
from solitaire_tui.play.keeper import Keeper
from solitaire_tui.play.mode import Mode
from solitaire_tui.play.table import GameTable
from solitaire_tui.ui.thinking import Thinker
from solitaire_tui.ui.workers import cancelled
from solitaire_tui.widgets.status_line import StatusLine

ROOMY = 100  # columns from which the sign of auto play says which key stops it
RATE_ROOM = len("9.9 moves/s")  # the sign's room for the speed measured, mostly
# ``h`` while auto play plays: each move it plays is the hint of its position, and a
# hint shown would be gone with its next move (the line was left blank).
HINTS_PLAYED = "Auto play plays each hint itself: a stops it, and h then shows one."
# ``u`` while auto play plays takes a move back and stops it (``GameScreen``).
STOPPED_BY_UNDO = "Auto play stopped, and the last move taken back."


class Board(Protocol):
    """What helping needs of its screen (a ``GameScreen``)."""

    table: GameTable[Any, Any]
    thinker: Thinker
    keeper: Keeper

    @property
    def is_active(self) -> bool:
        """Whether the board is in view, no dialog over it."""

    @property
    def size(self) -> Size: ...

    def say(self, text: str | Text, *, error: bool = False) -> None: ...

    def redraw(self) -> None: ...

    def refuse(self, error: IllegalMove) -> None: ...

    def thought(self, state: Any) -> None: ...

    def set_interval(self, interval: float, callback: Any) -> Timer: ...

    def refresh_bindings(self) -> None: ...

    def query_one(self, selector: type[StatusLine]) -> StatusLine: ...


class StandIn(NamedTuple):
    """The helper that answers while the helper's own part compiles (``_stand_in``)."""

    player: HintPlayer[Any, Any]  # the stand-in ("greedy")
    engine: Warmup  # the warm-up compiling ``part``
    part: str  # the part it stands in for

    @property
    def helper(self) -> str:
        """The part, as people call it."""
        return self.engine.title(self.part)


class Helping:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.speed = DEFAULT_SPEED  # auto play's speed, an index of ``SPEEDS``
        self.pace = Pace(SPEEDS[DEFAULT_SPEED], time.monotonic())  # its moves, and speed
        self.said = False  # the line under the board holds auto play's own words
        self._auto: Timer | None = None  # auto play's timer, while it plays
        self._finish: Finish[Any, Any] | None = None  # the finish being worked out
        self._progress: Timer | None = None  # shows how far that finish has got
        self._sign: str | None = None  # the sign of auto play shown, if any
        self._standing_in = False  # auto play's moves are the stand-in's (``_stand_in``)
        self._waited = False  # auto play waited for a dialog over the board (``step``)
        # What a game's board adds to a hint, set by the screens that have it: where a
        # hint's search says how far it has got (called from the search's own thread),
        # and the words a hint shown ends with (Add/Residue's keys that play it).
        self.heard: Callable[[int], None] = UNASKED.progress
        self.keys_for: Callable[[Any], str] = lambda move: ""

    @property
    def table(self) -> GameTable[Any, Any]:
        return self.board.table

    # --- hints ---------------------------------------------------------------------

    def hint(self) -> None:
        """The hint for the position now, shown; while auto play plays, the words
        that say its moves are the hints (``HINTS_PLAYED``)."""
        if self.auto_playing:
            self.say(HINTS_PLAYED)
            return
        self.table.ledger.helped = True
        self.board.keeper.soon()
        self.ask(HINT)

    def ask(self, purpose: str, most: float = 1) -> None:
        """The hint for the position now, shown (``HINT``) or played with the moves
        after it, up to ``most`` (``AUTO``); a slow hint arrives later, and only if
        the position is still the same by then."""
        table = self.table
        state, player = table.session.state, table.hint_player()
        if not table.SLOW_HINTS:
            self._answered(state, line(table.rules, player.hint, state, most), {purpose})
            return
        stand_in = self._stand_in(player)
        if stand_in is not None:
            self._stood_in(state, purpose, most, stand_in)
            return
        if purpose == AUTO and self._standing_in:  # the helper's own part is ready now
            self._standing_in = False
            self.say(self._auto_words())
        new = table.asks.ask(state, purpose)
        if purpose == HINT:  # said even when the question is under way already (a peek's)
            self.board.say(player.thinking)
        if new:
            self.board.thinker.think(partial(self._line, player, state, most),
                                     partial(self._slow_answer, state),
                                     partial(self._hint_failed, state), group="hint",
                                     needs=player.part)

    def _line(self, player: HintPlayer[Any, Any], state: Any, most: float) -> list[Any]:
        """In a thread worker: ``player``'s next moves, its searches stopped when the
        worker is cancelled and heard by the board."""
        search = Search(cancelled(), self.heard)
        return line(self.table.rules, player.searching(search), state, most)

    def _stand_in(self, player: HintPlayer[Any, Any]) -> StandIn | None:
        """On a first start, while the warm-up still compiles ``player``'s part, its
        stand-in (a helper that needs no compile, plain Python: a whole game of it
        takes milliseconds) answers at once in its place. None where the part is
        ready, or the player has no stand-in (a hint then waits, saying how long)."""
        engine, part, stand_in = self.board.thinker.engine, player.part, player.stand_in
        if engine is None or part is None or stand_in is None or not engine.pending(part):
            return None
        return StandIn(stand_in, engine, part)

    def _stood_in(self, state: Any, purpose: str, most: float, stand_in: StandIn) -> None:
        """A hint, or auto play's next moves, from the stand-in, saying whose they are."""
        name = stand_in.player.name
        moves = line(self.table.rules, stand_in.player.hint, state, most)
        if purpose == HINT:
            # How long the helper is away is the engine's line's to say, below: with
            # it, the hint took two rows, and laid the screen out as it came and went.
            self.show_hint(moves[0] if moves else None,
                           f" from {name} ({stand_in.helper} still compiles)")
            return
        self._standing_in = True  # one line at 80 columns, however long the wait's words
        self.say(f"Auto play by {name} till {stand_in.helper} is ready: a stops.")
        self._answered(state, moves, {purpose})

    def _slow_answer(self, state: Any, line: list[Any]) -> None:
        wanted = self.table.asks.answered(state)
        if wanted is not None:
            self._answered(state, line, wanted)

    def _hint_failed(self, state: Any, error: BaseException) -> None:
        if self.table.asks.failed(state):
            self.stop()
            self.board.say(f"No hint: {error}", error=True)

    def _answered(self, state: Any, line: list[Any], wanted: set[str]) -> None:
        table = self.table
        if state is not table.session.state:
            return  # the position changed while the hint was worked out
        self.board.thought(state)
        if HINT in wanted:
            self.show_hint(line[0] if line else None)
        if AUTO in wanted and self._auto is not None and self.board.is_active:
            if line:
                self.pace.played(self.play_line(line), time.monotonic())
                if table.SLOW_HINTS and self._auto is not None:
                    self.step()  # what is due next is thought about at once
            else:
                self.stop()

    def show_hint(self, move: Any, by: str = "") -> None:
        """``by``: whose hint it is, where not the helper's own."""
        if move is None:
            self.board.say("No move to suggest.")
        else:
            words = self.table.describe(self.table.session.state, move)
            self.board.say(f"Hint{by}: {words}{self.keys_for(move)}.")

    def play_line(self, moves: Sequence[Any]) -> int:
        """Make ``line``'s moves as if each were played, drawing only the position they
        reach; how many were made (a move the rules refuse is explained)."""
        if not self.said:
            self.board.say("")
        played, refused = self.table.play_line(moves)
        if refused is not None:
            self.board.refuse(refused)
        self.board.redraw()
        return played

    # --- auto play: drawn, at a speed ------------------------------------------------

    def toggle(self) -> None:
        """Auto play on (at the speed chosen), or off."""
        if self._auto is not None:
            self.stop()
            self.board.say("Auto play stopped.")
        elif not self.table.session.is_over:
            rate = SPEEDS[self.speed]
            self.pace = Pace(rate, time.monotonic())
            self._auto = self.board.set_interval(interval(rate), self.step)
            self.table.mode = Mode.AUTO
            self._standing_in = False
            self.show_sign()
            self.say(self._auto_words())
        self.board.refresh_bindings()

    def _auto_words(self) -> str:
        # One line at 80 columns: a second one pushed the board's last row out.
        return f"Auto play, {speed_words(SPEEDS[self.speed])}: a stops, + - speed, e to the end."

    def say(self, text: str) -> None:
        """Auto play's own words (its speed, its keys): they stay while it plays, as a
        move clears any other line, and go when it stops."""
        self.board.say(text)
        self.said = True

    def stop(self) -> None:
        """Stop auto play, drawn or finishing."""
        if self._finish is not None:
            self.board.thinker.cancel("finish")
            self._end_finishing()
        if self._auto is not None:
            self._auto.stop()
            self._auto = None
            self.table.mode = Mode.PLAYING
            self.board.refresh_bindings()
        if self.said:
            self.board.say("")
        self.show_sign()

    def step(self) -> None:
        """The moves the pace has come to since the last tick, drawn once: a replay's
        next moves, or the hint player's (worked out in a thread when slow, and then
        played when they come), as after a replay's line once a move left it. Nothing
        is played while a dialog is over the board ("Start a new game?", the rules):
        auto play waits for the answer, and goes on from there."""
        table, now = self.table, time.monotonic()
        if not self.board.is_active:
            self._waited = True
            return
        if self._waited:  # the speed shown is measured afresh, not over the wait
            self._waited = False
            self.pace = Pace(self.pace.rate, now)
        due = self.pace.due(now)
        if due >= 1 and table.replaying and table.session.can_redo:
            redone = 0
            while redone < due and table.session.redo():
                redone += 1
            self.pace.played(redone, now)
            self.board.redraw()
        elif due >= 1 and not table.asks.busy:
            self.ask(AUTO, due)
        self.show_sign()

    def change_speed(self, change: int) -> None:
        """A faster or slower speed; the pace carries on at it, its measured speed
        going from the old speed to the new one over a second. Before auto play
        starts, the speed it will start at."""
        speed = max(0, min(len(SPEEDS) - 1, self.speed + change))
        if speed == self.speed:  # as it was: said so, with the key that does change it
            self.board.say("Auto speed: instant already, the fastest (- slows it)." if change > 0
                           else f"Auto speed: {speed_words(SPEEDS[speed])} already, the"
                           " slowest (+ speeds it up).")
            return
        self.speed = speed
        rate = self.pace.rate = SPEEDS[speed]
        if self._auto is None:  # one row at 80 columns, even at "instant"
            self.board.say(f"Auto speed: {speed_words(rate)} (a starts it).")
            return
        self._auto.stop()
        self._auto = self.board.set_interval(interval(rate), self.step)
        self.say(f"Auto speed: {speed_words(rate)}.")

    def show_sign(self) -> None:
        """The sign that auto play is on, in words, with the speed it keeps (measured)
        or how far a finish has got; it goes when auto play stops."""
        finish, sign = self._finish, None
        roomy = self.board.size.width >= ROOMY  # narrower, the status comes first
        if finish is not None:
            if time.monotonic() - finish.began >= PROGRESS_AFTER:
                sign = f"▶ finishing… {counted(len(finish.line), 'move')}"
                sign += " · e or esc stops" if roomy else ""
        elif self._auto is not None:
            rate = self.pace.measured()
            sign = "▶ auto"  # narrower, the line above the status says the speed
            if roomy:
                # As wide whatever the speed measured (or none yet): at the status
                # line's right end, words of another width moved the sign's left edge.
                measured = "" if rate is None else rate_words(rate)
                sign += f" play · {measured:>{RATE_ROOM}} · a stops"
        if sign != self._sign:
            self._sign = sign
            self.board.query_one(StatusLine).show_sign(sign)

    # --- auto play: the rest of the game at once -------------------------------------

    def finish(self) -> None:
        """Play the game to its end by the hint player without drawing each move (a
        replay: to the end of its line). Its line is worked out first, in a thread when
        hints are slow, with its progress shown and e or esc to stop it; then every
        move goes into the session as if played one by one."""
        table = self.table
        self.stop()
        if table.replaying and table.session.can_redo:
            while table.session.redo():
                pass
            self.board.redraw()
            self.board.say(f"The end of the replay of {table.replaying}: u steps back.")
            return
        table.asks.drop()  # a hint being worked out would come too late
        self.board.thinker.cancel("hint")
        self.board.say("")
        player = table.hint_player()
        finish = self._finish = Finish(table.session.state, time.monotonic(), by=player.name)
        table.mode = Mode.FINISHING
        stand_in = self._stand_in(player)
        if stand_in is not None:  # milliseconds: no thread
            finish.by = f"{stand_in.player.name} ({stand_in.helper} still compiles)"
            finish.standing_in = True
            moves = hint_moves(table.rules, stand_in.player.hint, finish.start)
            self._finished(finish, finish.work_out(moves, stopped=lambda: False))
            return
        if not table.SLOW_HINTS:
            moves = hint_moves(table.rules, player.hint, finish.start)
            self._finished(finish, finish.work_out(moves, stopped=lambda: False))
            return
        self.board.thinker.think(partial(self._work_out, player, finish),
                                 partial(self._finished, finish),
                                 partial(self._finish_failed, finish), group="finish",
                                 needs=player.part)
        self._progress = self.board.set_interval(PROGRESS_EVERY, self._finish_progress)
        self.board.refresh_bindings()

    def _work_out(self, player: HintPlayer[Any, Any], finish: Finish[Any, Any]) -> list[Any]:
        """In a thread worker: the finish's line, to the end or till the worker is
        cancelled (its searches too)."""
        stop = cancelled()
        moves = hint_moves(self.table.rules, player.searching(Search(stop, self.heard)),
                           finish.start)
        return finish.work_out(moves, stop)

    @property
    def auto_playing(self) -> bool:
        """Auto play is on, drawn at its pace (not a finish)."""
        return self._auto is not None

    @property
    def finishing(self) -> bool:
        return self._finish is not None

    def _finish_progress(self) -> None:
        """How far the finish has got; a move made meanwhile ends it, as its line no
        longer fits."""
        finish = self._finish
        if finish is not None and finish.start is not self.table.session.state:
            self.stop()
        self.show_sign()

    def _finished(self, finish: Finish[Any, Any], line: list[Any]) -> None:
        if finish is not self._finish:
            return  # stopped meanwhile
        self._end_finishing()
        if finish.start is not self.table.session.state:
            return  # a move was made meanwhile: the line no longer fits
        played = self.play_line(line)
        if self.table.session.is_over:
            undo = "" if finish.standing_in else "; u takes them back one at a time"
            self.board.say(f"Played to the end by {finish.by}: {counted(played, 'move')}"
                           f"{undo}.")
        elif played == len(line):
            self.show_hint(None)  # the hint player stopped short of the end

    def _finish_failed(self, finish: Finish[Any, Any], error: BaseException) -> None:
        if finish is self._finish:
            self._end_finishing()
            self.board.say(f"The game could not be played to the end: {error}", error=True)

    def _end_finishing(self) -> None:
        self._finish = None
        if self.table.mode is Mode.FINISHING:
            self.table.mode = Mode.PLAYING
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
        self.show_sign()
        self.board.refresh_bindings()
