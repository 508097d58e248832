"""Sequence Solitaire in bulk: each player's compiled kernel, several compared on the
same deals, and the scores a run histograms."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rules import sequence
from rules.cards import deal_cards
from rules.fast import sequence as fast
from rules.fast import sequence_fair as fair
from rules.fast import sequence_solver as solver
from rules.fast.batch import Kernel
from rules.fast.kernels import one_reading, side_by_side
from rules.fast.sequence_endgame import plain_best_move
from rules.roster import FAIR_SAMPLES as SAMPLES
from rules.roster import SEQUENCE
from solitaire_tui.games.family import own
from solitaire_tui.own_players.playing import MOVE_SECONDS


def player_kernel(strategy: str) -> Kernel:
    """A Sequence player's kernel. The solver's row also counts the deals it left
    undecided (``unknown``: those may be winnable too) and those it proved lost."""
    if strategy in SAMPLES:
        return one_reading(
            lambda start, count: fair.deal_results(start, count, SAMPLES[strategy]),
            fair.FIELDS, ("final_cards",), stoppable=True)
    if strategy == "solver":
        return one_reading(solver.deal_results, solver.FIELDS,
                           ("final_cards", "unknown", "lost"), flags=("unknown", "lost"),
                           stoppable=True)
    return one_reading(lambda start, count: fast.deal_results(start, count, strategy),
                        fast.FIELDS, ("final_cards",))


def kernel(strategies: Sequence[str], move_seconds: float = MOVE_SECONDS) -> Kernel:
    """Each strategy on the same deals, a tally each, labelled by its name; a player of
    one's own (``own.files``) in worker processes, each move within ``move_seconds``."""
    return side_by_side([own.kernel("sequence", strategy, move_seconds)
                         or player_kernel(strategy) for strategy in strategies], strategies)


def warm() -> None:
    """Compile the run kernel of every player but the solver (an ``engine.Part``)."""
    kernel([name for name in SEQUENCE if name != "solver"]).results(0, 1)


def warm_hints() -> None:
    """The fair player's choice, which the hints and auto play call: its two halves,
    ``warm_endgame``'s and ``warm_choice``'s, loaded from the cache."""
    from rules.players.sequence_fair import FairPlayer

    FairPlayer(0).choose(_first_position())


def warm_endgame() -> None:
    """Compile the fair player's last moves (the endgame's search, which
    ``fair.plain_exact`` calls in ``plain_best_move``) as its choice calls them, with
    the same types, on a budget of one position: a part of its own, so that it and
    ``warm_choice`` compile at once on two processes."""
    from rules.players.sequence_fair import seen

    storage, heights, placed, hand, unseen = seen(_first_position())
    plain_best_move(storage, heights, placed, hand, unseen, *fair.table(), np.int64(1))


def warm_choice() -> None:
    """Compile the fair player's weighing of its moves (what ``fair.plain_weighed``
    calls: its options, and their sampled orders) as its choice calls it, with the
    same types, at deal 0's second position: at the first, the hand card has one
    place (any empty storage pile), and nothing is weighed."""
    from rules.players.sequence_fair import seen

    first = _first_position()
    second = sequence.apply(first, next(iter(sequence.legal_moves(first))))
    storage, heights, placed, hand, unseen = seen(second)
    fair.plain_weighed(storage, heights, placed, hand, unseen, np.uint64(0), 0,
                       SAMPLES["fair"])


def _first_position() -> sequence.State:
    """Deal 0's first position: what the parts are compiled on."""
    return sequence.new_game(sequence.Options(), deal_cards(0))


def warm_review() -> None:
    """Compile what a game's review (``v``) weighs moves with: the fair player's
    rollouts, and over the last cards every move's exact value (asked,
    as the rollouts are, at a position of the greedy player's game with seven cards
    left)."""
    from rules.players.sequence_greedy import GreedyPlayer
    from rules.players.sequence_review import chances

    state = _first_position()
    chances(state, list(sequence.legal_moves(state)), 0, samples=1)
    greedy = GreedyPlayer()
    while len(state.deck) > fair.EXACT_TRY:  # the deck is turned to its end: never over
        state = sequence.apply(state, greedy.choose(state))
    chances(state, list(sequence.legal_moves(state)), 0, samples=1)


def warm_solver() -> None:
    """Compile the solver as a peek, ``solve sequence`` and a run call it, with a small
    budget: the budget is an argument, not a part of the compiled code."""
    solver.solve(_first_position(), max_nodes=10)
    solver.deal_results(0, 1, max_nodes=10)


