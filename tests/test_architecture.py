"""The layering the architecture doc promises, read from the code with ``ast``.

- ``rules`` imports nothing from the app, Textual or Rich;
- the pure rules (everything in ``rules`` but ``rules.fast``) and the app load without
  numba, which only a run, a solver or a strong player brings in;
- no module imports another that imports it back, and no package does either (a
  package of the app is its first level: ``games``, ``stats``, ``ui`` …; of the rules:
  ``rules.fast``, ``rules.players`` and the rest of ``rules``). Imports inside
  functions count: a lazy import is still a dependency. Imports only for type checking
  do not make a package's loop (nothing runs them), but no modules import each
  other in a loop even for that: a protocol in the lower one names what it needs;
- outside a game's home no code names a game: the registry is asked instead.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire_tui.games.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "solitaire_tui")


def modules() -> dict[str, Path]:
    """Every module of the project by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


MODULES = modules()


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, module: str, typing: bool = False) -> Iterator[str]:
    """The names ``module`` imports, anywhere but under ``if TYPE_CHECKING`` (there
    too with ``typing``)."""
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node) and not typing:
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)
        stack.extend(ast.iter_child_nodes(node))


def graph(typing: bool = False) -> dict[str, set[str]]:
    """Each project module and the project modules it imports (for type checking too,
    with ``typing``)."""
    edges: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges[name] = {target for target in _imports(tree, name, typing)
                       if target in MODULES and target != name}
    return edges


def all_imports(module: str) -> set[str]:
    """Everything ``module`` imports, project or not (top-level names included)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    return set(_imports(tree, module))


def unit(module: str) -> str:
    """The package a module belongs to, as the layers are drawn."""
    parts = module.split(".")
    if parts[0] == "rules":
        return "rules." + parts[1] if len(parts) > 1 and parts[1] in (
            "fast", "players", "own_players") else "rules"
    return ".".join(parts[:2]) if len(parts) > 1 else parts[0]


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_rules_import_nothing_of_the_app_textual_or_rich() -> None:
    for module in (name for name in MODULES if name.startswith("rules")):
        outside = {name for name in all_imports(module)
                   if name.split(".")[0] in ("solitaire_tui", "textual", "rich")}
        assert not outside, f"{module} imports {sorted(outside)}"


# The game table and what each game puts at it: played and tested without a screen.
TABLE = ("solitaire_tui.play", *(f"{type(game).__module__.rpartition('.')[0]}.{part}"
                                 for game in GAMES for part in ("play", "words")),
         "solitaire_tui.games.add_residue.cursor")


@pytest.mark.slow
def test_the_game_table_imports_no_textual_or_rich() -> None:
    """Neither the table's modules nor anything they import, however far down."""
    edges = graph()
    for start in (name for name in MODULES if name.startswith(TABLE)):
        seen, todo = {start}, [start]
        while todo:
            module = todo.pop()
            outside = {name for name in all_imports(module)
                       if name.split(".")[0] in ("textual", "rich")}
            assert not outside, f"{start} imports {module}, which imports {sorted(outside)}"
            todo.extend(edges[module] - seen)
            seen |= edges[module]


@pytest.mark.slow
def test_the_measuring_is_apart_from_the_product() -> None:
    """Only the command line imports ``solitaire_tui.bench`` (when ``bench`` is asked
    for), and nothing the app plays with imports a game's ``bench`` module: the
    measuring reads those through ``measures.of``."""
    importers = {module for module, targets in graph(typing=True).items()
                 if module.split(".")[:2] != ["solitaire_tui", "bench"]
                 and any(target.startswith("solitaire_tui.bench") for target in targets)}
    assert importers == {"solitaire_tui.cli"}
    game_benches = {name for name in MODULES
                    if name.startswith("solitaire_tui.games.") and name.endswith(".bench")}
    assert game_benches
    for module, targets in graph(typing=True).items():
        assert not targets & game_benches or module in game_benches, module


def test_no_module_imports_in_a_loop() -> None:
    assert cycles(graph()) == []


def test_no_module_imports_in_a_loop_even_for_type_checking() -> None:
    assert cycles(graph(typing=True)) == []


