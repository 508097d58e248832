"""A game from an autoplay run (or a search), to watch move by move on its screen.

A run's result for deal d depends on d alone, so each game's home rebuilds the game
from the run's options and the deal number (``Game.replay``): the same cards, and
the computer players seeded as the kernels seed them. The screen then works out the
line from the start in the background and steps through it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solitaire_tui.decks import Deck


@dataclass(frozen=True)
class Replay:
    game: str  # the game's key
    deck: Deck | None
    options: Any  # what the game's screen takes: the rules' Options, or a Table
    choose: Callable[[Any], Any] | None  # who chooses each move; None: every move is forced
    label: str  # what is replayed, in words: "deal 17, random player"
