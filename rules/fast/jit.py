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
place it is called, which lengthens the warm-up (docs/TUNING.md). The layers whose own
work is a few calls to compiled functions are ``inlined`` too, however long: numba
links everything a compiled function calls into it and optimises it all once more, so
a layer compiled on its own costs its whole tree again.

``plain``: an ``inlined`` function as Python calls it. Called from Python, an inlined
function would be compiled on its own after all, its tree linked in; ``plain`` runs
its body in Python instead, calling the compiled functions it calls (the hints call
the fair player's layers so, whose work is in the searches under them).
"""

from __future__ import annotations

import functools
import types
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


def plain(function: Dispatcher[Any]) -> Callable[..., Any]:
    """``function``, an ``inlined`` one, run by Python: its body as written, calling the
    compiled functions it calls, and the inlined ones it calls ``plain`` in turn. The
    globals it calls are looked up at its first call, when its module is whole."""
    @functools.cache
    def in_python() -> Callable[..., Any]:
        body = function.py_func
        inner = {name: plain(value) for name, value in body.__globals__.items()
                 if name in body.__code__.co_names and _is_inlined(value)}
        return types.FunctionType(body.__code__, {**body.__globals__, **inner},
                                  body.__name__, body.__defaults__, body.__closure__)

    def call(*args: Any) -> Any:
        return in_python()(*args)

    return call


def _is_inlined(value: object) -> bool:
    return isinstance(value, Dispatcher) and value.targetoptions.get("inline") == "always"
