"""Sequence Solitaire's parts of the compiled engine (``engine.Part``): what its
hints, its peek and its review call, in play, then its runs."""

from __future__ import annotations

from solitaire_tui.engine import Part

HINTS = Part("sequence-hints", "Sequence's fair player",
             "solitaire_tui.games.sequence.kernel:warm_hints", play=True, seconds=15)
SOLVER = Part("sequence-solver", "Sequence's solver",
              "solitaire_tui.games.sequence.kernel:warm_solver", play=True, seconds=20)
# Wanted at a game's end only, so after the hints and the peek.
REVIEW = Part("sequence-review", "Sequence's review",
              "solitaire_tui.games.sequence.kernel:warm_review", play=True, seconds=2,
              after=(HINTS.name,))
RUNS = Part("sequence-runs", "Sequence runs", "solitaire_tui.games.sequence.kernel:warm",
            seconds=10.5, after=(HINTS.name,))
SOLVER_RUNS = Part("sequence-solver-runs", "Sequence's solver runs",
                   "solitaire_tui.games.sequence.kernel:warm_solver_runs", seconds=8.5,
                   after=(SOLVER.name,))
