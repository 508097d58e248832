"""Games handed to a kernel's threads one claim at a time, and a stop heard inside a
call: every game played once, and a stopped call's rows the first games' rows."""

from __future__ import annotations

import threading

import numba
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from rules import add_residue as ar
from rules.fast import add_residue as fast
from rules.fast import batch, lanes
from rules.fast.lanes import COUNT, LANES, LIMIT, claim, next_games
from solitaire_tui.games.add_residue.kernel import kernel

THINKING = (ar.Options(2, 13), ["strong", "random"])  # some 25 ms a game on one core


@njit(nogil=True)
def _claiming(games: int, claims: np.ndarray, times: np.ndarray, lane_of: np.ndarray,
              slow: int, lane: int) -> None:
    """Each game marks itself played; game 0 first works until another lane has
    claimed a game past the count, ``slow`` steps at most: a condition, not a length
    of work another lane must beat. The next game is read by an atomic add of
    nothing, which the compiler cannot take out of the loop."""
    while True:
        first = next_games(claims, lane, games)
        if first < 0:
            break
        for game in range(first, min(claims[LIMIT], first + games)):
            if game == 0:
                work = 0.0
                for step in range(slow):
                    if claim(claims, 0) > claims[COUNT]:
                        break
                    work += np.sqrt(step)
                lane_of[game] = -1 if work < 0 else lane
            else:
                lane_of[game] = lane
            times[game] += 1


def _claimed(games: int, claims: np.ndarray, times: np.ndarray, lane_of: np.ndarray,
             slow: int) -> None:
    """``_claiming`` on each of the call's lanes at once."""
    lanes.fan_out(_claiming, int(claims[LANES]), games, claims, times, lane_of, slow)


def control(run_left: int = 0) -> np.ndarray:
    found = np.zeros_like(lanes.CONTROL)
    found[lanes.RUN_LEFT] = run_left
    return found


@pytest.mark.parametrize("games", [1, 7, 4096])
@pytest.mark.slow
def test_every_game_is_claimed_once_by_whichever_lane_is_free(games: int) -> None:
    count = 20_011
    times, lane_of = np.zeros(count, np.int64), np.zeros(count, np.int64)
    claims = lanes.begin(count, control())
    _claimed(games, claims, times, lane_of, 0)
    assert (times == 1).all()
    assert lanes.played(claims) == count == lanes.limit(claims)
    assert set(lane_of.tolist()) <= set(range(numba.get_num_threads()))


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2,  # type: ignore[attr-defined]
                    reason="one lane has no one to wait for")
@pytest.mark.slow
def test_free_lanes_go_past_the_count_while_a_game_of_it_is_still_played() -> None:
    """Game 0 is slow: the other lanes play on past the ten games asked for, up to the
    run's games left, rather than wait; every game up to those played, once. Two
    lanes, whatever an earlier test in this process left numba's threads at (a run on
    one worker sets them to one)."""
    previous = numba.get_num_threads()
    numba.set_num_threads(2)
    try:
        claims = lanes.begin(10, control(run_left=1000))
        assert lanes.limit(claims) == 1000
        times, lane_of = np.zeros(1000, np.int64), np.zeros(1000, np.int64)
        _claimed(1, claims, times, lane_of, 30_000_000_000)  # seconds, if it never ends
    finally:
        numba.set_num_threads(previous)
    played = lanes.played(claims)
    assert 10 < played <= 1000
    assert (times[:played] == 1).all() and not times[played:].any()


def test_a_stop_before_a_call_plays_nothing() -> None:
    claims = lanes.begin(100, control())
    claims[lanes.STOP] = 1
    times, lane_of = np.zeros(100, np.int64), np.zeros(100, np.int64)
    _claimed(1, claims, times, lane_of, 0)
    assert not times.any() and lanes.played(claims) == 0


def _stop_once_a_game_is_claimed(over: threading.Event) -> None:
    """A run's watcher, as it may hear a cancel: once the call is under way."""
    while lanes.CONTROL[lanes.NEXT] == 0 and not over.is_set():
        over.wait(0.001)
    lanes.CONTROL[lanes.STOP] = 1


