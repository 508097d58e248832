"""How the kernels are compiled: numba's ``njit`` with this project's options, in one
place.

``compiled``: cached (the warm-up compiles once for every later start), ``nogil`` (the
runs' lanes play at once on threads of ours, ``rules.fast.lanes``) and without the C
function wrapper numba makes by default for a function's address as a first-class
value, which no kernel here takes: that wrapper cost 3% of the warm-up's compile
(docs/TUNING.md).

``inlined``: for the small helpers of the hot loops, compiled into each caller instead
of called. numba compiles every function apart, and a call that passes arrays counts
their references up and down around it (atomic operations, a few for every array): in
the Sequence solver's loop the helpers called at every position cost more in those
than in their own work. Compiled into their callers they cost nothing of the kind.
Only small helpers, and only where it pays: a function is compiled again at every
place it is called, which lengthens the warm-up (docs/TUNING.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from numba import njit
from numba.core.dispatcher import Dispatcher

_Function = TypeVar("_Function", bound=Callable[..., Any])
# numba's options, one of which (a target option) its typed signature does not list.
_OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "no_cfunc_wrapper": True}


def compiled(function: _Function) -> Dispatcher[_Function]:
    """``function`` compiled as every kernel is (above)."""
    dispatcher: Dispatcher[_Function] = njit(**_OPTIONS)(function)
    return dispatcher


inlined = njit(cache=True, nogil=True, inline="always")
