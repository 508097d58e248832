"""What the app may be asked for: anything, by the person at this machine's keys;
less, by a web visitor (``serve`` starts its apps as guests).

A visitor is a guest: a run of 10¹⁸ games on every core, one sent to a Dask scheduler
(whose client runs the code a scheduler sends it), or a screen of 100,000 × 100,000
cells is not theirs to ask for. The panel offers and checks what its ``Limits`` allow;
the app clamps every resize, however it came (a terminal can report its size in its
keys too).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

from rules import values, zero_strike


@dataclass(frozen=True)
class Limits:
    workers: int | None = None  # the most threads a run plays on; None: every core
    games: int = values.MOST_GAMES  # the most games a run plays
    cluster: bool = True  # whether a run may go to a Dask cluster
    size: tuple[int, int] | None = None  # the largest screen drawn, in cells; None: any
    own_players: bool = True  # whether the player's own files of players are loaded
    # Every search (a hint, a peek, a review, a computer's move, a zero-strike search)
    # takes turns with the runs on the engine (``rules.fast.batch.turn``): ``workers``
    # threads at most in all, not that many for each search at once.
    serial: bool = False
    draws: int = zero_strike.BUDGET.high  # the most draws a zero-strike search makes

    @property
    def games_field(self) -> values.Whole:
        """The Games field's number, held to this limit."""
        if self.games == values.GAMES.high:
            return values.GAMES
        return values.Whole("games", 1, self.games, counts=True,
                            why="the most this server lets a visitor's run play")

    def workers_offered(self, cores: int) -> int:
        return max(1, min(cores, self.workers or cores))


OWNER = Limits()
GUEST_SIZE = (400, 150)  # columns and rows: a wall-sized screen at a small font
GUEST_DRAWS = zero_strike.DEFAULT_NODES  # the search's own default: its minute or two


def guest(workers: int, games: int) -> Limits:
    """A web visitor's: no cluster, the server's caps on workers and games, no screen
    larger than ``GUEST_SIZE``, no player's file loaded (a file is code), searches
    taking turns with runs, and a zero-strike search of ``GUEST_DRAWS`` at most."""
    return Limits(workers, games, cluster=False, size=GUEST_SIZE, own_players=False,
                  serial=True, draws=GUEST_DRAWS)


def taking_turns(serial: bool, stop: Callable[[], bool]) -> AbstractContextManager[bool]:
    """Hold the engine for a piece of work when the app's work takes turns
    (``Limits.serial``: ``rules.fast.batch.turn``, True once held, False if ``stop()``
    came first); otherwise go on at once (True), without loading numba."""
    if not serial:
        return nullcontext(True)
    from rules.fast.batch import turn

    return turn(stop)


def engine_busy() -> bool:
    """Whether a run's chunk or a search holds the engine now (numba is loaded then)."""
    batch = sys.modules.get("rules.fast.batch")
    return batch is not None and bool(batch.ENGINE.locked())
