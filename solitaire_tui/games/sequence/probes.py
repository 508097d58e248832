"""Sequence Solitaire's calls a player waits for, set up for ``bench --engine``
(``engine.Probe``): the set-up imports no numba, so the first call meets it as the
app's first hint or peek does."""

from __future__ import annotations

from collections.abc import Callable

from rules import sequence
from rules.cards import deal_cards

Answer = dict[str, object]
ENDGAME = 13  # cards left to turn, at most, where a peek should always decide


def hint(deal: int, moves: int = 0) -> Callable[[], Answer]:
    """The fair player's move on deal ``deal`` after ``moves`` of the greedy player's
    (plain Python): the screen's hint. A new deal's first moves are often forced,
    and cost nothing but the first call's load; a few moves in, a choice is weighed."""
    from rules.players.sequence_fair import FairPlayer

    state = _greedy(deal, lambda state: state.moves < moves)
    player = FairPlayer(deal)

    def call() -> Answer:
        return {"move": str(player.choose(state))}

    return call


def solve(deal: int) -> Callable[[], Answer]:
    """Deal ``deal`` solved with the default budget and no clock, as ``solve sequence
    --deal D`` and a peek ask the solver."""
    return _solving(sequence.new_game(sequence.Options(), deal_cards(deal)))


def endgame(deal: int) -> Callable[[], Answer]:
    """A peek at deal ``deal`` once ENDGAME cards are left to turn, the greedy player's
    moves (plain Python) having brought it there: a peek must decide every such
    position. Poor play leaves most of them lost, and a loss is proved only
    by searching every line, so this is where the solver's loss proofs are timed."""
    return _solving(_greedy(deal, lambda state: _to_turn(state) > ENDGAME))


def _to_turn(state: sequence.State) -> int:
    return len(state.deck) + (state.hand is not None)


def _greedy(deal: int, going: Callable[[sequence.State], bool]) -> sequence.State:
    """Deal ``deal`` played by the greedy player while ``going`` says so (or to its end)."""
    from rules.players.sequence_greedy import GreedyPlayer

    state = sequence.new_game(sequence.Options(), deal_cards(deal))
    greedy = GreedyPlayer()
    while going(state) and not sequence.is_over(state):
        state = sequence.apply(state, greedy.choose(state))
    return state


def _solving(state: sequence.State) -> Callable[[], Answer]:
    """``state`` solved with the default budget and no clock, as a peek asks."""

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
