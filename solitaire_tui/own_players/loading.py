"""A player's file checked in a process of its own, under a budget: the way the app and
the command line load one.

Loading a player runs its file's top level, which is the person's code as much as its
``play``: it may take long, or never return. So it runs where the player's moves run,
in a ``spawn`` process, never in the process that asked: that one waits at most
``LOAD_SECONDS`` from the moment the file starts to run (the process's own start up,
which a busy machine makes slow, is not the file's), then refuses the file in one
sentence and kills the process. Several files (a game's folder) are run at once, each
in its own process, so a folder is held one budget, not one a file.

A process whose parent died meanwhile (the app killed while it waited) ends itself a
little after the budget: its timer signal's default action ends it, so no top level
that never returns is left spinning.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Sequence
from multiprocessing import connection
from multiprocessing.connection import Connection
from pathlib import Path

from rules.errors import OptionsError
from solitaire_tui.own_players import source
from solitaire_tui.own_players.source import Traits
from solitaire_tui.processes import deaf_to_ctrl_c, start_resource_tracker

LOAD_SECONDS = 3.0  # a file's top level, at most: an import of numpy, a table built
START_SECONDS = 30.0  # a loading process's own start up, at most (a machine at its busiest)
_GRACE_SECONDS = 1.0  # past its budget, a loading process with no one waiting ends itself


def apart(paths: Sequence[Path], budget: float = LOAD_SECONDS) -> list[Traits | OptionsError]:
    """Each file in ``paths`` run in a process of its own, all at once: what it says of
    itself (``source.checked``), or why it is no player. Every process is ended before
    this returns."""
    loads: list[_Load] = []
    if not paths:
        return []  # no process, nor the tracker that processes need
    try:
        start_resource_tracker()
        with deaf_to_ctrl_c():
            loads.extend(_Load(path, budget) for path in paths)
        while waiting := [load for load in loads if load.outcome is None]:
            soonest = min(load.deadline for load in waiting)
            for ready in connection.wait([load.answers for load in waiting],
                                         max(0.0, soonest - time.monotonic())):
                next(load for load in waiting if load.answers is ready).hear(budget)
            for load in waiting:
                load.overdue(budget)
    finally:
        for load in loads:
            load.end()
    return [outcome for load in loads if (outcome := load.outcome) is not None]  # all by now


class _Load:
    """One file's top level running in a process of its own, and what it said."""

    def __init__(self, path: Path, budget: float) -> None:
        spawn = multiprocessing.get_context("spawn")
        self.path = path
        self.answers, sending = spawn.Pipe(duplex=False)
        self.process = spawn.Process(target=_run, args=(sending, path, budget), daemon=True,
                                     name=f"load {path.name}")
        self.process.start()
        sending.close()  # the process's end: this one sees EOF once the process is gone
        self.started = False
        self.deadline = time.monotonic() + START_SECONDS  # then the budget, once it runs
        self.outcome: Traits | OptionsError | None = None

    def hear(self, budget: float) -> None:
        """Take what the process said: that the file starts to run (its budget starts
        now), or the outcome; or that it ended without one."""
        try:
            said = self.answers.recv()
        except EOFError:
            self.outcome = OptionsError(
                self._too_slow(budget) if time.monotonic() > self.deadline and self.started
                else f"{self.path.name} ended the process that loaded it before its top"
                     " level returned")
            return
        if said is None:
            self.started, self.deadline = True, time.monotonic() + budget
        else:
            self.outcome = OptionsError(said) if isinstance(said, str) else said

    def overdue(self, budget: float) -> None:
        """Refuse the file if it is still running past its deadline."""
        if self.outcome is None and time.monotonic() >= self.deadline:
            self.outcome = OptionsError(
                self._too_slow(budget) if self.started
                else f"{self.path.name} could not be loaded: the process to run it in did"
                     f" not start within {START_SECONDS:g} s")

    def _too_slow(self, budget: float) -> str:
        return f"{self.path.name} took longer than {budget:g} s to load: its top level must return"

    def end(self) -> None:
        """Kill the process, whatever it is doing (a top level that returned may have
        left threads running), and let go of it."""
        self.process.kill()
        self.process.join()
        self.process.close()
        self.answers.close()


def _run(answers: Connection, path: Path, budget: float) -> None:
    """In the loading process: the file run and checked, what it says of itself or why
    it is no player sent back; the timer set to end the process should no one be
    waiting any more."""
    source.cut_off()
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, budget + _GRACE_SECONDS)
    answers.send(None)
    try:
        answers.send(source.checked(path))
    except OptionsError as error:
        answers.send(str(error))
