"""A run of a player of one's own: its games played in worker processes.

A player's file is plain Python, which one process plays on one core at a time, so a
run's chunk of deals is cut into a part a worker (as many as the run's workers) and
each part played in a process of a pool kept for the player. The parts are joined in
deal order, so the rows, and so every figure, are the same whatever the workers.

A part that a fault stopped (``playing.Fault``) gives the rows of the deals before
the fault; the chunk ends there (``own.parts``, which cuts and joins the parts here
and in ``own.in_process`` alike), the parts after it are dropped, and the fault is
kept on the player for the run to say. ``batch.run`` then ends the run, as it ends a
cancelled one, with every game before the faulty deal counted.

On a cluster's worker, which may start no processes, a player plays in threads of
its process instead (``own.in_process``).

A compiled player (``COMPILED = True``) plays its parts in pools of its own, where
each worker compiles it once (``own.compiled``); as a compiled move cannot be
interrupted, this process watches each part's ticks and stops a worker stuck in one.

The pools start with ``spawn``: a fresh interpreter for each worker, never a fork of
a process that runs threads (the app's, numba's).
"""

from __future__ import annotations

import atexit
import json
import multiprocessing
import os
import signal
from collections.abc import Mapping
from concurrent import futures as waiting
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from rules.fast.batch import Kernel, available_workers
from rules.fast.kernels import one_reading
from solitaire_tui.own_players import compiled as compiled_worker
from solitaire_tui.own_players import in_process
from solitaire_tui.own_players.compiled import WATCH
from solitaire_tui.own_players.files import OwnPlayer
from solitaire_tui.own_players.parts import joined, parts, replayed
from solitaire_tui.own_players.playing import (
    MOVE_SECONDS,
    Fault,
    hint_in_worker,
    play_part,
    rules_module,
    start_worker,
)
from solitaire_tui.processes import deaf_to_ctrl_c, start_resource_tracker

_Key = tuple[Path, int, str, bool, float, str, bool]


@dataclass
class _Pool:
    """A player's worker processes, and (a compiled player's) their watch slots."""

    executor: ProcessPoolExecutor
    watches: Any = None  # WATCH int64s a part, shared with the workers


_POOLS: dict[_Key, _Pool] = {}


def _pool(player: OwnPlayer, budget: float, options: Mapping[str, Any],
          compiled: bool = False) -> _Pool:
    """The player's pool, as many workers as the machine gives runs: one for all its
    runs (a run's timing on one worker, its first call of one deal, the run itself)
    and its hints, so a compiled player is compiled once, its workers all at once."""
    key = (player.path, player.stamp, player.rules, player.clairvoyant, budget,
           json.dumps(options, sort_keys=True), compiled)
    workers = available_workers()
    pool = _POOLS.get(key)
    if pool is None:
        # One pool a player and way (compiled or not): a pool of its file as it was
        # before an edit goes, however it plays.
        for other in [other for other in _POOLS if other[0] == player.path
                      and (other[-1] == compiled or other[1] != player.stamp)]:
            _POOLS.pop(other).executor.shutdown(cancel_futures=True)
        start_resource_tracker()
        spawn = multiprocessing.get_context("spawn")
        args = (player.path, player.rules, player.clairvoyant, budget, dict(options))
        if compiled:
            watches = spawn.Array("q", workers * WATCH, lock=False)
            pool = _Pool(ProcessPoolExecutor(
                workers, mp_context=spawn, initializer=compiled_worker.start_worker,
                initargs=(*args, watches)), watches)
        else:
            pool = _Pool(ProcessPoolExecutor(workers, mp_context=spawn,
                                             initializer=start_worker, initargs=args))
        with deaf_to_ctrl_c():  # every worker started (and compiling) at once
            for _ in range(workers):
                pool.executor.submit(int)
        _POOLS[key] = pool
    return pool


def _drop(pool: _Pool) -> None:
    """A pool whose worker was stopped: the others go too, and it is made afresh."""
    for key in [key for key, known in _POOLS.items() if known is pool]:
        del _POOLS[key]
    pool.executor.shutdown(wait=False, cancel_futures=True)


