"""Sequence Solitaire as ``bench`` measures it: the calls a player waits for (a hint,
a solve; set up without numba, so the first call meets the engine as the app's first
hint or peek does), the calls made deal after deal, the runs of thinking players whose
estimates are checked, the example players of one's own, a whole game's review (of
the fair player's games and the greedy player's, each timed once compiled), and the
kernels against the plain rules."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from rules import sequence
from rules.cards import deal_cards
from rules.own_players.sequence import start
from rules.play import final_state, moves_of
from rules.players import sequence as players
from solitaire_tui.games.sequence import calibration
from solitaire_tui.games.sequence.game import kernel
from solitaire_tui.measures import BenchCase, Measures, Probe, ReviewTiming, Series

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


def _pure(name: str) -> Callable[[int], object]:
    def play(deal: int) -> object:
        player = players.player(name, deal)
        return final_state(sequence, sequence.new_game(sequence.Options(), deal_cards(deal)),
                           player.choose)
    return play


REVIEWED = (("fair", 3), ("greedy", 3))  # whose games are reviewed, and how many


def review_timings(tell: Callable[[str], None], seed: int) -> list[ReviewTiming]:
    from rules.players.sequence_review import review

    timings = []
    for name, deals in REVIEWED:
        tell(f"Reviews of {deals} Sequence games by the {name} player …")
        seconds, decisions = [], 0
        for deal in range(seed, seed + deals):
            first, choose = start(deal), players.player(name, deal).choose
            moves = [move for move, _ in moves_of(sequence, first, choose)]
            review(first, moves[:2], deal, samples=1)  # compiled, not timed
            began = time.perf_counter()
            decisions += len(review(first, moves, deal))
            seconds.append(time.perf_counter() - began)
        timings.append(ReviewTiming(f"Sequence, {name}", deals, tuple(seconds), decisions))
    return timings


MEASURES = Measures(
    probes=(
        Probe("sequence-hint", "Sequence hint (fair player, deal 1, move 9)",
              "solitaire_tui.games.sequence.bench:hint", (1, 8), "sequence-hints", target=1.0),
        Probe("sequence-solve-1", "solve sequence --deal 1",
              "solitaire_tui.games.sequence.bench:solve", (1,), "sequence-solver"),
        Probe("sequence-solve-18", "solve sequence --deal 18",
              "solitaire_tui.games.sequence.bench:solve", (18,), "sequence-solver",
              same_answer=True),
        Probe("sequence-solve-188", "solve sequence --deal 188",
              "solitaire_tui.games.sequence.bench:solve", (188,), "sequence-solver",
              same_answer=True),
    ),
    series=(
        Series("sequence-solver", "Sequence solver, default budget",
               "solitaire_tui.games.sequence.bench:solve", (0, 1000), "verdict",
               median_target=0.002),
        Series("sequence-endgame", "Sequence peek, 13 cards to turn (greedy play)",
               "solitaire_tui.games.sequence.bench:endgame", (0, 100), "verdict"),
        Series("sequence-fair", "Sequence fair player, a whole game",
               "solitaire_tui.games.sequence.bench:fair_game", (0, 100), "result",
               mean_target=0.5),
    ),
    timed_runs=tuple({"strategies": [name]} for name in ("quick", "fair", "solver")),
    own_examples=(("first_fit.py", 6_000), ("rules_of_thumb.py", 3_000)),
    reviews=review_timings,
    calibration=calibration.calibration,
    kernels=lambda: tuple(
        BenchCase(f"Sequence, {name}", partial(kernel, [name]), _pure(name), target)
        for name, target in (("greedy", 200_000), ("random", None))),
)
