"""A run's games played in this process, in the thread that asks: a player of one's
own on a cluster's worker.

A Dask worker plays its chunks in threads of one process, which may not start
processes of its own (its nanny makes it a daemon), and the cluster already spreads
the chunks over its cores. So a player shipped to a worker (``files.receive``) plays
there without ``own.running``'s pools, each thread doing what a pool's process does:
a move's budget is kept by a ``playing.Watchdog``; a compiled player plays its chunk
in threads of its own, a part for each of numba's threads (its loop lets go of the
GIL), which the asking thread watches as the run's process watches a pool's. A
compiled move that never ends cannot be stopped: its deals are played again in
Python, where the budget names the line, and the thread is left behind, spinning, so
the chunk says its process is to be restarted.

What went wrong is kept for the thread that asked (``taken``): a worker's threads
play chunks of the same player at once, and each chunk says its own faults.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from typing import Any

import numpy as np

from solitaire_tui.own import compiled as compiling
from solitaire_tui.own import playing
from solitaire_tui.own.compiled import WATCH, Compiled
from solitaire_tui.own.files import OwnPlayer

_LOADING = threading.Lock()
_GAMES: dict[str, tuple[playing.Game, Compiled | None]] = {}
_FOUND = threading.local()  # this thread's: faults [(player, sentence)], stuck


def _loaded(player: OwnPlayer, budget: float, options: Mapping[str, Any]
            ) -> tuple[playing.Game, Compiled | None]:
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
    """Deals start..start+count-1 by ``player`` in this thread, a row each, up to the
    first fault, and the fault."""
    game, compiled = _loaded(player, budget, options)
    width = len(game.rules.fields(options))
    with playing.Watchdog() as timer:
        if compiled is None:
            plain, fault = playing.play_games(game, timer, start, count)
            rows = np.array(plain, dtype=np.int64).reshape(len(plain), width)
        else:
            rows, fault = _compiled(compiled, game, timer, start, count)
    if fault is not None:
        _faults().append((player.name, fault))
    return rows, fault


def _compiled(compiled: Compiled, game: playing.Game, timer: playing.Timer, start: int,
              count: int) -> tuple[np.ndarray, str | None]:
    """The compiled player's deals, a part for each of numba's threads, each part
    played in a thread of its own (the loop lets go of the GIL, so they play at once,
    as a run's worker processes do here) and awaited in deal order: the rows up to the
    first fault. A later part still playing then is awaited too, to know whether it is
    stuck (its thread would spin on in this process)."""
    import numba

    width = len(game.rules.fields(game.options))
    under_way = [_Part(compiled, game, first, length)
                 for first, length in playing.parts(start, count, numba.get_num_threads())]
    rows = [np.empty((0, width), np.int64)]
    for index, part in enumerate(under_way):
        played, fault = part.outcome(timer, width)
        rows.append(played)
        if fault is not None:
            if not all(later.ends() for later in under_way[index + 1:]):
                _FOUND.stuck = True
            return np.concatenate(rows), fault
    return np.concatenate(rows), None


class _Part:
    """Deals first..first+count-1 of a compiled player, played in a thread of their
    own as this one is made, their moves ticking a watch of their own."""

    def __init__(self, compiled: Compiled, game: playing.Game, first: int, count: int) -> None:
        self.game, self.first = game, first
        self.watch = np.zeros(WATCH, np.int64)
        self._outcome: list[tuple[np.ndarray, str | None]] = []
        self._failed: list[BaseException] = []

        def play() -> None:
            try:
                with playing.Watchdog() as timer:  # where a deal is played again in Python
                    self._outcome.append(compiling.play_compiled(
                        compiled, game, timer, first, count, self.watch))
            except BaseException as error:  # handed to the thread that waits
                self._failed.append(error)

        self._thread = threading.Thread(target=play, name="own-player-compiled", daemon=True)
        self._thread.start()

    def ends(self) -> bool:
        """Wait for the part: True once it is over, False if it is stuck in a move."""
        def ended(seconds: float) -> bool:
            self._thread.join(seconds)
            return not self._thread.is_alive()

        return compiling.ticking(self.watch, self.game.budget, ended)

    def outcome(self, timer: playing.Timer, width: int) -> tuple[np.ndarray, str | None]:
        """The part's rows and fault; where it is stuck, its deals up to that one played
        again in Python by this thread (``timer``: its watchdog), and the process marked
        to be restarted."""
        if self.ends():
            if self._failed:
                raise self._failed[0]
            return self._outcome[0]
        deal, move = int(self.watch[0]), int(self.watch[1])
        _FOUND.stuck = True
        game = self.game
        plain, fault = playing.play_games(game, timer, self.first, deal - self.first + 1)
        kept, said = compiling.stuck(game.path.name, game.budget, deal, move, plain, fault,
                                     self.first)
        return np.array(kept, dtype=np.int64).reshape(len(kept), width), said


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
