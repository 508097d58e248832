"""A player of one's own playing numbered deals, and what stops it.

The same loop plays in the worker processes of a run (``own.running``) and in the
app's process for a single game: the game's module in ``rules.own_players`` gives the first
position, the view and the move a name stands for; the player's ``play(view)``
chooses. A player that raises, names no legal move, returns nothing or takes longer
than its budget for a move stops the games there with a ``Fault``: one sentence that
names the deal, the move and the line of the player's file.

A move's budget is the computing its thread does (``time.thread_time``), so a busy
machine does not fault a player that a quiet one would let finish; the clock stops a
move only at ``WALL_SLACK`` times its budget, which stops a player that never returns
(or sleeps). The clock is kept by a timer signal (``SIGALRM``) around each move where
there is one; in a thread other than the main
one (a cluster's worker plays a chunk a thread), where no signal can be had, the
thread that waits for the playing one stops it instead (``Watchdog``); where there
is neither (Windows), a move that took too long is found when it returns.
"""

from __future__ import annotations

import ctypes
import importlib
import math
import signal
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, cast

from rules.errors import RulesError
from rules.own_players import Rules
from rules.words import shortened
from solitaire_tui import lifeline
from solitaire_tui.own_players.files import OwnPlayer
from solitaire_tui.own_players.source import at_line, chooser, cut_off, load_module

MOVE_SECONDS = 1.0  # a move's budget unless the player's owner says otherwise
WALL_SLACK = 4.0  # by the clock, a move is stopped at this many times its budget
_TIMER = hasattr(signal, "setitimer")
WATCHDOG_SECONDS = 0.05  # how often a watchdog is asked to look at the move under way

# What keeps a move's budget: called with the budget as the move starts, with 0 as it
# ends (``signal.setitimer``'s way); None where nothing can stop a move under way.
Timer = Callable[[float], None]


class TooSlow(BaseException):
    """A move took longer than its budget: a base exception, so that a player's own
    ``except Exception`` does not swallow it."""


class Fault(RulesError):
    """A player stopped a game: ``sentence`` says where and why. A rules error: a
    screen that asked a player of one's own for a move says it, as it says an illegal
    move, and it is no bug of the app's to log."""

    def __init__(self, sentence: str, deal: int) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.deal = deal


@dataclass(frozen=True)
class Loaded:
    """What plays a game: the rules' module, the player's ``play`` and its file, and
    the run's options (who sits where, at a game of several seats)."""

    rules: Rules
    play: Callable[[Any], Any]
    path: Path
    clairvoyant: bool
    budget: float = MOVE_SECONDS
    options: Mapping[str, Any] = field(default_factory=dict)


def of(player: OwnPlayer, budget: float = MOVE_SECONDS,
       options: Mapping[str, Any] | None = None) -> Loaded:
    """A loaded player's game, in this process (its file run again: a run's worker
    processes each run it once too)."""
    return _game(player.path, player.rules, player.clairvoyant, budget, options or {})


def _game(path: Path, rules: str, clairvoyant: bool, budget: float,
          options: Mapping[str, Any]) -> Loaded:
    """The player in ``path`` loaded (its file run as a module) and ready to play."""
    return Loaded(rules_module(rules), chooser(load_module(path), path), path, clairvoyant,
                  budget, dict(options))


def rules_module(name: str) -> Rules:
    """A game's module in ``rules.own_players``, by its import name."""
    if not name.startswith("rules.own_players."):
        raise ValueError(f"{name!r} is not a module of rules.own_players")
    return cast(Rules, importlib.import_module(name))


def _too_slow(signum: int, frame: FrameType | None) -> None:
    raise TooSlow


def timed_moves() -> Timer | None:
    """Arm the move timer's handler, in the main thread only (a signal's handler
    cannot be set elsewhere): the timer that then keeps each move's budget, if any."""
    if not _TIMER:
        return None
    try:
        signal.signal(signal.SIGALRM, _too_slow)
    except ValueError:  # not the main thread
        return None
    def timer(seconds: float) -> None:
        signal.setitimer(signal.ITIMER_REAL, seconds)

    return timer