@atexit.register
def _close() -> None:
    for pool in _POOLS.values():
        pool.executor.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


def results(player: OwnPlayer, budget: float, options: Mapping[str, Any], start: int,
            count: int) -> np.ndarray:
    """Deals start..start+count-1 by ``player`` (with the run's ``options``) on the
    run's workers, a row each, up to the first fault (kept on ``player``); on a
    cluster's worker, in threads of this process (``own.in_process``)."""
    if player.in_process:
        rows, fault = in_process.results(player, budget, options, start, count)
        player.fault = fault or player.fault
        return rows
    return _pooled(player, budget, options, start, count)


def _pooled(player: OwnPlayer, budget: float, options: Mapping[str, Any], start: int,
            count: int) -> np.ndarray:
    """``results`` from the player's pool, a part of the deals a worker."""
    import numba

    pool = _pool(player, budget, options, player.compiled)
    cut = parts(start, count, max(1, numba.get_num_threads()))
    if pool.watches is not None:
        np.frombuffer(pool.watches, dtype=np.int64)[:] = 0  # no part has started
    with deaf_to_ctrl_c():  # the pool starts its processes as the parts are handed out
        futures = [pool.executor.submit(compiled_worker.play_part, first, length, slot)
                   if pool.watches is not None else
                   pool.executor.submit(play_part, first, length)
                   for slot, (first, length) in enumerate(cut)]
    outcomes = [future.result if pool.watches is None else
                partial(_watched, player, budget, options, pool, future, cut[slot][0], slot)
                for slot, future in enumerate(futures)]
    width = len(rules_module(player.rules).fields(options))
    rows, fault, asked = joined(outcomes, width)
    if fault is not None:
        player.fault = fault
        for later in futures[asked:]:
            later.cancel()
    return rows


def _watched(player: OwnPlayer, budget: float, options: Mapping[str, Any], pool: _Pool,
             future: Future[Any], first: int, slot: int) -> tuple[Any, str | None]:
    """Part ``slot``'s outcome (its deals from ``first``), from a compiled player's
    workers: a part stuck while it is awaited (``compiled.ticking``) has its worker
    stopped, and its deals up to the one it was stuck in played again in plain
    Python, where the budget names the line. (A later part stuck meanwhile is found
    when its turn comes.)"""
    watch = np.frombuffer(pool.watches, dtype=np.int64).reshape(-1, WATCH)[slot]
    if compiled_worker.ticking(watch, budget, lambda seconds: not waiting.wait(
            [future], seconds).not_done):
        return future.result()  # type: ignore[no-any-return]
    os.kill(int(watch[3]), getattr(signal, "SIGKILL", signal.SIGTERM))
    _drop(pool)
    plain = _pool(player, budget, options)
    return replayed(lambda start, count: plain.executor.submit(play_part, start, count).result(),
                    player.name, budget, first, watch)


def hint(player: OwnPlayer, state: Any, deal: int, budget: float = MOVE_SECONDS,
         options: Mapping[str, Any] | None = None) -> Any:
    """``player``'s move from ``state`` (of deal ``deal``), worked out in a worker
    process of its own, where its budget is kept even if it never returns; ``Fault``
    when it goes wrong. ``options``: its runs' (a pool of the same serves both)."""
    move, fault = _pool(player, budget, options or {}).executor.submit(
        hint_in_worker, state, deal).result()
    if fault is not None:
        raise Fault(fault, deal)
    return move


def kernel(player: OwnPlayer, budget: float = MOVE_SECONDS,
           options: Mapping[str, Any] | None = None) -> Kernel:
    """A run's kernel for ``player``: the rows its game's compiled players give, one
    tally, the scores of its game's ``rules.own_players`` module. ``options``: what its game's
    module starts each deal from (a described game's description)."""
    rules, given = rules_module(player.rules), dict(options or {})
    return one_reading(partial(results, player, budget, given), rules.fields(given),
                       rules.SCORES)


__all__ = ["Fault", "kernel"]
