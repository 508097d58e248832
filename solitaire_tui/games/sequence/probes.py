"""Sequence Solitaire's calls a player waits for, set up for ``bench --engine``
(``engine.Probe``): the set-up imports no numba, so the first call meets it as the
app's first hint or peek does."""

from __future__ import annotations

from collections.abc import Callable

from rules import sequence
from rules.cards import deal_cards

Answer = dict[str, object]


def hint(deal: int, moves: int = 0) -> Callable[[], Answer]:
    """The fair player's move on deal ``deal`` after ``moves`` of the greedy player's
    (plain Python): the screen's hint. A new deal's first moves are often forced,
    and cost nothing but the first call's load; a few moves in, a choice is weighed."""
    from rules.players.sequence_fair import FairPlayer
    from rules.players.sequence_greedy import GreedyPlayer

    state = sequence.new_game(sequence.Options(), deal_cards(deal))
    greedy = GreedyPlayer()
    for _ in range(moves):
        state = sequence.apply(state, greedy.choose(state))
    player = FairPlayer(deal)

    def call() -> Answer:
        return {"move": str(player.choose(state))}

    return call


def solve(deal: int) -> Callable[[], Answer]:
    """Deal ``deal`` solved with the default budget and no clock, as ``solve sequence
    --deal D`` and a peek ask the solver."""
    state = sequence.new_game(sequence.Options(), deal_cards(deal))

    def call() -> Answer:
        from rules.fast.sequence_solver import solve as search

        solution = search(state)
        return {"verdict": solution.verdict, "nodes": solution.nodes,
                "moves": len(solution.moves)}

    return call


def fair_game(deal: int) -> Callable[[], Answer]:
    """A whole game of deal ``deal`` by the fair player, as a run plays it (seeded
    with the deal number), on one core."""
    ranks = [card.rank for card in deal_cards(deal)]

    def call() -> Answer:
        import numpy as np

        from rules.fast.sequence_fair import DEFAULT_SAMPLES, play

        won, final_cards, _ = play(np.array(ranks, np.int8), np.uint64(deal), DEFAULT_SAMPLES)
        return {"result": "won" if won else "lost", "final cards": int(final_cards)}

    return call