def test_no_package_imports_in_a_loop() -> None:
    packages: dict[str, set[str]] = {}
    for module, targets in graph().items():
        packages.setdefault(unit(module), set()).update(
            unit(target) for target in targets if unit(target) != unit(module))
    assert cycles(packages) == []


@pytest.mark.integration
def test_the_pure_rules_and_the_app_load_without_numba() -> None:
    """In a fresh interpreter: every pure rules module, the command line and the app."""
    pure = [name for name in MODULES if name.startswith("rules")
            and not name.startswith("rules.fast") and "measures" not in name]
    app = ["solitaire_tui.cli", "solitaire_tui.app", "solitaire_tui.screens.stats.screen",
           *(f"{type(game).__module__.rpartition('.')[0]}.screen" for game in GAMES)]
    code = (f"import importlib, sys\nfor name in {pure + app!r}: importlib.import_module(name)\n"
            "print(sorted(name for name in sys.modules if name.split('.')[0] == 'numba'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


MENU = """
import asyncio, sys, tempfile
from pathlib import Path
from solitaire_tui.app import SolitaireApp
from solitaire_tui.screens.menu import MenuScreen

async def menu():
    app = SolitaireApp(data=Path(tempfile.mkdtemp()))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        print(sorted({name.split(".")[0] for name in sys.modules} & HEAVY))

HEAVY = {"numpy", "numba", "llvmlite", "plotext", "textual_plotext"}
asyncio.run(menu())
"""


@pytest.mark.slow
def test_the_menu_loads_no_numpy_numba_or_plots() -> None:
    """Start-up pays for what the menu shows: in a fresh interpreter, the app up to its
    menu has loaded none of the engine's or the panel's heavy modules."""
    done = subprocess.run([sys.executable, "-c", MENU], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def _home(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if parts[:2] == ["solitaire_tui", "games"] and len(parts) > 3 else None


@pytest.mark.parametrize("module", [name for name in MODULES
                                    if name.startswith("solitaire_tui") and not _home(name)])
def test_no_game_is_named_outside_its_home(module: str) -> None:
    """A string that is a game's key (``"sequence"``) outside the game's home means
    some shared code decides by the game's name: the interface is missing something."""
    keys = {game.key for game in GAMES}
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    named = {node.value for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and node.value in keys}
    assert not named, f"{module} names {sorted(named)}"


# The modules that start a thread of their own rather than a Textual worker, each for
# a reason ``docs/ARCHITECTURE.md`` ("The concurrency rule") gives: a run's lowered
# thread, the lanes of a compiled kernel, two watchers of compiled code, the end,
# which runs when the event loop a worker would need is what is stuck, a pool's
# worker watching for its parent, and the warm-up's readers of its compiling processes.
OWN_THREADS = {"solitaire_tui.stats.runner", "rules.fast.lanes", "rules.fast.batch",
               "rules.fast.watch", "solitaire_tui.ending", "solitaire_tui.lifeline",
               "solitaire_tui.compilers"}


def starts_threads(path: Path) -> bool:
    """Whether the module names ``threading.Thread`` or ``threading.Timer`` (or
    imports either by name)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in {"Thread", "Timer"} and (
                isinstance(node.value, ast.Name) and node.value.id == "threading"):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "threading" and any(
                alias.name in {"Thread", "Timer"} for alias in node.names):
            return True
    return False


def test_work_off_the_screen_runs_in_workers_but_where_the_architecture_says() -> None:
    assert {name for name, path in modules().items() if starts_threads(path)} == OWN_THREADS


def test_every_text_field_is_one_whose_keys_act_in_order() -> None:
    """Textual's own ``Input`` applies a backspace in a burst after the letters that
    follow it (``docs/TEXTUAL.md``): the app's fields are ``widgets.field.TextField``
    or made from it."""
    made = sorted(
        f"{module}:{node.lineno}"
        for module, path in MODULES.items() if module != "solitaire_tui.widgets.field"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "Input")
        or (isinstance(node, ast.ClassDef)
            and any(isinstance(base, ast.Name) and base.id == "Input" for base in node.bases)))
    assert made == []
