"""The described games' parts of the compiled engine (``engine.Part``): one set for
every description, shipped or a player's own, as each kernel takes the description
as data."""

from __future__ import annotations

from solitaire_tui.engine import Part

# One kernel for the whole family, its runs and its fair player's hints: every
# described game lists the same part, which the warm-up compiles once.
FAMILY_PART = Part("family", "the Calculation family's players",
                   "solitaire_tui.games.described.kernel:warm", play=True, seconds=10)
# The solver, for a peek and for runs (their lanes call it from Python,
# ``rules.fast.lanes.each_game``): the same part for every description too.
SOLVER_PART = Part("family-solver", "the Calculation family's solver",
                   "solitaire_tui.games.described.kernel:warm_solver", play=True, seconds=5.1,
                   after=(FAMILY_PART.name,))
