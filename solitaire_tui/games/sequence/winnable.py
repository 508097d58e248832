"""Winnable deals only: new Sequence deals drawn at random until the solver wins one.

About 1.4% of Sequence deals are left undecided by the solver, none is known lost
(docs/playing.md, "Solvers, strong players and searches"), so most draws are kept at
once; the check is a solve with a smaller budget than the peek's, which decides most
deals in a few milliseconds, and a deal it cannot decide is passed over rather than
waited for (``bench --engine searches`` times the solver on the machine at hand;
docs/TUNING.md keeps what was measured when this was chosen). The screen still does
it in a worker, with the progress it owes past 0.3 s and a cancel, since a deal can be
slow and the first call loads the solver.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from rules import sequence
from rules.cards import deal_cards
from solitaire_tui.decks import RANDOM_DEALS

# Positions a deal may take to be shown winnable: a seventh of the peek's budget, which
# decides all but a few in a hundred, in a tenth of a second or so at most.
CHECK_NODES = 200_000


@dataclass(frozen=True)
class Found:
    """A deal the solver won, how many were drawn to find it, and the seconds the
    search took (not counting a wait for the solver's compile before it began)."""

    deal: int
    tries: int
    seconds: float


def winnable_deal(stop: Callable[[], bool],
                  draw: Callable[[], int] = lambda: secrets.randbelow(RANDOM_DEALS),
                  tried: Callable[[int], None] | None = None) -> Found | None:
    """Deals from ``draw`` until the solver wins one; None once ``stop()`` says so.
    ``tried(n)`` hears each deal passed over (for the screen's progress)."""
    from rules.fast.sequence_solver import solve

    began, tries = time.perf_counter(), 0
    while not stop():
        deal = draw()
        tries += 1
        state = sequence.new_game(sequence.Options(), deal_cards(deal))
        if solve(state, max_nodes=CHECK_NODES, stop=stop).verdict == "won":
            return Found(deal, tries, time.perf_counter() - began)
        if tried is not None:
            tried(tries)
    return None