def _raise_in(thread: int, error: type[BaseException] | None) -> None:
    """Raise ``error`` in ``thread`` at its next Python step (None: take back one
    raised there that has not been delivered yet)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread), None if error is None else ctypes.py_object(error))


class Watchdog:
    """A move's budget kept where no timer signal can be had (a thread that is not the
    main one: a cluster's worker plays in threads). The playing thread uses it as its
    ``Timer``; the thread that waits for that one calls ``look`` every
    ``WATCHDOG_SECONDS``, which raises ``TooSlow`` in the playing thread once a move
    has run past its budget. It comes between two of the player's Python steps, so it
    stops a loop that never ends, though not a wait inside a single call (that move is
    found too slow when it returns)."""

    def __init__(self) -> None:
        self._playing = 0  # the thread that armed it last
        self._deadline = math.inf
        self._fired = False
        self._lock = threading.Lock()

    def __call__(self, seconds: float) -> None:
        with self._lock:
            if seconds:
                self._playing = threading.get_ident()
                self._deadline = time.monotonic() + seconds
                return
            self._deadline = math.inf
            if self._fired:  # raised as the move ended: not delivered, or caught
                _raise_in(self._playing, None)
                self._fired = False

    def look(self) -> None:
        """Stop the move under way if it has run past its budget."""
        with self._lock:
            if time.monotonic() > self._deadline:
                self._deadline, self._fired = math.inf, True
                _raise_in(self._playing, TooSlow)


def play_deal(game: Loaded, deal: int, timer: Timer | None) -> tuple[int, ...]:
    """Deal ``deal`` played to its end by ``game``'s player (and the built-in players
    of the other seats): its row (``Rules.fields``), or ``Fault``. ``timer``: what
    keeps each move's budget (``timed_moves``, ``Watchdog``), if anything does."""
    rules = game.rules
    state = rules.start(deal, game.options)
    computer = rules.others(deal, game.options, game.path.name)
    while not rules.is_over(state):
        move = computer(state)
        if move is None:
            _, state = next_move(game, state, deal, timer)
        else:
            state = rules.apply(state, move)
    return rules.row(state, game.options)


def choosing(game: Loaded, deal: int) -> Callable[[Any], Any]:
    """The player as a chooser of the rules' moves (as the built-in players are), for a
    game played by the command line: ``Fault`` when it goes wrong."""
    timer = timed_moves()
    return lambda state: next_move(game, state, deal, timer)[0]


def next_move(game: Loaded, state: Any, deal: int, timer: Timer | None) -> tuple[Any, Any]:
    """The player's move from ``state`` of deal ``deal``, and the position it reaches;
    ``Fault`` when the player goes wrong."""
    rules = game.rules
    view = rules.view(state, deal, game.clairvoyant)
    number = int(view.moves_made) + 1  # the move about to be made, counted from 1
    began = time.thread_time()
    try:
        if timer is not None:
            timer(game.budget * WALL_SLACK)
        try:
            name = game.play(view)
        finally:
            if timer is not None:
                timer(0)
    except TooSlow as error:
        raise _fault(game, deal, number, f"took longer than {game.budget:g} s", error,
                     "that is a move's budget (--move-seconds)") from None
    except (Exception, SystemExit) as error:  # the player's own code failed
        raise _fault(game, deal, number, f"raised {type(error).__name__}", error,
                     str(error)) from None
    if time.thread_time() - began > game.budget:
        raise _fault(game, deal, number, f"took longer than {game.budget:g} s",
                     why="that is a move's budget (--move-seconds)")
    if name is None:
        raise _fault(game, deal, number, "returned no move",
                     why="play must return one of view.moves")
    try:
        move = rules.move_named(state, name, view)
        return move, rules.apply(state, move)
    except RulesError as error:
        raise _fault(game, deal, number, f"chose {shortened(name)}",
                     why=str(error)) from None


# A worker process's game (``own.running``): its player's file loaded once, as the
# process starts, and whether its moves are timed by the timer signal.
_WORKER: tuple[Loaded, Timer | None] | None = None


def start_worker(path: Path, rules: str, clairvoyant: bool, budget: float,
                 options: Mapping[str, Any]) -> None:
    """In a new worker process: cut it off from the terminal and from Ctrl+C (the run
    that started it stops after its chunk, keeping what was played, not a worker
    mid-game), end it with the process that made its pool, load the player, arm the
    move timer."""
    global _WORKER
    cut_off()
    lifeline.end_with_parent()
    _WORKER = _game(path, rules, clairvoyant, budget, options), timed_moves()


def worker() -> tuple[Loaded, Timer | None]:
    """This worker's game, and whether its moves are timed (``start_worker``)."""
    assert _WORKER is not None, "the worker loads its player as it starts"
    return _WORKER


def play_part(start: int, count: int) -> tuple[list[tuple[int, ...]], str | None]:
    """In a worker: deals start..start+count-1 (``play_games``)."""
    return play_games(*worker(), start, count)


def play_games(game: Loaded, timer: Timer | None, start: int, count: int
               ) -> tuple[list[tuple[int, ...]], str | None]:
    """Deals start..start+count-1, their rows; the rows before a fault and its
    sentence if the player stopped."""
    rows: list[tuple[int, ...]] = []
    for deal in range(start, start + count):
        try:
            rows.append(play_deal(game, deal, timer))
        except Fault as fault:
            return rows, fault.sentence
    return rows, None


def hint_in_worker(state: Any, deal: int) -> tuple[Any, str | None]:
    """In a worker: the player's move from ``state``, or None and why it has none."""
    game, timer = worker()
    try:
        return next_move(game, state, deal, timer)[0], None
    except Fault as fault:
        return None, fault.sentence


def _fault(game: Loaded, deal: int, move: int, what: str, error: BaseException | None = None,
           why: str = "") -> Fault:
    """"mine.py, line 12, raised KeyError at move 5 of deal 1234: 7"."""
    line = at_line(error, game.path) if error is not None else ""
    said = f": {why}" if why else ""
    return Fault(f"{game.path.name}{line + ',' if line else ''} {what} at move {move} of"
                 f" {game.rules.DEAL} {deal}{said}", deal)
