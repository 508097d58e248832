"""Hit or Miss's parts of the compiled engine (``engine.Part``): the zero-strike
search, which its own screen waits for, and the runs."""

from __future__ import annotations

from solitaire_tui.engine import Part

SEARCH = Part("zero-strike", "the zero-strike search",
              "solitaire_tui.games.hit_or_miss.kernel:warm_search", seconds=3.1)
RUNS = Part("hit-or-miss-runs", "Hit or Miss runs", "solitaire_tui.games.hit_or_miss.kernel:warm",
            seconds=1)
