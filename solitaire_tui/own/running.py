"""A run of a player of one's own: its games played in worker processes.

A player's file is plain Python, which one process plays on one core at a time, so a
run's chunk of deals is cut into a part a worker (as many as the run's workers) and
each part played in a process of a pool kept for the player. The parts are joined in
deal order, so the rows, and so every figure, are the same whatever the workers.

A part that a fault stopped (``playing.Fault``) gives the rows of the deals before
the fault; the chunk ends there, the parts after it are dropped, and the fault is
kept on the player for the run to say. ``batch.run`` then ends the run, as it ends a
cancelled one, with every game before the faulty deal counted.

The pools start with ``spawn``: a fresh interpreter for each worker, never a fork of
a process that runs threads (the app's, numba's).
"""

from __future__ import annotations

import atexit
import json
import multiprocessing
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from rules.fast.batch import Kernel
from rules.fast.kernels import one_reading
from solitaire_tui.own.files import OwnPlayer
from solitaire_tui.own.playing import (
    MOVE_SECONDS,
    Fault,
    hint_in_worker,
    play_part,
    rules_module,
    start_worker,
)
from solitaire_tui.processes import deaf_to_ctrl_c, start_resource_tracker

_POOLS: dict[tuple[Path, int, str, bool, float, int, str], ProcessPoolExecutor] = {}


def _pool(player: OwnPlayer, budget: float, workers: int,
          options: Mapping[str, Any]) -> ProcessPoolExecutor:
    key = (player.path, player.stamp, player.rules, player.clairvoyant, budget, workers,
           json.dumps(options, sort_keys=True))
    pool = _POOLS.get(key)
    if pool is None:
        for other in [other for other in _POOLS if other[0] == player.path]:
            _POOLS.pop(other).shutdown(cancel_futures=True)  # one pool a player at a time
        start_resource_tracker()
        pool = _POOLS[key] = ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("spawn"),
            initializer=start_worker,
            initargs=(player.path, player.rules, player.clairvoyant, budget, dict(options)))
    return pool


@atexit.register
def _close() -> None:
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


def parts(start: int, count: int, workers: int) -> list[tuple[int, int]]:
    """``count`` deals from ``start`` in ``workers`` parts as even as can be, in
    order (none empty)."""
    size, extra = divmod(count, workers)
    cut, found = start, []
    for index in range(min(workers, count)):
        length = size + (index < extra)
        found.append((cut, length))
        cut += length
    return found


def results(player: OwnPlayer, budget: float, options: Mapping[str, Any], start: int,
            count: int) -> np.ndarray:
    """Deals start..start+count-1 by ``player`` (with the run's ``options``) on the
    run's workers, a row each, up to the first fault (kept on ``player``)."""
    import numba

    workers = max(1, min(numba.get_num_threads(), count))
    pool = _pool(player, budget, workers, options)
    rows: list[tuple[int, ...]] = []
    with deaf_to_ctrl_c():  # the pool starts its processes as the parts are handed out
        futures = [pool.submit(play_part, first, length)
                   for first, length in parts(start, count, workers)]
    for future in futures:
        played, fault = future.result()
        rows += played
        if fault is not None:
            player.fault = fault
            for later in futures:
                later.cancel()
            break
    width = len(rules_module(player.rules).fields(options))
    return np.array(rows, dtype=np.int64).reshape(len(rows), width)


def hint(player: OwnPlayer, state: Any, deal: int, budget: float = MOVE_SECONDS) -> Any:
    """``player``'s move from ``state`` (of deal ``deal``), worked out in a worker
    process of its own, where its budget is kept even if it never returns; ``Fault``
    when it goes wrong."""
    move, fault = _pool(player, budget, 1, {}).submit(hint_in_worker, state, deal).result()
    if fault is not None:
        raise Fault(fault, deal)
    return move


def kernel(player: OwnPlayer, budget: float = MOVE_SECONDS) -> Kernel:
    """A run's kernel for ``player``: the rows its game's compiled players give, one
    tally, the scores of its game's ``rules.own`` module."""
    rules = rules_module(player.rules)
    return one_reading(partial(results, player, budget, {}), rules.fields({}), rules.SCORES)


__all__ = ["Fault", "kernel", "parts"]
