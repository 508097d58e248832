"""Add/Residue's call a player waits for, set up for ``bench --engine``
(``engine.Probe``): the set-up imports no numba, so the first call meets it as the
app's first hint or computer's move does."""

from __future__ import annotations

from collections.abc import Callable

from rules import add_residue
from rules.players.add_residue import player


def strong(seed: int) -> Callable[[], dict[str, object]]:
    """The strong player's move on the default table's first position (two players,
    n = 13: too large for the perfect player, so a hint there is the strong one's)."""
    options = add_residue.Options()
    state = add_residue.new_game(options)
    chooser = player("strong", seed, options)

    def call() -> dict[str, object]:
        return {"move": str(chooser.choose(state))}

    return call
