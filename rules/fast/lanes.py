"""Games handed out to the threads of a kernel as each is free, and a stop they hear.

An even share of a call's games between the threads (numba's ``prange``, or
``shared`` here) leaves a thread whose share holds a slow deal finishing last while
the others wait: a player that takes milliseconds to seconds a game (the fair player,
the solver, Add/Residue's strong seats) kept two cores busy only part of the time.
Here each thread (a *lane*) claims the next games when it is free, from a counter it
shares with the others (``claim``, an atomic add), so the lanes end a call at most a
game apart.

A call is asked for ``count`` games, but a run has more to play after them: while one
lane still plays one of the call's games (the solver can spend ten seconds on one deal
where most take a tenth), the free lanes go on to the games after them, up to
``limit``, rather than wait. The call plays the first ``played(control)`` games,
``count`` or more, and every one of them is finished when it returns: a lane claims
its next games only once its last are done.

The same counter lets a run stop inside a call: every lane asks ``control[STOP]``
before it claims, so a stop ends the call after the games under way, which are then
fewer than ``count`` (its first ones). ``batch.run`` sets the stop and says how many
games the run has left (``CONTROL``, one for the process: one call of the kernels
runs at a time, under ``batch.ENGINE``); a call made otherwise plays ``count`` games.

The lanes are threads of ours, not numba's (``fan_out``): each calls the kernel's
lane function, compiled ``nogil``, so they run at once. numba's ``parallel=True``
outlined the loop into a function of its own and compiled the whole player under it
twice more: without it the warm-up's compile on one process went from 148 s to 105 s
(docs/TUNING.md). Plain kernels, whose games take microseconds, share their blocks of
games out evenly (``shared``) instead of claiming them. The lanes of the solvers and
of the fair players are Python around their compiled game, a game at a time
(``each_game``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numba
import numpy as np
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from rules.fast.jit import compiled

# A call's control: a stop asked for, the next game to claim, the lanes (``threads``),
# the games asked for and the most it may play, the games the run has left
# after it started (set by the run), then the game each lane plays (IDLE: none).
STOP, NEXT, LANES, COUNT, LIMIT, RUN_LEFT, BUSY = range(7)
IDLE = -1
MOST_LANES = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
# Games a call may play past its count while one of its games is still being played:
# for a slow player, a few times what a chunk holds; for a fast one, a small share.
MOST_PAST = 4096
CONTROL = np.zeros(BUSY + MOST_LANES, np.int64)  # the runs' (``batch.run``)


@intrinsic
def claim(typing_context: Any, control: Any, games: Any) -> Any:
    """``control[NEXT]``, then ``games`` more, in one step no other thread can split:
    the first of the next games for the lane that asks."""
    if not (isinstance(control, types.Array) and control.dtype == types.int64
            and isinstance(games, types.Integer)):
        return None
    signature = types.int64(control, types.int64)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        array = context.make_array(sig.args[0])(context, builder, args[0])
        pointer = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, sig.args[0], array, [context.get_constant(types.intp, NEXT)])
        return builder.atomic_rmw("add", pointer, args[1], "monotonic")

    return signature, codegen


def begin(count: int, control: np.ndarray = CONTROL) -> np.ndarray:
    """The control for a call of ``count`` games: nothing claimed yet, a lane for each
    of numba's threads, every lane idle, and the games it may play past ``count``: as
    many as the run has left, at most MOST_PAST (a stop already asked stays)."""
    control[NEXT] = 0
    control[LANES] = threads()
    control[COUNT] = count
    control[LIMIT] = count + max(0, min(MOST_PAST, int(control[RUN_LEFT]) - count))
    control[BUSY:] = IDLE
    return control


def limit(control: np.ndarray = CONTROL) -> int:
    """The most games the call begun may play: the rows its results need."""
    return int(control[LIMIT])


def played(control: np.ndarray = CONTROL) -> int:
    """How many games the call played: its first ones, ``count`` or more unless a
    stop came."""
    return int(min(control[NEXT], control[LIMIT]))


@compiled
def next_games(claims: np.ndarray, lane: int, games: int) -> int:
    """The first of the next ``games`` games (fewer at the limit) lane ``lane`` plays,
    its last ones being done; -1 once a stop has come, or the call's games are all
    claimed and no lane still plays one (or the limit is reached). A lane claims one
    game at a time where a game takes long, and more where a claim's cost would show
    beside the games'."""
    claims[BUSY + lane] = IDLE
    if claims[STOP] != 0:
        return -1
    if claims[NEXT] >= claims[COUNT]:
        early = False  # a lane still playing one of the games asked for
        for other in range(claims[LANES]):
            if IDLE < claims[BUSY + other] < claims[COUNT]:
                early = True
        if not early:
            return -1
    first: int = claim(claims, games)  # type: ignore[call-arg]  # typed as numba calls it
    if first >= claims[LIMIT]:
        return -1
    claims[BUSY + lane] = first
    return first


def each_game(claims: np.ndarray, lane: int, play: Callable[[int], None]) -> None:
    """Lane ``lane``'s games, one claimed at a time, each played by ``play(game)`` in
    Python: for the solvers and the fair players, whose games take milliseconds to
    seconds, a few calls' microseconds a game are nothing, and a lane of their own
    compiled would link the whole player into it again (seconds of the warm-up,
    docs/TUNING.md). ``play`` calls
    kernels compiled ``nogil``, so the lanes' searches run at once."""
    while (game := int(next_games(claims, np.int64(lane), np.int64(1)))) >= 0:
        play(game)


def threads() -> int:
    """How many lanes a call has: numba's threads for this caller, which a run sets to
    its workers (``batch.run``)."""
    return int(numba.get_num_threads())


def fan_out(lane: Callable[..., None], lanes: int, *args: Any) -> None:
    """Call ``lane(*args, k)`` for k in 0..lanes-1 at once, lane 0 on this thread and
    the others on threads of their own (which inherit its priority: a run's lowered
    one, ``stats/runner.lowered``); return once all have. ``lane`` must be compiled
    ``nogil``, or they take turns. What a lane raises is raised here, once every lane
    has ended."""
    failed: list[BaseException] = []

    def play(index: int) -> None:
        try:
            lane(*args, np.int64(index))
        except BaseException as error:  # raised again by the caller, below
            failed.append(error)

    others = [threading.Thread(target=play, args=(index,), name=f"lane-{index}", daemon=True)
              for index in range(1, lanes)]
    for thread in others:
        thread.start()
    play(0)
    for thread in others:
        thread.join()
    if failed:
        raise failed[0]


def share_out(share: Callable[..., None], *args: Any) -> None:
    """A plain kernel's games on every lane (``threads``): ``share(*args, at_once,
    index)`` plays lane ``index``'s even share of them (``shared``)."""
    at_once = threads()
    fan_out(share, at_once, *args, np.int64(at_once))


@compiled
def shared(blocks: int, at_once: int, index: int) -> tuple[int, int]:
    """The blocks lane ``index`` of ``at_once`` plays, as range(first, end): an even
    share, in order, as ``prange`` shared them."""
    each, extra = blocks // at_once, blocks % at_once
    first = index * each + min(index, extra)
    return first, first + each + (1 if index < extra else 0)
