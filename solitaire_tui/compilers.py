"""The warm-up's compiling processes: Python processes of their own, each compiling
one engine part at a time (``engine.warm``).

Not ``concurrent.futures.ProcessPoolExecutor``: in its spawned processes numba
compiled the same part 15-35 % slower than in a process started plainly (the fair
player's endgame half 17.4-18.9 s against 12.0-15.4 s, each in a fresh cache; the
difference was all in numba's own Python, its option lookups three times slower a
call: docs/TUNING.md). A process here is ``python -c`` reading its parts on stdin
and answering each on stdout, one JSON line a part.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import threading
import time
from concurrent.futures import Future

from solitaire_tui import lifeline

# What each process runs: ``serve`` (this module's), on the interpreter's own flags.
COMMAND = "from solitaire_tui.compilers import serve; serve()"


def warm_part(spec: str) -> float:
    """Compile one part (``Part.warm``, "module:function") in this process; the CPU
    seconds it took: on a quiet machine its seconds, and beside a busy program (which
    the warm-up's low priority leaves the cores to) still what this machine's pace is
    read from."""
    module, _, function = spec.partition(":")
    began = time.process_time()
    getattr(importlib.import_module(module), function)()
    return time.process_time() - began


class PartFailed(Exception):
    """A part that did not compile: the error its process reported, as one line."""


class Compilers:
    """``count`` compiling processes; ``submit`` hands a part to a free one. A process
    that ends in the middle of a part (killed, crashed) fails that part, and another
    takes its place for the next."""

    def __init__(self, count: int) -> None:
        self._started: list[subprocess.Popen[str]] = []
        self._free = [self._start() for _ in range(count)]

    def _start(self) -> subprocess.Popen[str]:
        isolated = ("-I",) if sys.flags.isolated else ()
        process = subprocess.Popen(
            [sys.executable, *isolated, "-c", COMMAND], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self._started.append(process)
        # Where modules are found, as the warm-up's own process finds them (a test's
        # parts too): the process's first line.
        self._send(process, json.dumps(sys.path))
        return process

    @staticmethod
    def _send(process: subprocess.Popen[str], line: str) -> None:
        assert process.stdin is not None
        process.stdin.write(line + "\n")
        process.stdin.flush()

    def submit(self, spec: str) -> Future[float]:
        """Compile the part ``spec`` (``Part.warm``) on a free process (at most
        ``count`` parts at a time); its CPU seconds, or ``PartFailed``."""
        future: Future[float] = Future()
        process = self._free.pop() if self._free else self._start()
        try:
            self._send(process, spec)
        except OSError:
            future.set_exception(PartFailed("the compiling process had ended"))
            return future
        threading.Thread(target=self._answer, args=(process, future), daemon=True).start()
        return future

    def _answer(self, process: subprocess.Popen[str], future: Future[float]) -> None:
        """Read ``process``'s answer into ``future``, freeing the process first (the
        caller hands out the next part as the future is done)."""
        assert process.stdout is not None
        try:
            answer = json.loads(process.stdout.readline())
        except ValueError:  # an empty line: the process ended
            process.kill()
            future.set_exception(PartFailed("the compiling process ended"))
            return
        self._free.append(process)
        if "error" in answer:
            future.set_exception(PartFailed(str(answer["error"])))
        else:
            future.set_result(float(answer["seconds"]))

    def close(self) -> None:
        """End every process once its part is done (their input ends)."""
        for process in self._started:
            if process.stdin is not None:
                process.stdin.close()
        for process in self._started:
            process.wait()


def serve() -> None:
    """A compiling process: ``sys.path`` from the first line of its input, then each
    line a part to compile, answered with a JSON line: its CPU seconds, or its error.
    What a part prints goes to stderr, not into the answers. It ends with the
    warm-up's process, however that ends (``lifeline``)."""
    lifeline.tie_to_parent()
    sys.path[:] = json.loads(sys.stdin.readline())
    answers, sys.stdout = sys.stdout, sys.stderr
    for line in sys.stdin:
        try:
            answer: dict[str, object] = {"seconds": warm_part(line.strip())}
        except Exception as error:  # reported as the part's failure, as one line
            answer = {"error": f"{type(error).__name__}: {error}"}
        answers.write(json.dumps(answer) + "\n")
        answers.flush()
