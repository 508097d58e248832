"""No compiled kernel is handed a Python int or bool constant by another one.

numba types a Python constant passed from compiled code as the value itself
(``Literal[int](0)``) and compiles the function it is passed to once more for it, and
again every function the constant reaches from there: passed ``0`` for the cards
dealt, the Sequence solver's whole search was compiled twice, 26 of the warm-up's
seconds. A variable first bound to a constant counts too (numba resolves the call
with the constant before the loop's other values come in, and compiles both). numpy's
ints are never literal, so a kernel passes ``np.int64(0)`` and starts a count at
``np.int64(0)``. Calls from Python are not concerned: numba drops the constant there.

Read from the sources with ``ast``: the calls that the functions compiled with
``njit`` or ``inlined`` make to those compiled with ``njit``, and the module constants
that are Python ints.
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import rules.fast

pytestmark = pytest.mark.engine_free

FAST = Path(rules.fast.__file__).parent
ROOT = FAST.parent.parent  # where ``tests`` is found, for the helper the script imports
ALONE = {"njit", "compiled"}  # compiled on their own (``rules.fast.jit``)
DECORATORS = ALONE | {"inlined"}  # an inlined helper's calls are its callers'


def _decorator(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return target.id if isinstance(target, ast.Name) else ""


def _compiled(tree: ast.Module, decorators: set[str] = DECORATORS) -> list[ast.FunctionDef]:
    return [node for node in tree.body if isinstance(node, ast.FunctionDef)
            and any(_decorator(decorator) in decorators for decorator in node.decorator_list)]


def _called(call: ast.Call) -> str:
    function = call.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def _literal(node: ast.expr) -> bool:
    """Whether numba types ``node`` as a Python constant."""
    if isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, int)


def _bound_to_constants(function: ast.FunctionDef) -> set[str]:
    """Local names bound to a Python constant somewhere in ``function``, or to a name
    that is (``size = kept`` after ``kept = 0``)."""
    pairs: list[tuple[str, ast.expr]] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            for target in node.targets:
                if isinstance(target, ast.Name):
                    pairs.append((target.id, node.value))
                elif isinstance(target, ast.Tuple) and len(target.elts) == len(values):
                    pairs.extend((element.id, value) for element, value
                                 in zip(target.elts, values, strict=True)
                                 if isinstance(element, ast.Name))
    names: set[str] = set()
    while True:
        more = {name for name, value in pairs if _literal(value)
                or (isinstance(value, ast.Name) and value.id in names)}
        if more <= names:
            return names
        names |= more


def _constants_handed_on() -> Iterator[str]:
    modules = {path.stem: ast.parse(path.read_text(encoding="utf-8"))
               for path in sorted(FAST.glob("*.py"))}
    # An inlined helper is typed within its caller, with the constant in place: only a
    # function compiled on its own is compiled again.
    compiled = {function.name for tree in modules.values()
                for function in _compiled(tree, ALONE)}
    for stem, tree in modules.items():
        module = importlib.import_module(f"rules.fast.{stem}")
        for function in _compiled(tree):
            bound = _bound_to_constants(function) - {arg.arg for arg in function.args.args}
            for call in ast.walk(function):
                if not (isinstance(call, ast.Call) and _called(call) in compiled):
                    continue
                for argument in [*call.args, *(keyword.value for keyword in call.keywords)]:
                    name = argument.id if isinstance(argument, ast.Name) else ""
                    if (_literal(argument) or name in bound
                            or type(getattr(module, name, None)) in (int, bool)):
                        yield (f"{stem}.py:{call.lineno} {function.name} passes"
                               f" {ast.unparse(argument)} to {_called(call)}")


def test_no_kernel_hands_another_a_python_constant() -> None:
    assert list(_constants_handed_on()) == []


def _module_arrays_beside_others() -> Iterator[str]:
    """Calls handing a compiled function a module's array (``RANK_OF``) where another
    compiled call hands it some other array. numba types a global array as read-only,
    a type of its own, and compiles the function and all it calls once for each: the
    relay's whole game twice, once for its runs and once for the judge's decks."""
    modules = {path.stem: ast.parse(path.read_text(encoding="utf-8"))
               for path in sorted(FAST.glob("*.py"))}
    compiled = {function.name for tree in modules.values()
                for function in _compiled(tree, ALONE)}
    handed: dict[tuple[str, int], dict[bool, list[str]]] = {}
    for stem, tree in modules.items():
        module = importlib.import_module(f"rules.fast.{stem}")
        for function in _compiled(tree):
            for call in ast.walk(function):
                if not (isinstance(call, ast.Call) and _called(call) in compiled):
                    continue
                callee = getattr(module, _called(call), None)
                if callee is None:
                    continue
                for place, argument in enumerate(call.args):
                    name = argument.id if isinstance(argument, ast.Name) else ""
                    module_array = isinstance(getattr(module, name, None), np.ndarray)
                    where = f"{stem}.py:{call.lineno} {function.name}"
                    key = (f"{callee.py_func.__module__}.{callee.__name__}", place)
                    handed.setdefault(key, {}).setdefault(module_array, []).append(where)
    for (callee, place), kinds in sorted(handed.items()):
        if len(kinds) == 2:
            yield (f"{callee}'s argument {place}: a module's array from {kinds[True]},"
                   f" others from {kinds[False]}")


def test_no_kernel_is_handed_a_module_array_and_others_alike() -> None:
    assert list(_module_arrays_beside_others()) == []


def test_the_check_finds_a_constant_handed_on() -> None:
    tree = ast.parse("@njit(cache=True)\ndef f(x):\n    kept = 0\n    size = kept\n"
                     "    g(x, 0)\n    g(x, size)\n    g(x, np.int64(0))\n")
    (function,) = _compiled(tree)
    calls = [node for node in ast.walk(function) if isinstance(node, ast.Call)
             and _called(node) == "g"]
    assert [_literal(call.args[1]) for call in calls] == [True, False, False]
    assert _bound_to_constants(function) == {"kept", "size"}


IMPORTS_ALL = """
import sys
from numba.core import event

class Compiled(event.Listener):
    def on_start(self, ev):
        print(ev.data["dispatcher"].py_func.__qualname__, flush=True)
        sys.exit(3)

    def on_end(self, ev):
        pass

event.register("numba:compile", Compiled())
import rules, solitaire_tui
from tests.support.modules import import_every_module

import_every_module(rules)
import_every_module(solitaire_tui)
"""


@pytest.mark.slow
def test_no_module_compiles_a_kernel_as_it_is_imported(tmp_path: Path) -> None:
    """A kernel compiles where it is first called: in the warm-up, a run's worker, a
    test that needs the engine. A module that called one as it was imported would
    compile it wherever it was imported, an engine-free test or the screen's thread."""
    done = subprocess.run([sys.executable, "-c", IMPORTS_ALL], capture_output=True,
                          text=True, env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)},
                          cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, f"compiled as imported: {done.stdout}{done.stderr[-2000:]}"
