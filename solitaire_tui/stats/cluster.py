"""Runs on a Dask cluster: the same deals, chunk by chunk, on other machines' cores.

The local runner (``rules.fast.batch``) plays a chunk on every core of this machine;
the slow players (the Sequence fair player, the solver, Add/Residue's strong seats)
need more cores than one machine has. Here the chunks of deals S..S+k-1 go to the
workers of a ``dask.distributed`` scheduler as tasks instead. A task carries the run's
``Setup.make_kernel`` (Dask pickles it by value, the kernels' modules by name: every
worker has the package installed, so nothing compiled crosses the network); a worker
builds the kernel once (``play_chunk``) and hands back each chunk's tallies, never
per-game rows.

The figures are those of a local run with the same options and seed, whatever the
number of workers, the chunk sizes or the order in which chunks finish: a chunk's
results depend only on its deals' numbers, and the chunks are counted in deal order,
so the run's totals are always those of deals S..S+done-1 (a chunk that finishes
ahead of an earlier one waits its turn). A chunk whose worker dies is run again by
the scheduler itself, and its result is taken once. A stop cancels the futures under
way and keeps the chunks counted.

Players of one's own (``Setup.own``) travel with the tasks: their files' bytes
(``files.Shipment``), which a worker loads once and plays in its threads
(``own.in_process``). A player's fault ends a chunk early; the run ends at the first
such chunk in deal order, with the games before the fault counted and the fault kept
on the player here, as a run on this machine ends. A worker left spinning in a
compiled move that never ends is restarted.

``distributed`` is an optional extra (``pip install -e ".[cluster]"``); it is
imported only when a run asks for a scheduler.
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.cards import check_deals
from rules.errors import OptionsError, RulesError
from rules.stats import Tally
from solitaire_tui.own_players import files
from solitaire_tui.processes import deaf_to_ctrl_c, start_resource_tracker
from solitaire_tui.stats.runs import Setup

if TYPE_CHECKING:
    from distributed import Client, Future

    from rules.fast.batch import Kernel, Run

INSTALL = 'pip install -e ".[cluster]"'
# A chunk is sized to take about this long on its worker: long beside a task's
# overhead on the scheduler (milliseconds), short enough that progress stays live
# and a lost worker costs little to play again.
CHUNK_SECONDS = 0.5
IN_FLIGHT = 2  # tasks a worker thread has queued, so none idles between chunks
POLL_SECONDS = 0.1  # how often a run waiting for chunks asks whether to stop
CONNECT_SECONDS = 10  # how long to wait for a scheduler to answer
LOCAL = re.compile(r"local(?::(\d+))?")
ADDRESS = re.compile(r"(tcp|tls|inproc|ucx)://\S+")
MAX_LOCAL = 64  # processes; a local cluster is for trying a run on this machine
FAULT_CHARACTERS = 400  # the most of a fault's sentence a worker's answer may put here


class ClusterError(RulesError):
    """The cluster could not play the run: said in a sentence, as a wrong option is."""


@dataclass(frozen=True)
class Scheduler:
    """Where a run's chunks go: a running scheduler's address, or a ``LocalCluster``
    of ``local`` processes started for the run (loopback only)."""

    address: str = ""
    local: int = 0

    def __str__(self) -> str:
        return self.address or f"local:{self.local}"


def scheduler(text: str) -> Scheduler:
    """``tcp://HOST:PORT`` (any of Dask's protocols), ``local`` (a process a core) or
    ``local:N``; anything else raises the forms there are, as a sentence."""
    cleaned = text.strip()
    local = LOCAL.fullmatch(cleaned)
    if local:
        processes = int(local.group(1)) if local.group(1) else os.cpu_count() or 1
        if not 1 <= processes <= MAX_LOCAL:
            raise OptionsError(f"a local cluster has 1 to {MAX_LOCAL} processes, not"
                               f" {processes}")
        return Scheduler(local=processes)
    if ADDRESS.fullmatch(cleaned):
        return Scheduler(address=cleaned)
    raise OptionsError(f"the scheduler must be an address such as tcp://HOST:8786, or"
                       f" local or local:N for a cluster of N processes here, not {text!r}")


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise OptionsError(f"runs on a Dask cluster need the cluster extra: {INSTALL}"
                           ) from None
    return distributed


@contextmanager
def connected(where: Scheduler) -> Iterator[tuple[Client, int | None]]:
    """A client of the scheduler, and the numba threads each task may use (None: all
    of its worker's machine); a local cluster is started, and closed after."""
    distributed = _distributed()
    if where.address:
        try:
            client = distributed.Client(where.address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError) as error:
            raise ClusterError(f"no Dask scheduler answered at {where.address} within"
                               f" {CONNECT_SECONDS} s ({error})") from None
        with client:
            yield client, None
        return
    # One thread a process, each task's kernel on its share of the cores. The
    # scheduler's web server (its dashboard would need bokeh, and nothing here reads
    # it) on a free port of the loopback: Dask's own, 8787, may be another's.
    start_resource_tracker()
    with deaf_to_ctrl_c():
        local = distributed.LocalCluster(
            n_workers=where.local, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)
    with local, distributed.Client(local) as client:
        yield client, max(1, (os.cpu_count() or 1) // where.local)


@dataclass(frozen=True)
class Chunk:
    """A chunk as a worker plays it: the games played (fewer than asked where a player
    of one's own stopped, and why: ``faults``, as (player, sentence)), their tallies,
    the seconds playing them and loading the kernel first, and the worker's address
    where it is to be restarted (a compiled move there never ends)."""

    played: int
    tallies: list[Tally]
    seconds: float
    loading: float
    faults: list[tuple[str, str]]
    restart: str = ""


def run(setup: Setup, kernel: Kernel, seed: int, games: int, where: Scheduler,
        on_progress: Callable[[Run], None] | None = None,
        stop: Callable[[], bool] | None = None, first_chunk: int | None = None) -> Run:
    """Play deals seed..seed+games-1 on the cluster, calling ``on_progress`` each time
    the deals counted grow; ``stop()`` ends the run, keeping the chunks counted.
    ``kernel`` is this machine's, for its readings: it is never called here.
    ``first_chunk``: the size of the first chunks (tests make many small ones)."""
    from rules.fast.batch import MAX_CHUNK, MIN_CHUNK, Run

    check_deals(seed, games)
    stopped = stop or (lambda: False)
    distributed = _distributed()
    shipments = [files.shipment(name, setup.game) for name in setup.own]
    with connected(where) as (client, threads):
        workers = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]
        state = Run(seed, games, workers, [Tally() for _ in kernel.readings])
        # Names the kernel on a worker: the game, its options, its players' versions.
        recipe = json.dumps([setup.game, setup.options, [shipped.key for shipped in shipments]],
                            sort_keys=True)
        chunk = first_chunk or MIN_CHUNK
        next_start, end = seed, seed + games
        running: dict[Future[Any], tuple[int, int]] = {}
        finished: dict[int, tuple[int, Chunk]] = {}
        began = time.perf_counter()
        while state.done < games and not state.cancelled:
            while len(running) < IN_FLIGHT * workers and next_start < end:
                count = min(chunk, end - next_start)
                future = client.submit(play_chunk, recipe, setup.make_kernel, shipments,
                                       next_start, count, threads, pure=False)
                running[future] = next_start, count
                next_start += count
            if stopped():
                state.cancelled = True
                break
            try:
                done, _ = distributed.wait(list(running), timeout=POLL_SECONDS,
                                           return_when="FIRST_COMPLETED")
            except (TimeoutError, distributed.TimeoutError):
                continue
            for future in done:
                start, count = running.pop(future)
                try:
                    played = future.result()  # a chunk's error is the run's
                except distributed.KilledWorker:
                    raise ClusterError(f"the workers playing deals from {start} died"
                                       " again and again; see the workers' logs") from None
                finished[start] = count, played
                if played.restart:
                    _restart(client, played.restart)
                state.compile_seconds = max(state.compile_seconds, played.loading)
                # At most double, as locally, toward about CHUNK_SECONDS a chunk.
                chunk = int(min(MAX_CHUNK, 2 * chunk, max(
                    MIN_CHUNK, played.played * CHUNK_SECONDS / max(played.seconds, 1e-6))))
            grew = _count(state, finished, setup.game)
            # Playing time, as a run here counts it: without the workers' first load
            # (or compile) of the kernel, which they do at once as the run starts.
            state.seconds = max(0.0, time.perf_counter() - began - state.compile_seconds)
            if grew and on_progress is not None:
                on_progress(state)
        if running:
            client.cancel(list(running))  # type: ignore[no-untyped-call]
        return state


def _count(state: Run, finished: dict[int, tuple[int, Chunk]], game: str) -> bool:
    """Count the chunks that are next in deal order, up to one a player of one's own
    stopped (the run ends there, its fault kept on the player): whether any was."""
    grew = False
    while not state.cancelled and state.seed + state.done in finished:
        asked, chunk = finished.pop(state.seed + state.done)
        for total, tally in zip(state.tallies, chunk.tallies, strict=True):
            total.merge(tally)
        state.done += chunk.played
        grew = True
        if chunk.played < asked:
            state.cancelled = True
            for name, sentence in chunk.faults:
                player = files.find(name, game)
                if player is not None:  # a worker's sentence, cleaned and bounded
                    player.fault = "".join(filter(str.isprintable, sentence))[
                        :FAULT_CHARACTERS]
    return grew


def _restart(client: Client, worker: str) -> None:
    """Restart a worker left spinning in a compiled move; one already gone is let be."""
    try:
        client.restart_workers([worker], raise_for_error=False)
    except Exception:  # the run's result does not wait on it
        logging.getLogger(__name__).warning("could not restart the worker at %s", worker)


# --- on a worker ---------------------------------------------------------------------

_KERNELS: dict[str, Kernel] = {}  # a worker's kernels, by the recipe of their run


def _kernel(recipe: str, make: Callable[[], Kernel]) -> Kernel:
    """The run's kernel in this worker's process, compiled or loaded from numba's cache
    by a first call: once a process, whatever the number of chunks."""
    if recipe not in _KERNELS:
        from solitaire_tui.engine import use_cache_dir

        use_cache_dir()  # as the command line does, before numba is imported
        from rules.fast.batch import ENGINE

        kernel = make()
        with ENGINE:
            kernel.results(0, 1)
        _KERNELS[recipe] = kernel
    return _KERNELS[recipe]


def play_chunk(recipe: str, make: Callable[[], Kernel], shipments: list[files.Shipment],
               start: int, count: int, threads: int | None) -> Chunk:
    """A chunk played on a worker, with the run's players of one's own received
    first. A worker's tasks take numba's pool in turn (``batch.ENGINE``), each on
    ``threads`` of it (None: all)."""
    import numba

    from rules.fast.batch import ENGINE, available_workers, chunk_tally
    from solitaire_tui.own_players import in_process

    for shipped in shipments:
        files.receive(shipped)
    began = time.perf_counter()
    kernel = _kernel(recipe, make)
    loading = time.perf_counter() - began
    in_process.taken()  # the kernel's first call may have played one, and faulted
    with ENGINE:
        if threads is not None:
            numba.set_num_threads(min(threads, available_workers()))
        began = time.perf_counter()
        results = kernel.results(start, count)
        seconds = time.perf_counter() - began
    tallies = [chunk_tally(start, reading, results) for reading in kernel.readings]
    faults, stuck = in_process.taken()
    restart = ""
    if stuck:
        from distributed import get_worker

        restart = get_worker().address
    return Chunk(len(results), tallies, seconds, loading, faults, restart)
