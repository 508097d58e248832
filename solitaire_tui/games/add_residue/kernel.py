"""Add/Residue in bulk: its compiled kernel, read as a tally a seat."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rules import add_residue
from rules.fast import add_residue as fast
from rules.fast.batch import Kernel, Reading
from rules.roster import BASIC


def kernel(options: add_residue.Options, strategies: Sequence[str]) -> Kernel:
    """One tally a seat: a seat wins a game when it has the top score alone, and ties
    when it shares the top score with others."""
    fields = fast.fields(options, strategies)
    winners = fields.index("winners")

    def shared(rows: np.ndarray) -> np.ndarray:
        mask = rows[:, winners]
        flags: np.ndarray = mask & (mask - 1) != 0  # more than one bit set
        return flags

    def seat(s: int) -> Reading:
        column = fields.index(f"score_{s + 1}")

        def top(rows: np.ndarray) -> np.ndarray:
            flags: np.ndarray = (rows[:, winners] >> s) & 1 != 0
            return flags

        return Reading(f"P{s + 1} {strategies[s]}",
                       won=lambda rows: top(rows) & ~shared(rows),
                       scores=lambda rows: {"points": rows[:, column]},
                       tied=lambda rows: top(rows) & shared(rows))

    return Kernel(
        lambda start, count: fast.deal_results(start, count, options, strategies),
        tuple(seat(s) for s in range(options.players)),
        len(fields),
        stoppable=True,
    )


def warm() -> None:
    """Compile the run kernel (an ``engine.Part``): one deal of two basic players is
    enough, as every player is a branch of the same compiled game."""
    kernel(add_residue.Options(), BASIC).results(0, 1)


def warm_players() -> None:
    """Compile the strong and the perfect player's moves, on a game small enough that
    the perfect player's table takes no time to fill."""
    from rules.fast.add_residue_search import perfect_move, strong_move

    small = add_residue.new_game(add_residue.Options(players=2, n=2))
    strong_move(small, 1, 10)
    perfect_move(small)
