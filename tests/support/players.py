"""Players of one's own as the tests make them: the example players' folder, a file
written in a test's directory, its game (the plain player, with a budget), and a
position reached by random legal moves for a view to show."""

from __future__ import annotations

import random
from pathlib import Path

from rules import sequence as sq
from rules.own_players import sequence as own
from solitaire_tui.own_players import source
from solitaire_tui.own_players.playing import Loaded, rules_module

EXAMPLES = Path(__file__).parents[2] / "examples" / "players"
RULES = "rules.own_players.sequence"
# A move's budget where games are compared, not timed: a test process's heap is large,
# and a full collection of it, charged to the move it falls in, can pass a second.
COMPARING = 60.0


def written(tmp_path: Path, text: str, name: str = "mine.py") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def as_python(path: Path, folder: Path, name: str = "") -> Path:
    """A copy of the player in ``path``, in ``folder`` (as ``name``, or its own), that
    plays as Python: for what a compiled player does the same, without its compile in
    every process it plays in (seconds each; the compiled players' own tests pay it)."""
    copy = folder / (name or path.name)
    copy.write_text(path.read_text().replace("COMPILED = True", "COMPILED = False"))
    return copy


def game_of(path: Path, budget: float = COMPARING) -> Loaded:
    module = source.load_module(path)
    return Loaded(rules_module(RULES), source.chooser(module, path), path, False, budget)


def reached(deal: int, seed: int, moves: int) -> sq.State:
    """A position of deal ``deal`` after up to ``moves`` moves chosen by ``seed``."""
    state, chance = own.start(deal), random.Random(seed)
    for _ in range(moves):
        if sq.is_over(state):
            break
        state = sq.apply(state, chance.choice(sq.legal_moves(state)))
    return state
