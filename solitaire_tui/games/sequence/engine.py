"""Sequence Solitaire's parts of the compiled engine (``engine.Part``): what its
hints, its peek and its review call, in play, then its runs."""

from __future__ import annotations

from solitaire_tui.engine import Part

# The fair player's two halves compile at once on the warm-up's two processes; its
# hints' part then only loads them from the cache (docs/TUNING.md).
ENDGAME = Part("sequence-endgame", "Sequence's fair player (endgame)",
               "solitaire_tui.games.sequence.kernel:warm_endgame", seconds=8.6)
CHOICE = Part("sequence-choice", "Sequence's fair player (weighing)",
              "solitaire_tui.games.sequence.kernel:warm_choice", seconds=8.3)
HINTS = Part("sequence-hints", "Sequence's fair player",
             "solitaire_tui.games.sequence.kernel:warm_hints", play=True, seconds=0.1,
             after=(ENDGAME.name, CHOICE.name))
SOLVER = Part("sequence-solver", "Sequence's solver",
              "solitaire_tui.games.sequence.kernel:warm_solver", play=True, seconds=17.5)
# Wanted at a game's end only, so after the hints and the peek.
REVIEW = Part("sequence-review", "Sequence's review",
              "solitaire_tui.games.sequence.kernel:warm_review", play=True, seconds=1.3,
              after=(HINTS.name,))
RUNS = Part("sequence-runs", "Sequence runs", "solitaire_tui.games.sequence.kernel:warm",
            seconds=7.9, after=(HINTS.name,))
