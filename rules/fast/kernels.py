"""Each game's kernel as a ``batch.Kernel``: its results and how to read them.

This is the one place that knows every kernel's columns, so the runner, the
command line and the app can treat the five games alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import numpy as np

from rules import add_residue, hit_or_miss, relay
from rules.fast import add_residue as fast_add_residue
from rules.fast import hit_or_miss as fast_hit_or_miss
from rules.fast import one_handed as fast_one_handed
from rules.fast import relay as fast_relay
from rules.fast import sequence as fast_sequence
from rules.fast import sequence_fair as fast_sequence_fair
from rules.fast import sequence_solver as fast_sequence_solver
from rules.fast.batch import Kernel, Reading
from rules.strategies.sequence_fair import SAMPLES


def _one_reading(results: Callable[[int, int], np.ndarray], fields: Sequence[str],
                 scores: Sequence[str]) -> Kernel:
    """The usual case: one tally, won from the ``won`` column, histograms of ``scores``."""
    won, columns = fields.index("won"), {name: fields.index(name) for name in scores}
    reading = Reading(
        "",
        won=lambda rows: rows[:, won] != 0,
        scores=lambda rows: {name: rows[:, i] for name, i in columns.items()},
    )
    return Kernel(results, (reading,), len(fields))


def hit_or_miss_kernel(options: hit_or_miss.Options) -> Kernel:
    return _one_reading(lambda start, count: fast_hit_or_miss.deal_results(start, count, options),
                        fast_hit_or_miss.FIELDS, ("cards_left", "passes", "strikes"))


def relay_kernel(options: relay.Options) -> Kernel:
    return _one_reading(lambda start, count: fast_relay.deal_results(start, count, options),
                        fast_relay.fields(options), ("rounds",))


def one_handed_kernel() -> Kernel:
    return _one_reading(fast_one_handed.deal_results, fast_one_handed.FIELDS, ("cards_left",))


def sequence_kernel(strategy: str) -> Kernel:
    """A Sequence player's kernel. The solver's row also counts the deals it left
    undecided (its ``unknown`` histogram): those may be winnable too."""
    if strategy in SAMPLES:
        return _one_reading(
            lambda start, count: fast_sequence_fair.deal_results(start, count, SAMPLES[strategy]),
            fast_sequence_fair.FIELDS, ("final_cards",))
    if strategy == "solver":
        return _one_reading(fast_sequence_solver.deal_results, fast_sequence_solver.FIELDS,
                            ("final_cards", "unknown"))
    return _one_reading(lambda start, count: fast_sequence.deal_results(start, count, strategy),
                        fast_sequence.FIELDS, ("final_cards",))


def side_by_side(kernels: Sequence[Kernel], labels: Sequence[str]) -> Kernel:
    """Several one-tally kernels on the same deals as one: their columns side by side
    and a tally each, so strategies are compared on exactly the same games."""
    if len(kernels) == 1:
        (reading,) = kernels[0].readings
        return dataclasses.replace(kernels[0], readings=(
            dataclasses.replace(reading, label=labels[0]),))
    starts = [sum(kernel.columns for kernel in kernels[:index]) for index in range(len(kernels))]

    def results(start: int, count: int) -> np.ndarray:
        return np.hstack([kernel.results(start, count) for kernel in kernels])

    def shifted(kernel: Kernel, first: int, label: str) -> Reading:
        (reading,) = kernel.readings
        tied = reading.tied

        def part(rows: np.ndarray) -> np.ndarray:
            return rows[:, first:first + kernel.columns]

        return Reading(label, lambda rows: reading.won(part(rows)),
                       lambda rows: reading.scores(part(rows)),
                       None if tied is None else lambda rows: tied(part(rows)))

    return Kernel(results, tuple(shifted(kernel, first, label) for kernel, first, label
                                 in zip(kernels, starts, labels, strict=True)),
                  sum(kernel.columns for kernel in kernels))


def sequence_strategies_kernel(strategies: Sequence[str]) -> Kernel:
    """Each strategy on the same deals, a tally each, labelled by its name."""
    return side_by_side([sequence_kernel(strategy) for strategy in strategies], strategies)


def add_residue_kernel(options: add_residue.Options, strategies: Sequence[str]) -> Kernel:
    """One tally a seat: a seat wins a game when it has the top score alone, and ties
    when it shares the top score with others."""
    fields = fast_add_residue.fields(options, strategies)
    winners = fields.index("winners")

    def shared(rows: np.ndarray) -> np.ndarray:
        mask = rows[:, winners]
        flags: np.ndarray = mask & (mask - 1) != 0  # more than one bit set
        return flags

    def seat(s: int) -> Reading:
        column = fields.index(f"score_{s + 1}")

        def top(rows: np.ndarray) -> np.ndarray:
            flags: np.ndarray = (rows[:, winners] >> s) & 1 != 0
            return flags

        return Reading(f"P{s + 1} {strategies[s]}",
                       won=lambda rows: top(rows) & ~shared(rows),
                       scores=lambda rows: {"points": rows[:, column]},
                       tied=lambda rows: top(rows) & shared(rows))

    return Kernel(
        lambda start, count: fast_add_residue.deal_results(start, count, options, strategies),
        tuple(seat(s) for s in range(options.players)),
        len(fields),
    )
