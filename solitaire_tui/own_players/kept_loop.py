"""A compiled player's loop, kept in numba's cache across runs and app starts.

Numba compiles a player's ``play`` into its game's loop (``play_deals`` of the module
``Rules.COMPILED_BY`` names) as a run starts: seconds, each run, in each worker.
Numba keeps a compiled function in its cache only when its source is a file and it
holds no address of this process; the loop given ``play`` as an argument holds one.
So the player's file is copied, whole, with a few lines after it: its functions
compiled as the player's (``njit(boundscheck=True)``), and a loop of its own,
``play_deals`` inlined into it calling ``play`` by name, which numba caches.

The copy lives in a folder named for a digest of what the compiled loop is made of:
the file's text, every source of the rules (the loop calls into them), numba's and
Python's versions. A changed file or a new release is a new folder and compiles
afresh; the same file again loads its loop from the cache in a fraction of a second.
The copy keeps the file's name and its lines first, so numba's refusals name the
player's own file and line. Only the ``KEPT`` most recently used folders are kept;
where the copy cannot be written (a full disk) the player is compiled as before, not
kept.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from solitaire_tui.engine import kernel_sources, one_at_a_time, use_cache_dir

KEPT = 32  # players' folders kept in the cache, the most recently used
ENTRY = "_solitaire_tui_play_deals"  # the cached loop's name in the copy
LOCK = ".compiling.lock"  # in the copy's folder, held by the process compiling it

# What follows the player's text in its copy. The file's own functions are compiled
# as they are called; the loop calls ``play`` by its name, so numba keeps it.
_TAIL = '''

# --- solitaire-tui: this player compiled into its game's loop, kept by numba ---
import inspect as _st_inspect

import numba as _st_numba

from {loop} import play_deals as _st_play_deals

for _st_name, _st_value in list(globals().items()):
    if _st_inspect.isfunction(_st_value) and _st_value.__module__ == __name__:
        globals()[_st_name] = _st_numba.njit(boundscheck=True)(_st_value)


@_st_numba.njit(cache={cache}, nogil=True, boundscheck=True)
def {entry}(start, count, clairvoyant, out, watch):
    return _st_play_deals(play, start, count, clairvoyant, out, watch)
'''


def loop(path: Path, compiled_by: str) -> Any:
    """The compiled loop of the player in ``path`` (its game's loop module
    ``compiled_by``): ``loop(start, count, clairvoyant, out, watch)``, as
    ``play_deals`` without its first argument. Numba compiles it at its first call,
    or loads it from the cache; the copy's module raises as the file would."""
    text = path.read_text(encoding="utf-8")
    try:
        copy = _copy(path.name, text + _TAIL.format(loop=compiled_by, entry=ENTRY, cache=True))
    except OSError:  # no room for the copy (a full disk): compiled, but not kept
        module = ModuleType(f"own_player_{path.stem}_uncached")
        code = compile(text + _TAIL.format(loop=compiled_by, entry=ENTRY, cache=False),
                       str(path), "exec")
        exec(code, vars(module))  # the owner's own file, as a plain player runs it
    else:
        spec = importlib.util.spec_from_file_location(f"own_player_{copy.parent.name}", copy)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        # Known by its name, as numba's cache finds the functions it keeps.
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    if not callable(getattr(module, "play", None)):
        raise TypeError(f"{path.name} has no function play(view)")
    return getattr(module, ENTRY)


def one_compile(loop: Any) -> contextlib.AbstractContextManager[None]:
    """Held while ``loop`` is first called (compiled, or loaded from the cache): a run's
    worker processes start at once, and each compiled the same file on a cold cache,
    some 15 to 30 s of a core each; with this, the first compiles and the others
    wait, then load it. A loop that is not kept (no room for its copy) just compiles."""
    module = sys.modules.get(loop.py_func.__module__)
    kept = getattr(module, "__file__", None)
    return contextlib.nullcontext() if kept is None else one_at_a_time(Path(kept).parent / LOCK)


def _copy(name: str, text: str) -> Path:
    """The copy of a player named ``name`` holding ``text``, written if not yet there
    (a copy that differs, damaged or written by another program, is written again)."""
    digest = hashlib.sha256(text.encode() + _made_of().encode()).hexdigest()[:24]
    folder = use_cache_dir() / "players" / digest
    copy = folder / name
    try:
        if copy.read_text(encoding="utf-8") == text:
            with contextlib.suppress(OSError):
                os.utime(folder)  # used now: the last to be dropped
            return copy
    except (OSError, UnicodeDecodeError):
        pass
    folder.mkdir(parents=True, exist_ok=True)
    written = folder / f".{name}.{os.getpid()}"
    written.write_text(text, encoding="utf-8")
    written.replace(copy)  # whole or not at all, were two workers to write it at once
    _drop_oldest(folder.parent)
    return copy


@functools.cache
def _made_of() -> str:
    """What a compiled loop is made of besides the player: the rules' sources (the
    loop calls into them), numba's and Python's versions."""
    import numba

    rules = kernel_sources().parent
    sources = hashlib.sha256()
    for source in sorted(path for path in rules.rglob("*.py")
                         if "__pycache__" not in path.parts):  # the copies live there
        sources.update(source.relative_to(rules).as_posix().encode() + source.read_bytes())
    return f"{sources.hexdigest()} numba {numba.__version__} python {sys.version}"


def _drop_oldest(players: Path) -> None:
    """Keep the ``KEPT`` most recently used players' folders; a folder another process
    is dropping at the same time is left to it."""
    folders = sorted((folder for folder in players.iterdir() if folder.is_dir()),
                     key=_used, reverse=True)
    for folder in folders[KEPT:]:
        shutil.rmtree(folder, ignore_errors=True)


def _used(folder: Path) -> float:
    try:
        return folder.stat().st_mtime
    except OSError:  # dropped meanwhile by another process
        return 0.0
