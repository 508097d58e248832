"""Sequence Solitaire in bulk: each player's compiled kernel, several compared on the
same deals, and the scores a run histograms."""

from __future__ import annotations

from collections.abc import Sequence

from rules.fast import sequence as fast
from rules.fast import sequence_fair as fair
from rules.fast import sequence_solver as solver
from rules.fast.batch import Kernel
from rules.fast.kernels import one_reading, side_by_side
from rules.roster import FAIR_SAMPLES as SAMPLES


def player_kernel(strategy: str) -> Kernel:
    """A Sequence player's kernel. The solver's row also counts the deals it left
    undecided (its ``unknown`` histogram): those may be winnable too."""
    if strategy in SAMPLES:
        return one_reading(
            lambda start, count: fair.deal_results(start, count, SAMPLES[strategy]),
            fair.FIELDS, ("final_cards",))
    if strategy == "solver":
        return one_reading(solver.deal_results, solver.FIELDS,
                            ("final_cards", "unknown"))
    return one_reading(lambda start, count: fast.deal_results(start, count, strategy),
                        fast.FIELDS, ("final_cards",))


def kernel(strategies: Sequence[str]) -> Kernel:
    """Each strategy on the same deals, a tally each, labelled by its name."""
    return side_by_side([player_kernel(strategy) for strategy in strategies], strategies)


