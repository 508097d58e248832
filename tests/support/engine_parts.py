"""Stand-in engine parts for the warm-up's tests: cheap to "compile", one that fails."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def quick() -> None:
    """Leaves a trace, so a test can tell it ran in another process."""
    Path(os.environ["ENGINE_TEST_TRACE"], str(os.getpid())).touch()


def broken() -> None:
    raise ValueError("this part does not compile")


def noisy() -> None:
    """Prints as it compiles, as a library might."""
    print("a line that is no answer")
    quick()


def dies() -> None:
    """Its process ends in the middle of the part (killed, or crashed)."""
    os._exit(1)


def answer(nodes: int) -> Callable[[], dict[str, object]]:
    """A stand-in probe's set-up (``engine.Probe``): a call that answers at once."""
    def call() -> dict[str, object]:
        return {"verdict": "won", "nodes": nodes}

    return call


def verdict(deal: int) -> Callable[[], dict[str, object]]:
    """A stand-in series' set-up (``engine.Series``): odd deals won, even ones lost."""
    def call() -> dict[str, object]:
        return {"verdict": "won" if deal % 2 else "lost"}

    return call
