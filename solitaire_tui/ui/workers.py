"""Thread workers that let go of their screen once their work is done."""

from __future__ import annotations

from collections.abc import Callable

from solitaire_tui.textual_private import current_worker, forget_worker


def let_go() -> None:
    """Call last in a thread worker's work (in a ``finally``).

    Textual runs a thread worker's work on asyncio's pool of threads and marks it as
    the thread's current worker in the thread's own context, which it never clears.
    An idle pool thread so kept the last worker it ran alive, and through it the
    worker's screen, everything on it and what the work returned (a closed panel's
    figures, a replay's every position), until that thread ran another worker.
    """
    forget_worker()


def cancelled() -> Callable[[], bool]:
    """Whether the thread worker this is called in has been cancelled, as a question a
    compiled search can keep asking (``stop``); never, outside a worker."""
    worker = current_worker()
    if worker is None:
        return lambda: False
    return lambda: worker.is_cancelled
