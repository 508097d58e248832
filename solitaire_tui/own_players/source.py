"""A player's file as code: run as a module of its own, its ``play`` found, what it
says of itself read, and the process that runs it cut off from the terminal.

These run the person's own code, so they are called only in a process that may run
it: a loading process (``own.loading``), a worker process that plays (``own.playing``,
``own.compiled``), the command line's headless game, a cluster's worker. The app's
process checks a file through ``own.loading``, never by calling ``checked`` itself.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import signal
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

from rules.errors import OptionsError


class Traits(NamedTuple):
    """What a player's file says of itself: whether it sees the deck in order
    (``CLAIRVOYANT = True``) and whether it keeps to the typed subset
    (``COMPILED = True``). A tuple, so a loading process can send it back."""

    clairvoyant: bool
    compiled: bool


def load_module(path: Path) -> ModuleType:
    """The player's file, run as a module of its own (``OptionsError`` in one sentence
    when it cannot be read, or raises as it loads: ``sys.exit`` too, which would
    otherwise end the process that loads it)."""
    spec = importlib.util.spec_from_file_location(f"own_player_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise OptionsError(f"{path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except OSError as error:
        raise OptionsError(f"{path} cannot be read: {error.strerror or error}") from None
    except SyntaxError as error:
        raise OptionsError(f"{path}, line {error.lineno}: {error.msg}") from None
    except (Exception, SystemExit) as error:  # the player's own code, as it loads
        raise OptionsError(f"{path}{at_line(error, path)}: {type(error).__name__}"
                           f"{': ' + str(error) if str(error) else ''}") from None
    return module


def chooser(module: ModuleType, path: Path) -> Callable[[Any], Any]:
    """The file's ``play`` function, which takes the view."""
    play = getattr(module, "play", None)
    if not callable(play):
        raise OptionsError(f"{path} has no function play(view) that returns a move")
    try:
        inspect.signature(play).bind(None)
    except TypeError:
        raise OptionsError(f"{path}: play must take one argument, the view") from None
    except ValueError:
        pass  # a callable without a signature to read: tried as it plays
    return play  # type: ignore[no-any-return]


def checked(path: Path) -> Traits:
    """The file run, checked to be a player (``OptionsError`` in one sentence when it
    is none), and what it says of itself."""
    module = load_module(path)
    chooser(module, path)
    return Traits(getattr(module, "CLAIRVOYANT", False) is True,
                  getattr(module, "COMPILED", False) is True)


def at_line(error: BaseException, path: Path) -> str:
    """", line 12": where in the player's file ``error`` was raised (its last frame
    there), or "" when none of its frames is in the file."""
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__)
             if Path(frame.filename) == path]
    return f", line {lines[-1]}" if lines else ""


def cut_off() -> None:
    """In a process started to run a player's code: cut it off from the terminal (a
    player's prints and input() would land in the app's screen and keys; ``play
    --headless`` runs a player in its own process, prints and all) and from Ctrl+C,
    which reaches every process of the terminal's group and is the one that started
    this one to answer."""
    nowhere = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):
        os.dup2(nowhere, stream)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
