"""Players people write: a Python file with a function ``play(view)``, loaded by name.

A player's file is code, so only the person at this machine loads one: the command
line's ``--player FILE``, or the app from the owner's own folder (``own.folder``). It
is then known in this process by its game and its file's name (``mine.py``), which
the game's run and play options may name beside the built-in players; the same name in
two games' folders is two players. Nothing else loads a file: a name that comes from
anywhere else (a run kept in the history, a guest of ``serve``) is not known, and is
refused as an unknown player.

Loading a file runs its top level, in a process of its own under a budget
(``own.loading``), never in this one. The one way a file travels is the owner's own: a
run they send to a cluster they chose carries its players' files to its workers
(``Shipment``), as it carries the rest of the run's code; a worker, which may start no
process, loads one in its own process (``receive``), as it plays it there.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib
import shutil
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rules.errors import OptionsError
from solitaire_tui.own_players import loading, source
from solitaire_tui.own_players.source import Traits

SUFFIX = ".py"


@dataclass
class OwnPlayer:
    """A loaded player: its name (the file's), where it is, the game's module in
    ``rules.own_players`` whose views it is given, whether it sees the deck in order, and
    whether it is compiled (``COMPILED = True``: it keeps to the typed subset)."""

    name: str
    path: Path
    game: str  # the game's key
    rules: str  # its module in ``rules.own_players``, which the worker processes import
    clairvoyant: bool
    stamp: int = 0  # the file's time of change as loaded: a changed file is run afresh
    compiled: bool = False
    fault: str | None = field(default=None, compare=False)  # why its last run stopped
    # Received on a cluster's worker (``receive``): it plays in threads of this
    # process (``own.in_process``), not in processes of its own.
    in_process: bool = False


_LOADED: dict[tuple[str, str], OwnPlayer] = {}  # by (game, file's name)
# Each file's traits as its checked top level gave them, with the version checked: a
# folder read again starts no process for a file unchanged since (``load_all``).
_CHECKED: dict[Path, tuple[tuple[int, int], Traits]] = {}
_NAMING = threading.Lock()  # the app reads two games' folders at once, in two threads


def load(path_text: str, game: str, rules: str) -> OwnPlayer:
    """The player in ``path_text`` for ``game`` (``load_all``), or ``OptionsError``."""
    (found,) = load_all([path_text], game, rules)
    if isinstance(found, OptionsError):
        raise found
    return found


def load_all(path_texts: Sequence[str], game: str, rules: str
             ) -> list[OwnPlayer | OptionsError]:
    """The players in ``path_texts`` for ``game`` (whose views are ``rules``'), each
    checked, or why it is none; their top levels run at once, each in a process of its
    own (``loading.apart``). Each is known by its game and file's name from now on in
    this process."""
    paths = [_player_file(text) for text in path_texts]
    versions = {path: _version(path) for path in paths if isinstance(path, Path)}
    fresh = [path for path, version in versions.items()
             if version is None or path not in _CHECKED or _CHECKED[path][0] != version]
    ran = dict(zip(fresh, loading.apart(fresh), strict=True))
    for path, traits in ran.items():
        version = versions[path]
        if isinstance(traits, Traits) and version is not None:
            _CHECKED[path] = version, traits
        else:  # a refusal is checked afresh next time (it may have been a busy machine's)
            _CHECKED.pop(path, None)
    return [_known(path, game, rules, ran[path] if path in ran else _CHECKED[path][1])
            if isinstance(path, Path) else path for path in paths]


def _version(path: Path) -> tuple[int, int] | None:
    """What says a file has not changed since it was checked: its time of change and
    size (None if it cannot be read: it is checked, and refused, afresh)."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


def _player_file(path_text: str) -> Path | OptionsError:
    """Where the player ``path_text`` names is, or why that is no player's file."""
    path = Path(path_text).expanduser().resolve()
    if path.suffix != SUFFIX:
        return OptionsError(f"a player is a Python file ending in {SUFFIX}, not {path_text!r}")
    if not path.is_file():
        return OptionsError(f"there is no player file {path_text!r}")
    return path


def _known(path: Path, game: str, rules: str, ran: Traits | OptionsError
           ) -> OwnPlayer | OptionsError:
    """The player in ``path``, whose file ran as ``ran`` says (``_named``), or why it
    is none."""
    try:
        return ran if isinstance(ran, OptionsError) else _named(path, game, rules, ran)
    except OptionsError as error:
        return error


def _named(path: Path, game: str, rules: str, traits: Traits) -> OwnPlayer:
    """The player in ``path`` (whose file says ``traits`` of itself), known from now on
    under its game and name."""
    if traits.compiled and not getattr(importlib.import_module(rules), "COMPILED_BY", ""):
        raise OptionsError(f"{path.name} sets COMPILED = True, but players of this game are"
                           " not compiled yet: take that line out to play it as Python")
    player = OwnPlayer(path.name, path, game, rules, traits.clairvoyant,
                       path.stat().st_mtime_ns, traits.compiled)
    with _NAMING:
        known = _LOADED.get((game, player.name))
        if known is not None and known.path != path:
            raise OptionsError(f"two players of {game} are named {player.name}, {known.path}"
                               f" and {path}: rename one to load both")
        _LOADED[game, player.name] = player
    return player


def find(name: str, game: str) -> OwnPlayer | None:
    """The player loaded under ``name`` for ``game``, if one is."""
    return _LOADED.get((game, name))


def names(game: str) -> tuple[str, ...]:
    """The players loaded for ``game``, in the order they were loaded. Read from a
    copy taken at once (one C call): a worker reading the players' folder may add one
    meanwhile, and iterating the dict itself then raised (a panel's estimate did)."""
    return tuple(name for (of_game, name) in tuple(_LOADED) if of_game == game)


def faults() -> list[str]:
    """Why the players loaded stopped their last runs, if any did."""
    return [player.fault for player in tuple(_LOADED.values()) if player.fault is not None]


def clear_faults() -> None:
    """A new run starts: the faults of the last ones are theirs, not its."""
    for player in tuple(_LOADED.values()):  # a copy, as ``names`` takes
        player.fault = None


def forget() -> None:
    """Forget every player loaded and checked (a test's next case starts with none)."""
    _LOADED.clear()
    _CHECKED.clear()


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
        text = player.path.read_bytes()
    except OSError as error:
        raise OptionsError(f"{player.path} cannot be read: {error.strerror or error}"
                           ) from None
    return Shipment(name, game, player.rules, text)


_RECEIVING = threading.Lock()  # a worker's threads receive their chunks' players at once
_RECEIVED: dict[tuple[str, str], str] = {}  # a received player's: its version's key here
_FOLDER: list[Path] = []  # where this process keeps the files it received


def receive(shipment: Shipment) -> OwnPlayer:
    """On a cluster's worker: the player shipped, written to a folder of this process's
    own and loaded under its name, to play in this process (``OwnPlayer.in_process``);
    the same version is loaded once. Its top level runs in this process, as its games
    will: a cluster's worker is a daemon, which may start no process to run it in."""
    named = shipment.game, shipment.name
    with _RECEIVING:
        known = _LOADED.get(named)
        if known is not None and _RECEIVED.get(named) == shipment.key:
            return known
        if not _FOLDER:
            _FOLDER.append(Path(tempfile.mkdtemp(prefix="solitaire-tui-players-")))
            atexit.register(shutil.rmtree, _FOLDER[0], True)
        path = _FOLDER[0] / shipment.key[:16] / Path(shipment.name).name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(shipment.source)
        _LOADED.pop(named, None)
        player = _named(path, shipment.game, shipment.rules, source.checked(path))
        player.in_process = True
        _RECEIVED[named] = shipment.key
        return player
