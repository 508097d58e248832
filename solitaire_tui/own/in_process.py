"""A run's games played in this process, in the thread that asks: a player of one's
own on a cluster's worker.

A Dask worker plays its chunks in threads of one process, which may not start
processes of its own (its nanny makes it a daemon), and the cluster already spreads
the chunks over its cores. So a player shipped to a worker (``files.receive``) plays
there without ``own.running``'s pools, each thread doing what a pool's process does:
a move's budget is kept by a ``playing.Watchdog``; a compiled player runs in a thread
of its own (its loop lets go of the GIL), which the asking thread watches as the run's
process watches a pool's. A compiled move that never ends cannot be stopped: its
deals are played again in Python, where the budget names the line, and the thread is
left behind, spinning, so the chunk says its process is to be restarted.

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
    """The compiled player's deals, played in a thread that this one watches."""
    watch = np.zeros(WATCH, np.int64)
    outcome: list[tuple[np.ndarray, str | None]] = []
    failed: list[BaseException] = []

    def play() -> None:
        try:
            with playing.Watchdog() as its_timer:  # where a deal is played again in Python
                outcome.append(compiling.play_compiled(compiled, game, its_timer, start,
                                                       count, watch))
        except BaseException as error:  # handed to the thread that waits
            failed.append(error)

    thread = threading.Thread(target=play, name="own-player-compiled", daemon=True)
    thread.start()
    def ended(seconds: float) -> bool:
        thread.join(seconds)
        return not thread.is_alive()

    if compiling.ticking(watch, game.budget, ended):
        if failed:
            raise failed[0]
        return outcome[0]
    deal, move = int(watch[0]), int(watch[1])
    _FOUND.stuck = True
    plain, fault = playing.play_games(game, timer, start, deal - start + 1)
    kept, said = compiling.stuck(game.path.name, game.budget, deal, move, plain, fault, start)
    width = len(game.rules.fields(game.options))
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
