"""``bench --engine first-hint``: the first hint on a fresh install, the way a person
meets it: the app opened on an empty numba cache (so it starts its warm-up in the
background), a while at the menu, then a deal of the game and ``h``.

Timed in a fresh process of its own (``solitaire_tui.bench.hint_timing``), since numba
reads where its cache is when it is imported: the app runs headless on temporary
data and a temporary cache, and the seconds from the key to the hint on the screen
come back as JSON, with what the engine's line said when the key was pressed. The
aim: a second at most, whatever the warm-up still compiles: from the game's own
helper once its part is ready, and before that from its stand-in, which needs no
compile and says whose hint it is ("Hint from greedy (…)").
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solitaire_tui.bench.calls import busy_cores
from solitaire_tui.bench.keys import KeyTimes
from solitaire_tui.bench.warm_up import numba_cache

TARGET = 1.0
TIMEOUT = 600.0  # seconds a hint may take, at most, before the bench gives up on it


@dataclass(frozen=True)
class FirstHint:
    at_menu: float  # seconds at the menu before the deal was opened
    seconds: float  # from ``h`` to the hint on the screen
    engine: str  # the engine's line as ``h`` was pressed ("" once it was done)
    hint: str

    @property
    def met(self) -> bool:
        return self.seconds <= TARGET

    @property
    def helper(self) -> str:
        """Who answered: the stand-in's name where it stood in, else "its own"."""
        stood_in = self.hint.removeprefix(STAND_IN)
        return "its own" if stood_in == self.hint else stood_in.split(" (", 1)[0]


STAND_IN = "Hint from "  # how a stand-in's hint starts (``ui.helping``)


def answered(message: str) -> bool:
    """Whether the line under the board holds the answer to ``h``: a hint, the game's
    helper's own ("Hint: …") or a stand-in's ("Hint from greedy (…): …"), or no move."""
    return message.startswith(("Hint:", STAND_IN, "No move"))


@dataclass(frozen=True)
class FirstKeys:
    """The game screen's keys on a fresh install, timed while the engine compiled and
    ``busy`` other processes kept every core busy; ``compiling``: whether the warm-up
    was still at work when the last key was timed (all were timed during it). And
    ``warm``: the same keys beside the same busy processes with the engine compiled
    (no warm-up): what the busy program costs them alone, against which to read what
    the compile adds."""

    busy: int
    keys: tuple[KeyTimes, ...]
    compiling: bool
    warm: tuple[KeyTimes, ...] = ()


def first_keys(game: str, rounds: int, warm: Path) -> FirstKeys:
    """``game``'s screen's keys in a fresh process with an empty cache of its own, as
    soon as the app is open (its warm-up compiling), beside a busy program: a
    process spinning on every core; then again, beside it still, in a fresh process
    on ``warm``, a cache the engine is compiled in."""
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-keys-") as root, \
            busy_cores() as busy:
        cold = _timed_keys(game, rounds, Path(root) / "numba", Path(root) / "cold")
        warmed = _timed_keys(game, rounds, warm, Path(root) / "warm")
    return FirstKeys(busy, key_times(cold["keys"]), cold["compiling"],
                     key_times(warmed["keys"]))


def _timed_keys(game: str, rounds: int, cache: Path, data: Path) -> dict[str, Any]:
    """``hint_timing.measure_keys`` in a fresh process on the numba cache ``cache``."""
    found: dict[str, Any] = _in_a_fresh_process(["keys", game, str(rounds), str(data)],
                                                cache, TIMEOUT)
    return found


def _in_a_fresh_process(arguments: list[str], cache: Path, timeout: float) -> Any:
    """``hint_timing`` with ``arguments`` in a fresh process on the numba cache
    ``cache`` (numba reads where its cache is as it is imported); its JSON answer."""
    with numba_cache(cache):
        done = subprocess.run([sys.executable, "-m", "solitaire_tui.bench.hint_timing",
                               *arguments], capture_output=True, text=True, check=True,
                              timeout=timeout)
    return json.loads(done.stdout.strip().splitlines()[-1])


def key_times(data: list[dict[str, Any]]) -> tuple[KeyTimes, ...]:
    """The keys' times as ``hint_timing.measure_keys`` wrote them, in JSON."""
    return tuple(KeyTimes(**{**times, "seconds": tuple(times["seconds"])}) for times in data)


def first_hint(at_menu: float, game: str) -> FirstHint:
    """The first hint on ``game``'s screen after ``at_menu`` seconds at the menu, in a
    fresh process with an empty cache of its own."""
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-hint-") as root:
        found = _in_a_fresh_process([str(at_menu), game, str(Path(root) / "data")],
                                    Path(root) / "numba", TIMEOUT + at_menu + 60)
    return FirstHint(**found)
