"""``solitaire-tui warm``: compile the whole engine now, rather than on first use.

The app does the same in the background when it starts on a cold cache (it runs this
command with ``--background``: lowest priority, and its report as JSON lines for the
app to follow); from the shell it says what it compiles, part by part.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Sequence
from types import FrameType

from solitaire_tui import engine, lifeline
from solitaire_tui.engine import Event, Part


def _end_with_the_app() -> None:
    """The app starts its warm-up as a process group of its own (``engine.Warmup``):
    when the app ends, however it ends, or ends the warm-up, the whole group ends,
    the compiling processes with it (what they finished stays cached)."""
    if hasattr(os, "killpg") and os.getpgrp() == os.getpid():
        def end(signum: int, frame: FrameType | None) -> None:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.killpg(os.getpgrp(), signal.SIGTERM)

        signal.signal(signal.SIGTERM, end)
    lifeline.tie_to_parent()


def warm(parts: Sequence[Part], jobs: int, background: bool) -> int:
    """Compile ``parts``; 0 when all are ready, 1 when one failed (said on stderr)."""
    titles = {part.name: part.title for part in parts}
    wide = max(map(len, titles.values()), default=0)  # the columns line up
    if background:
        _end_with_the_app()
        engine.lowest_priority()  # the app set it as it started us; from a shell, here

    def report(event: Event) -> None:
        if background:
            print(event.line(), flush=True)
        elif event.kind == "waiting":
            print("Another window or command is preparing the engine; waiting for it.",
                  flush=True)
        elif event.kind == "start":
            print(f"Preparing the compiled engine: {event.total} parts on {jobs} processes,"
                  f" each compiled once and then kept in {engine.use_cache_dir()}.",
                  flush=True)
        elif event.kind == "ready":
            done = f"{event.done}/{event.total}"
            print(f"  {done:>5}  {titles[event.part]:{wide}} {event.seconds:6.1f} s",
                  flush=True)
        elif event.kind == "failed":
            print(f"solitaire-tui: compiling {titles[event.part]} failed: {event.error}",
                  file=sys.stderr, flush=True)

    ok = engine.warm(parts, jobs, report)
    if not background and ok:
        print("The engine is ready.")
    return 0 if ok else 1
