"""Each game's kernel as a ``batch.Kernel``: its results and how to read them.

This is the one place that knows every kernel's columns, so the runner, the
command line and the app can treat the five games alike.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rules import add_residue, hit_or_miss, relay
from rules.fast import add_residue as fast_add_residue
from rules.fast import hit_or_miss as fast_hit_or_miss
from rules.fast import one_handed as fast_one_handed
from rules.fast import relay as fast_relay
from rules.fast import sequence as fast_sequence
from rules.fast.batch import Kernel, Reading


def _one_reading(fields: Sequence[str], scores: Sequence[str]) -> tuple[Reading, ...]:
    """The usual case: one tally, won from the ``won`` column, histograms of ``scores``."""
    won, columns = fields.index("won"), {name: fields.index(name) for name in scores}
    return (
        Reading(
            "",
            won=lambda results: results[:, won] != 0,
            scores=lambda results: {name: results[:, i] for name, i in columns.items()},
        ),
    )


def hit_or_miss_kernel(options: hit_or_miss.Options) -> Kernel:
    return Kernel(
        lambda start, count: fast_hit_or_miss.deal_results(start, count, options),
        _one_reading(fast_hit_or_miss.FIELDS, ("cards_left", "passes", "strikes")),
    )


def relay_kernel(options: relay.Options) -> Kernel:
    return Kernel(
        lambda start, count: fast_relay.deal_results(start, count, options),
        _one_reading(fast_relay.fields(options), ("rounds",)),
    )


def one_handed_kernel() -> Kernel:
    return Kernel(fast_one_handed.deal_results,
                  _one_reading(fast_one_handed.FIELDS, ("cards_left",)))


def sequence_kernel(strategy: str) -> Kernel:
    return Kernel(
        lambda start, count: fast_sequence.deal_results(start, count, strategy),
        _one_reading(fast_sequence.FIELDS, ("final_cards",)),
    )


def add_residue_kernel(options: add_residue.Options, strategies: Sequence[str]) -> Kernel:
    """One tally a seat: a seat wins a game when it has the top score, alone or shared."""
    fields = fast_add_residue.fields(options, strategies)
    winners = fields.index("winners")

    def seat(s: int) -> Reading:
        column = fields.index(f"score_{s + 1}")

        def won(results: np.ndarray) -> np.ndarray:
            flags: np.ndarray = (results[:, winners] >> s) & 1 != 0
            return flags

        return Reading(f"P{s + 1} {strategies[s]}", won,
                       lambda results: {"points": results[:, column]})

    return Kernel(
        lambda start, count: fast_add_residue.deal_results(start, count, options, strategies),
        tuple(seat(s) for s in range(options.players)),
    )
