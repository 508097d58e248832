"""Players people write: a Python file with a function ``play(view)``, loaded by name.

A player's file is code, so only the person at this machine's shell loads one (the
command line's ``--player FILE``); it is then known in this process by its file's
name (``mine.py``), which the game's run and play options may name beside the
built-in players. Nothing else loads a file: a name that comes from anywhere else (a
run kept in the history, a guest of ``serve``) is not known, and is refused as an
unknown player. The one way a file travels is the owner's own: a run they send to a
cluster they chose carries its players' files to its workers (``Shipment``), as it
carries the rest of the run's code.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib
import importlib.util
import inspect
import shutil
import tempfile
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from rules.errors import OptionsError

SUFFIX = ".py"


@dataclass
class OwnPlayer:
    """A loaded player: its name (the file's), where it is, the game's module in
    ``rules.own`` whose views it is given, whether it sees the deck in order, and
    whether it is compiled (``COMPILED = True``: it keeps to the typed subset)."""

    name: str
    path: Path
    game: str  # the game's key
    rules: str  # its module in ``rules.own``, which the worker processes import
    clairvoyant: bool
    stamp: int = 0  # the file's time of change as loaded: a changed file is run afresh
    compiled: bool = False
    fault: str | None = field(default=None, compare=False)  # why its last run stopped
    # Received on a cluster's worker (``receive``): it plays in threads of this
    # process (``own.in_process``), not in processes of its own.
    in_process: bool = False


_LOADED: dict[str, OwnPlayer] = {}


def load_module(path: Path) -> ModuleType:
    """The player's file, run as a module of its own (``OptionsError`` in one sentence
    when it cannot be read, or raises as it loads)."""
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
    except Exception as error:  # the player's own code, as it loads
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


def at_line(error: BaseException, path: Path) -> str:
    """", line 12": where in the player's file ``error`` was raised (its last frame
    there), or "" when none of its frames is in the file."""
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__)
             if Path(frame.filename) == path]
    return f", line {lines[-1]}" if lines else ""


def load(path_text: str, game: str, rules: str) -> OwnPlayer:
    """Load the player in ``path_text`` for ``game`` (whose views are ``rules``'),
    checked: it is known by its file's name from now on in this process."""
    path = Path(path_text).expanduser().resolve()
    if path.suffix != SUFFIX:
        raise OptionsError(f"a player is a Python file ending in {SUFFIX}, not {path_text!r}")
    if not path.is_file():
        raise OptionsError(f"there is no player file {path_text!r}")
    module = load_module(path)
    chooser(module, path)
    clairvoyant = getattr(module, "CLAIRVOYANT", False) is True
    compiled = getattr(module, "COMPILED", False) is True
    if compiled and not getattr(importlib.import_module(rules), "COMPILED_BY", ""):
        raise OptionsError(f"{path.name} sets COMPILED = True, but players of this game are"
                           " not compiled yet: take that line out to play it as Python")
    player = OwnPlayer(path.name, path, game, rules, clairvoyant, path.stat().st_mtime_ns,
                       compiled)
    known = _LOADED.get(player.name)
    if known is not None and known.path != path:
        raise OptionsError(f"two players are named {player.name}: {known.path} and {path}")
    _LOADED[player.name] = player
    return player


def find(name: str, game: str) -> OwnPlayer | None:
    """The player loaded under ``name`` for ``game``, if one is."""
    player = _LOADED.get(name)
    return player if player is not None and player.game == game else None


def names(game: str) -> tuple[str, ...]:
    """The players loaded for ``game``, in the order they were loaded."""
    return tuple(name for name, player in _LOADED.items() if player.game == game)


def faults() -> list[str]:
    """Why the players loaded stopped their last runs, if any did."""
    return [player.fault for player in _LOADED.values() if player.fault is not None]


def clear_faults() -> None:
    """A new run starts: the faults of the last ones are theirs, not its."""
    for player in _LOADED.values():
        player.fault = None


def forget() -> None:
    """Forget every player loaded (a test's next case starts with none)."""
    _LOADED.clear()


@dataclass(frozen=True)
class Shipment:
    """A loaded player as a run takes it to a cluster's workers: the file's bytes and
    what a worker loads them as (``receive``), under the same name."""

    name: str
    game: str
    rules: str
    source: bytes

    @property
    def key(self) -> str:
        """What tells one version of a player from another."""
        return hashlib.sha256(repr((self.name, self.game, self.rules)).encode()
                              + self.source).hexdigest()


def shipment(name: str, game: str) -> Shipment:
    """The player loaded under ``name`` for ``game``, its file as it is now."""
    player = find(name, game)
    if player is None:
        raise OptionsError(f"no player of your own is loaded as {name}")
    try:
        source = player.path.read_bytes()
    except OSError as error:
        raise OptionsError(f"{player.path} cannot be read: {error.strerror or error}"
                           ) from None
    return Shipment(name, game, player.rules, source)


_RECEIVING = threading.Lock()  # a worker's threads receive their chunks' players at once
_RECEIVED: dict[str, str] = {}  # a received player's name: the key of its version here
_FOLDER: list[Path] = []  # where this process keeps the files it received


def receive(shipment: Shipment) -> OwnPlayer:
    """On a cluster's worker: the player shipped, written to a folder of this process's
    own and loaded under its name, to play in this process (``OwnPlayer.in_process``);
    the same version is loaded once."""
    with _RECEIVING:
        known = _LOADED.get(shipment.name)
        if known is not None and _RECEIVED.get(shipment.name) == shipment.key:
            return known
        if not _FOLDER:
            _FOLDER.append(Path(tempfile.mkdtemp(prefix="solitaire-tui-players-")))
            atexit.register(shutil.rmtree, _FOLDER[0], True)
        path = _FOLDER[0] / shipment.key[:16] / Path(shipment.name).name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(shipment.source)
        _LOADED.pop(shipment.name, None)
        player = load(str(path), shipment.game, shipment.rules)
        player.in_process = True
        _RECEIVED[shipment.name] = shipment.key
        return player
