"""The batch runner: chunks, workers, progress and cancel, on the Hit or Miss kernel
(the other kernels use the same runner)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from rules import hit_or_miss as hm
from rules.errors import OptionsError
from rules.fast import batch
from rules.fast import hit_or_miss as fast
from rules.stats import Tally
from tests.support.runs import SlowCompile

ROLL_CALL = hm.Options(3)


def kernel(options: hm.Options = ROLL_CALL) -> batch.Kernel:
    return batch.Kernel(
        lambda start, count: fast.deal_results(start, count, options),
        (batch.Reading("", lambda r: r[:, 0] != 0,
                       lambda r: {"cards_left": r[:, 1], "passes": r[:, 2]}),),
        len(fast.FIELDS),
    )


def expected_tally(seed: int, games: int, options: hm.Options = ROLL_CALL) -> Tally:
    """The same deals folded one game at a time: what any chunking must give."""
    tally = Tally()
    for offset, row in enumerate(fast.deal_results(seed, games, options)):
        tally.add(seed + offset, bool(row[0]), cards_left=int(row[1]), passes=int(row[2]))
    return tally


def test_a_run_equals_the_games_one_by_one() -> None:
    state = batch.run(kernel(), 500, 20_000)
    assert state.finished and not state.cancelled and state.done == 20_000
    assert state.tallies == [expected_tally(500, 20_000)]


def test_results_do_not_depend_on_the_worker_count() -> None:
    one = batch.run(kernel(hm.Options()), 7, 30_000, workers=1)
    every = batch.run(kernel(hm.Options()), 7, 30_000, workers=batch.available_workers())
    assert one.tallies == every.tallies
    assert one.tallies[0].wins > 0


def test_progress_is_reported_chunk_by_chunk() -> None:
    seen: list[int] = []
    batch.run(kernel(), 0, 50_000, on_progress=lambda state: seen.append(state.done))
    assert seen == sorted(seen) and seen[-1] == 50_000 and len(seen) > 1


def test_cancel_stops_soon_and_keeps_the_partial_totals() -> None:
    cancel = threading.Event()

    def progress(state: batch.Run) -> None:
        if state.done >= 20_000:
            cancel.set()

    state = batch.run(kernel(), 100, 10**12, on_progress=progress, stop=cancel.is_set)
    assert state.cancelled and 20_000 <= state.done < 10**12
    assert state.tallies == [expected_tally(100, state.done)]


def test_cancel_from_another_thread_lands_within_a_chunk() -> None:
    """A run in a worker thread (as the app does) stops at the chunk after the cancel:
    no more chunks are reported once it is asked."""
    cancel, playing = threading.Event(), threading.Event()
    result: list[batch.Run] = []
    reported: list[int] = []

    def progress(state: batch.Run) -> None:
        reported.append(state.done)
        playing.set()

    worker = threading.Thread(target=lambda: result.append(
        batch.run(kernel(), 0, 10**12, on_progress=progress, stop=cancel.is_set)))
    worker.start()
    assert playing.wait(120)  # compiled or loaded, and a chunk played
    cancel.set()
    at_cancel = len(reported)
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert result and result[0].cancelled and result[0].done > 0
    # Each chunk is reported as it ends: the one under way at the cancel, at most.
    assert len(reported) <= at_cancel + 1 and result[0].done == reported[-1]


def test_first_wins_are_the_lowest_winning_deal_numbers() -> None:
    state = batch.run(kernel(hm.Options()), 0, 5000)
    won = np.flatnonzero(fast.deal_results(0, 5000, hm.Options())[:, 0])
    assert state.tallies[0].first_wins == won[:1000].tolist()


@pytest.mark.parametrize(("seed", "games", "message"), [
    (0, 0, "1 or more"),
    (2**64 - 10, 11, "run past the last deal number"),
])
def test_bad_ranges_are_refused(seed: int, games: int, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        batch.run(kernel(), seed, games)


def test_too_many_workers_are_refused() -> None:
    with pytest.raises(OptionsError, match="workers must be"):
        batch.run(kernel(), 0, 10, workers=batch.available_workers() + 1)


def test_a_stop_during_the_first_compile_ends_the_run_at_once() -> None:
    """The run stops waiting for the compile, which goes on unwatched; the engine is
    the next run's once it is compiled."""
    slow = SlowCompile()
    state = batch.run(slow.kernel, 0, 1000, workers=1, stop=slow.compiling.is_set)
    assert state.cancelled and state.done == 0 and not slow.compiled.is_set()
    slow.release.set()
    assert batch.run(slow.kernel, 0, 1000, workers=1).done == 1000


def test_every_worker_gets_a_block_of_every_chunk_however_slow_the_games() -> None:
    """A slow player's kernel hands each thread a block of at most ``MIN_CHUNK``
    games: a chunk of one block kept one core of two busy. Each chunk but the last
    (whatever it took) now has a block for every worker."""
    counts: list[int] = []

    def results(start: int, count: int) -> np.ndarray:
        counts.append(count)
        return np.ones((count, 1), dtype=np.int8)

    kernel = batch.Kernel(results, (batch.Reading("", lambda r: r[:, 0] != 0,
                                                  lambda r: {}),), 1)
    workers = min(2, batch.available_workers())
    assert batch.run(kernel, 0, 1000, workers=workers).done == 1000
    played = counts[1:]  # after the first call, which compiles the kernel
    assert all(count >= batch.MIN_CHUNK * workers for count in played[:-1])
    assert sum(played) == 1000
