"""Players people write themselves: what each game shows them, and how their moves
are named (``rules.own.sequence``; the app loads and runs them, ``solitaire_tui.own``).

A game's module here holds what a runner of such players needs, as plain functions
of the rules' states (``Rules``): the first position of a numbered deal, the view a
player is given, the move a name stands for, and a finished game's row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Rules(Protocol):
    """A game's module in ``rules.own``."""

    FIELDS: Sequence[str]  # a finished game's row: "won" and its scores
    SCORES: Sequence[str]  # the fields of it a run histograms

    def start(self, deal: int) -> Any: ...

    def view(self, state: Any, deal: int, clairvoyant: bool) -> Any: ...

    def move_named(self, state: Any, name: object) -> Any: ...

    def name_of(self, state: Any, move: Any) -> str: ...

    def apply(self, state: Any, move: Any) -> Any: ...

    def is_over(self, state: Any) -> bool: ...

    def row(self, state: Any) -> tuple[int, ...]: ...
