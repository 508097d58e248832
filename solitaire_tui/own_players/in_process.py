"""A run's games played in threads of this process while the asking one waits: a
player of one's own on a cluster's worker.

A Dask worker plays its chunks in threads of one process, which may not start
processes of its own (its nanny makes it a daemon), and the cluster already spreads
the chunks over its cores. So a player shipped to a worker (``files.receive``) plays
there without ``own.running``'s pools: its games are played in a pool of threads
of this process while the thread that asked waits, doing what the run's process
does for a pool of processes. It keeps the moves' budget (``playing.Watchdog``, as
no timer signal reaches a thread that is not the main one); a compiled player's
chunk is cut in a part for each of numba's threads (its loop lets go of the GIL), and
their ticks are watched. A compiled move that never ends cannot be stopped: its
deals are played again in Python, where the budget names the line, and the thread is
left behind, spinning, so the chunk says its process is to be restarted.

What went wrong is kept for the thread that asked (``taken``): a worker's threads
play chunks of the same player at once, and each chunk says its own faults.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from concurrent import futures as waiting
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any

import numpy as np

from solitaire_tui.own_players import compiled as compiling
from solitaire_tui.own_players import playing
from solitaire_tui.own_players.compiled import WATCH, Compiled
from solitaire_tui.own_players.files import OwnPlayer
from solitaire_tui.own_players.parts import joined, parts, replayed

# The threads the players play in, the asking ones waiting (a chunk's, a compiled
# chunk's parts): a thread left spinning in a compiled move keeps its place until the
# process is restarted.
_THREADS = ThreadPoolExecutor(thread_name_prefix="own-player")
_LOADING = threading.Lock()
_GAMES: dict[str, tuple[playing.Loaded, Compiled | None]] = {}
_FOUND = threading.local()  # this thread's: faults [(player, sentence)], stuck


def _loaded(player: OwnPlayer, budget: float, options: Mapping[str, Any]
            ) -> tuple[playing.Loaded, Compiled | None]:
    """The player's game in this process and, compiled, its compile: once a process."""
    key = json.dumps([str(player.path), player.stamp, budget, dict(options)], sort_keys=True)
    with _LOADING:  # a compile takes seconds: the other threads wait for its result
        if key not in _GAMES:
            game = playing.of(player, budget, options)
            compiled = (compiling.compile_player(player.path, player.rules,
                                                 player.clairvoyant)
                        if player.compiled else None)
            _GAMES[key] = game, compiled
        return _GAMES[key]


def results(player: OwnPlayer, budget: float, options: Mapping[str, Any], start: int,
            count: int) -> tuple[np.ndarray, str | None]:
    """Deals start..start+count-1 by ``player``, played by this process's threads while
    this one waits, a row each, up to the first fault, and the fault."""
    game, compiled = _loaded(player, budget, options)
    width = len(game.rules.fields(options))
    if compiled is None:
        rows, fault = _played(game, start, count, width)
    else:
        rows, fault = _compiled(compiled, game, start, count, width)
    if fault is not None:
        _faults().append((player.name, fault))
    return rows, fault


def _played(game: playing.Loaded, start: int, count: int, width: int
            ) -> tuple[np.ndarray, str | None]:
    """Deals start..start+count-1 by the plain player, in a thread of the pool that
    this one watches (``playing.Watchdog``): their rows up to a fault, and the fault."""
    watchdog = playing.Watchdog()
    future = _THREADS.submit(playing.play_games, game, watchdog, start, count)
    while not _ended(future, watchdog, playing.WATCHDOG_SECONDS):
        pass
    plain, fault = future.result()
    return np.array(plain, dtype=np.int64).reshape(len(plain), width), fault


def _ended(future: Future[Any], watchdog: playing.Watchdog, seconds: float) -> bool:
    """Whether ``future`` is over after waiting up to ``seconds`` for it (at most a
    watchdog's turn), its player's move stopped meanwhile if past its budget."""
    waiting.wait([future], min(seconds, playing.WATCHDOG_SECONDS))
    watchdog.look()
    return future.done()


def _compiled(compiled: Compiled, game: playing.Loaded, start: int, count: int, width: int
              ) -> tuple[np.ndarray, str | None]:
    """The compiled player's deals, a part for each of numba's threads, each part
    played in a thread of the pool (the loop lets go of the GIL, so they play at once,
    as a run's worker processes do here) and awaited in deal order: the rows up to the
    first fault. A later part still playing then is awaited too, to know whether it is
    stuck (its thread would spin on in this process)."""
    import numba

    under_way = [_Part(compiled, game, first, length)
                 for first, length in parts(start, count, numba.get_num_threads())]
    rows, fault, asked = joined([partial(part.outcome, width) for part in under_way], width)
    if fault is not None and not all(later.ends() for later in under_way[asked:]):
        _FOUND.stuck = True
    return rows, fault


class _Part:
    """Deals first..first+count-1 of a compiled player, handed to the pool as this one
    is made, their moves ticking a watch of their own."""

    def __init__(self, compiled: Compiled, game: playing.Loaded, first: int, count: int) -> None:
        self.game, self.first = game, first
        self.watch = np.zeros(WATCH, np.int64)
        self.watchdog = playing.Watchdog()  # where a deal is played again in Python
        self.future = _THREADS.submit(compiling.play_compiled, compiled, game, self.watchdog,
                                      first, count, self.watch)

    def ends(self) -> bool:
        """Wait for the part: True once it is over, False if it is stuck in a move."""
        return compiling.ticking(self.watch, self.game.budget, partial(
            _ended, self.future, self.watchdog))

    def outcome(self, width: int) -> tuple[np.ndarray, str | None]:
        """The part's rows and fault; where it is stuck, its deals up to that one played
        again in Python, and the process marked to be restarted."""
        if self.ends():
            return self.future.result()
        _FOUND.stuck = True
        game = self.game
        return replayed(partial(_played, game, width=width), game.path.name, game.budget,
                        self.first, self.watch)


def _faults() -> list[tuple[str, str]]:
    if not hasattr(_FOUND, "faults"):
        _FOUND.faults = []
    return _FOUND.faults  # type: ignore[no-any-return]


def taken() -> tuple[list[tuple[str, str]], bool]:
    """This thread's faults since it last asked, as (player, sentence), and whether a
    compiled move was stuck (its process is to be restarted); both then forgotten."""
    faults, was_stuck = list(_faults()), bool(getattr(_FOUND, "stuck", False))
    _FOUND.faults, _FOUND.stuck = [], False
    return faults, was_stuck
