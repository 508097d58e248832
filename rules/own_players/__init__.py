"""Players people write themselves: what each game shows them, and how their moves
are named (``rules.own_players.sequence``; the app loads and runs them,
``solitaire_tui.own_players``).

A game's module here holds what a runner of such players needs, as plain functions
of the rules' states (``Rules``): the first position of a numbered deal, the view a
player is given, the move a name stands for, and a finished game's row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol


class Rules(Protocol):
    """A game's module in ``rules.own_players``. ``options`` are the run's (a game that seats
    built-in players beside one's own, as Add/Residue does, reads who sits where)."""

    SCORES: Sequence[str]  # the fields of a finished game's row a run histograms
    DEAL: str  # what a numbered game is called: "deal", or "game" where none is dealt
    # The module of ``rules.fast`` that compiles a player of the typed subset (a file
    # that sets ``COMPILED = True``), or "" where the game has none yet.
    COMPILED_BY: str

    def fields(self, options: Mapping[str, Any]) -> Sequence[str]:
        """A finished game's row: "won" and its scores, or the game's own columns."""

    def start(self, deal: int, options: Mapping[str, Any]) -> Any: ...

    def others(self, deal: int, options: Mapping[str, Any],
               own: str) -> Callable[[Any], Any | None]:
        """The built-in seats' moves in game ``deal``: None on the turn of a seat the
        player ``own`` sits in."""

    def view(self, state: Any, deal: int, clairvoyant: bool) -> Any: ...

    def move_named(self, state: Any, name: object, view: Any = None) -> Any: ...

    def name_of(self, state: Any, move: Any) -> str: ...

    def apply(self, state: Any, move: Any) -> Any: ...

    def is_over(self, state: Any) -> bool: ...

    def row(self, state: Any, options: Mapping[str, Any]) -> tuple[int, ...]: ...
