"""One call a player waits for (an ``engine.Probe``), timed in this process:
``bench --engine`` runs ``python -m solitaire_tui.bench.probe
MODULE:FUNCTION ARG…`` in a fresh process with the numba cache it chooses, and
reads the one JSON line this prints.

A fresh process because that is how a player meets the call: the app never
imports numba before the first hint or solve, so the first call pays numba's
import, the kernels' load from the cache (or their compile, when it is cold) and
the work itself. numpy is imported first, untimed (the app has it already); then
numba's import is timed on its own, then the first call and a second one on the
same position, which costs the work alone: the difference is what the first call
pays to get going.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from collections.abc import Sequence


def measure(prepare: str, args: Sequence[int]) -> dict[str, object]:
    """Time ``prepare``'s call (see ``engine.Probe``): numba's import, the first call
    and the second, with their answers."""
    import numpy  # noqa: F401  (loaded by the app long before a hint)

    began = time.perf_counter()
    import numba  # noqa: F401

    numba_import = time.perf_counter() - began
    module, _, function = prepare.partition(":")
    call = getattr(importlib.import_module(module), function)(*args)
    began = time.perf_counter()
    first_answer = call()
    first = time.perf_counter() - began
    began = time.perf_counter()
    second_answer = call()
    second = time.perf_counter() - began
    return {"numba_import": numba_import, "first": first, "second": second,
            "answer": first_answer, "second_answer": second_answer}


def main(argv: Sequence[str]) -> int:
    prepare, *args = argv
    print(json.dumps(measure(prepare, [int(arg) for arg in args])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
