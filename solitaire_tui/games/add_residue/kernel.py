"""Add/Residue in bulk: its compiled kernel, read as a tally a seat."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np

from rules import add_residue
from rules.errors import OptionsError
from rules.fast import add_residue as fast
from rules.fast.batch import Kernel, Reading
from rules.own_players import add_residue as own_rules
from rules.roster import BASIC
from solitaire_tui.own_players import files, running
from solitaire_tui.own_players.playing import MOVE_SECONDS


def kernel(options: add_residue.Options, strategies: Sequence[str],
           move_seconds: float = MOVE_SECONDS) -> Kernel:
    """One tally a seat: a seat wins a game when it has the top score alone, and ties
    when it shares the top score with others. A table with a player of one's own
    (``own.files``) is played in that player's worker processes, the other seats by
    the built-in players in Python, seeded as the compiled kernel seeds them."""
    own = [player for name in dict.fromkeys(strategies)
           if (player := files.find(name, "add-residue")) is not None]
    if len(own) > 1:
        raise OptionsError("one player of your own at a table (it may sit in several seats)")
    if own:
        run_options = {"players": options.players, "n": options.n,
                       "strategies": list(strategies)}
        fields = own_rules.fields(run_options)
        results = partial(running.results, own[0], move_seconds, run_options)
    else:
        fields = fast.fields(options, strategies)
        results = partial(fast.deal_results, options=options, strategies=strategies)
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

    return Kernel(results, tuple(seat(s) for s in range(options.players)), len(fields),
                  stoppable=not own)


def warm() -> None:
    """Compile the run kernel (an ``engine.Part``): one deal of two basic players is
    enough, as every player is a branch of the same compiled game."""
    kernel(add_residue.Options(), BASIC).results(0, 1)


def warm_players() -> None:
    """Compile the strong and the perfect player's moves, on a game small enough that
    the perfect player's table takes no time to fill, and the playouts a review (``v``)
    weighs the moves of a game too large to solve with."""
    from rules.fast.add_residue_search import perfect_move, strong_move
    from rules.players.add_residue_review import outcomes

    small = add_residue.new_game(add_residue.Options(players=2, n=2))
    strong_move(small, 1, 10)
    perfect_move(small)
    large = add_residue.new_game(add_residue.Options(players=2, n=13))
    outcomes(large, add_residue.legal_moves(large)[:1], seed=0, each=1)
