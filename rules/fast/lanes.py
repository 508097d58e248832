"""Games handed out to the threads of a kernel as each is free, and a stop they hear.

numba's ``prange`` splits its range evenly between the threads before they start, so
a thread whose share holds a slow deal finishes last while the others wait: a player
that takes milliseconds to seconds a game (the fair player, the solver, Add/Residue's
strong seats) kept two cores busy only part of the time. Here each thread (a *lane*)
claims the next games when it is free, from a counter it shares with the others
(``claim``, an atomic add), so the lanes end a call at most a game apart.

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
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

# A call's control: a stop asked for, the next game to claim, and the lanes: numba's
# threads for this caller (``get_num_threads`` in a kernel would keep it from the cache).
# A call's control: a stop asked for, the next game to claim, the lanes (numba's
# threads for this caller: ``get_num_threads`` in a kernel would keep it from the
# cache), the games asked for and the most it may play, the games the run has left
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
    control[LANES] = numba.get_num_threads()
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


@njit(cache=True, nogil=True)
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
