"""A process that ends with the process that started it.

The server's apps and the app's background warm-up are helpers: once the process that
started them is gone, nobody sees their screen or reads their report, and left alone
they would go on using memory and cores (a server killed with ``kill -9`` left every
visitor's app running). Linux can send a child a signal when its parent dies
(``PR_SET_PDEATHSIG``); elsewhere the child sees that its parent changed
(``parent_gone``, which the guest app asks once a second).

The parent's death is signalled with SIGUSR1, answered at once by Python in the main
thread however busy its event loop is (``_parent_died``): it sends the process
SIGTERM, which each helper answers by ending in order (the web driver of a guest app
quits the app, which ends its own warm-up; the warm-up ends its compiling processes,
``commands/warm``), and arms an alarm whose signal ends the process anyway
``GRACE_SECONDS`` later: an app too busy to quit (drawing a huge screen, say) is not
left running.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading

# The parent's pid, when the parent gives it (``serve`` does): a child that starts
# after its parent died already has another parent, which its own pid would not show.
PARENT_VARIABLE = "SOLITAIRE_TUI_PARENT_PID"
PR_SET_PDEATHSIG = 1  # from <sys/prctl.h>
DEATH_SIGNAL = signal.SIGUSR1
GRACE_SECONDS = 5  # to end in order after the parent died, before SIGALRM ends it

_parent: int | None = None


def tie_to_parent() -> None:
    """End this process with SIGTERM when its parent ends (at once if it already has).

    The kernel sends the signal when the *thread* that started this process ends; the
    callers start their helpers from their main thread, which lives as long as they do.
    """
    global _parent
    given = os.environ.pop(PARENT_VARIABLE, "")
    _parent = int(given) if given.isdigit() else os.getppid()
    if sys.platform.startswith("linux"):
        signal.signal(DEATH_SIGNAL, _parent_died)
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, DEATH_SIGNAL, 0, 0, 0)
    if parent_gone():  # it died before the signal was asked for
        _parent_died()


def _parent_died(*_: object) -> None:
    """End in order, and in any case within ``GRACE_SECONDS``: SIGALRM, with no handler,
    ends the process even if its main thread never gets back to Python."""
    signal.alarm(GRACE_SECONDS)
    os.kill(os.getpid(), signal.SIGTERM)


def tied() -> bool:
    """Whether this process was tied to its parent (``tie_to_parent``)."""
    return _parent is not None


def parent_gone() -> bool:
    """Whether the parent this process was tied to has ended (it has been given to
    another, such as init): False when it was never tied."""
    return _parent is not None and os.getppid() != _parent


def child_environment(environment: dict[str, str]) -> dict[str, str]:
    """``environment`` with this process named as the parent of the child it starts."""
    return {**environment, PARENT_VARIABLE: str(os.getpid())}


def end_with_parent() -> None:
    """In a process ``multiprocessing`` started (a pool's worker): end it at once, with
    nothing left to do in order, when the process that started it ends, as its parent
    sentinel says (a pipe that closes then).

    For the workers of a pool (a player's own): their main thread waits on the pool's
    queue, which never ends when the process that made the pool dies, as every worker
    holds the queue's writing end too; the workers of a pool whose app was killed, or
    quit without its pool shut down, were left waiting for good. The parent's death
    signal cannot serve here: the pool is made from a run's thread, and the kernel
    sends it when that thread ends, long before the app does. A plain thread, not a
    Textual worker: a pool's worker process runs no app, and no event loop."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not started by multiprocessing: no sentinel to wait on
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()
