"""``bench --engine players``' reviews of Sequence games: a whole game's review
(``rules.players.sequence_review``), for games of the fair player and of the greedy
player, each timed once compiled."""

from __future__ import annotations

import time
from collections.abc import Callable

from rules import sequence
from rules.own.sequence import start
from rules.play import moves_of
from solitaire_tui.commands.bench_players import ReviewTiming

REVIEWED = (("fair", 3), ("greedy", 3))  # whose games are reviewed, and how many


def review_timings(tell: Callable[[str], None], seed: int) -> list[ReviewTiming]:
    from rules.players.sequence import player
    from rules.players.sequence_review import review

    timings = []
    for name, deals in REVIEWED:
        tell(f"Reviews of {deals} Sequence games by the {name} player …")
        seconds, decisions = [], 0
        for deal in range(seed, seed + deals):
            first = start(deal)
            moves = [move for move, _ in moves_of(sequence, first, player(name, deal).choose)]
            review(first, moves[:2], deal, samples=1)  # compiled, not timed
            began = time.perf_counter()
            decisions += len(review(first, moves, deal))
            seconds.append(time.perf_counter() - began)
        timings.append(ReviewTiming(f"Sequence, {name}", deals, tuple(seconds), decisions))
    return timings