@pytest.mark.slow
def test_a_stop_during_a_call_keeps_the_first_games_exactly() -> None:
    """The call returns the rows of its first games only, the rows those games have
    in a call nobody stopped."""
    options, seats = THINKING
    whole = fast.deal_results(7, 120, options, seats)
    lanes.CONTROL[lanes.NEXT] = 0
    over = threading.Event()
    watcher = threading.Thread(target=_stop_once_a_game_is_claimed, args=(over,))
    watcher.start()
    try:
        cut = fast.deal_results(7, 120, options, seats)
    finally:
        over.set()
        watcher.join()
        lanes.CONTROL[lanes.STOP] = 0
    assert 0 < len(cut) < 120
    assert (cut == whole[:len(cut)]).all()


@pytest.mark.slow
def test_a_cancelled_run_of_a_thinking_player_keeps_the_totals_of_its_games() -> None:
    """A cancel heard inside a slow player's (long) chunk ends it there: the totals
    are those of the games played, and the next call is not stopped."""
    options, seats = THINKING
    cancel, playing = threading.Event(), threading.Event()
    result: list[batch.Run] = []
    run_kernel = kernel(options, seats)
    assert run_kernel.stoppable

    def progress(state: batch.Run) -> None:
        playing.set()

    worker = threading.Thread(target=lambda: result.append(batch.run(
        run_kernel, 0, 10**9, on_progress=progress, stop=cancel.is_set)))
    worker.start()
    assert playing.wait(120)
    cancel.set()
    worker.join(timeout=30)
    assert not worker.is_alive()
    (state,) = result
    assert state.cancelled and 0 < state.done < 10**9
    rows = fast.deal_results(0, state.done, options, seats)
    tallies = [batch.chunk_tally(0, reading, rows) for reading in run_kernel.readings]
    assert [(tally.games, tally.wins, tally.ties) for tally in state.tallies] == [
        (tally.games, tally.wins, tally.ties) for tally in tallies]
    assert lanes.CONTROL[lanes.STOP] == 0  # the next call is not stopped


def test_kernels_side_by_side_keep_the_games_all_of_them_played() -> None:
    rows = batch.side_by_side([np.ones((5, 2)), np.zeros((3, 1))])
    assert rows.shape == (3, 3)


@given(st.integers(0, 10_000), st.integers(1, 64))
def test_the_shares_of_a_plain_kernels_blocks_take_each_once_and_evenly(
        blocks: int, at_once: int) -> None:
    ranges = [lanes.shared(blocks, at_once, index) for index in range(at_once)]
    taken = [block for first, end in ranges for block in range(first, end)]
    assert taken == list(range(blocks))  # each once, in order
    sizes = [end - first for first, end in ranges]
    assert max(sizes) - min(sizes) <= 1


@njit(nogil=True)
def _met(arrived: np.ndarray, met: np.ndarray, at_once: int, lane: int) -> None:
    """Counts itself in, then waits (a bounded while) until every lane has: only lanes
    that run at once all see the others. The count is read by an atomic add of
    nothing, which the compiler cannot take out of the loop."""
    claim(arrived, np.int64(1))
    for _ in range(10**9):
        if claim(arrived, np.int64(0)) >= at_once:
            met[lane] = 1
            break


def test_the_lanes_of_a_call_run_at_once_each_with_its_own_index() -> None:
    arrived, met = np.zeros_like(lanes.CONTROL), np.zeros(4, np.int64)
    lanes.fan_out(_met, 4, arrived, met, np.int64(4))
    assert arrived[lanes.NEXT] == 4 and met.tolist() == [1, 1, 1, 1]


def _failing(lane: int) -> None:
    if lane == 2:
        raise ValueError("lane 2 failed")


def test_what_a_lane_raises_is_raised_by_the_call() -> None:
    with pytest.raises(ValueError, match="lane 2 failed"):
        lanes.fan_out(_failing, 3)
