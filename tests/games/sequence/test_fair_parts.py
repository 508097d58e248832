"""The fair player's part compiles in halves at once (``engine.ENDGAME``,
``engine.CHOICE``), and its own part (``engine.HINTS``) then only loads them from the
cache: called with other types, they would compile again there, as long as before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_tui.games.sequence import engine

ROOT = Path(__file__).resolve().parents[3]
COMPILED = """
import atexit, importlib, json, sys
from numba.core import event

names = []

class Compiled(event.Listener):
    def on_start(self, ev):
        function = ev.data["dispatcher"].py_func
        names.append(function.__module__ + ":" + function.__qualname__)

    def on_end(self, ev):
        pass

event.register("numba:compile", Compiled())
module, _, function = sys.argv[1].partition(":")
getattr(importlib.import_module(module), function)()
print(json.dumps(names))
"""


def _compiled(part: str, cache: Path) -> set[str]:
    done = subprocess.run([sys.executable, "-c", COMPILED, part], capture_output=True,
                          text=True, env={**os.environ, "NUMBA_CACHE_DIR": str(cache)},
                          cwd=ROOT, timeout=600, check=True)
    # Only ours: numba's own helpers (``np.empty``'s) are not kept in the cache.
    return {name for name in json.loads(done.stdout.splitlines()[-1])
            if name.startswith("rules.")}


@pytest.mark.slow
def test_the_fair_players_part_compiles_nothing_its_halves_did(tmp_path: Path) -> None:
    endgame = _compiled(engine.ENDGAME.warm, tmp_path)
    choice = _compiled(engine.CHOICE.warm, tmp_path)
    assert "rules.fast.sequence_endgame:_evaluate" in endgame
    # The layers above the searches the player runs in Python (``jit.plain``).
    assert not {"rules.fast.sequence_endgame:best_move",
                "rules.fast.sequence_fair:exact"} & endgame
    assert {"rules.fast.sequence_fair:options",
            "rules.fast.sequence_fair:sampled_choice"} <= choice
    assert "rules.fast.sequence_fair:weighed" not in choice
    assert engine.HINTS.after == (engine.ENDGAME.name, engine.CHOICE.name)
    assert not _compiled(engine.HINTS.warm, tmp_path)  # both loaded, nothing linked
