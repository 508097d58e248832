"""Findings: the open questions of a game's sources, answered by figures the app works
out when asked, each with the command that gives the same figures again.

A game lists its findings (``Game.findings``); the findings page (``screens.findings``)
and ``solitaire-tui findings`` show them all. A finding's answer is computed, never
written down: runs on fixed deals (so the command reproduces them exactly) and their
intervals, and a sentence that follows from the interval, not from a guess. The work
takes seconds, so the page runs it in a worker and the command shows its progress;
both can stop it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.stats import Tally
from solitaire_tui.stats.compare import run_setup, with_spec
from solitaire_tui.stats.runs import Runs, paired_difference, percent

Stop = Callable[[], bool]


class Stopped(Exception):
    """A finding's work was stopped before its answer was complete."""


@dataclass(frozen=True)
class Finding:
    """A question, the commands that reproduce its answer, and how to work the answer
    out (in Markdown; raises ``Stopped`` when ``stop()`` ends the work first)."""

    question: str
    commands: tuple[str, ...]
    answer: Callable[[Stop], str]


def compared(game: Runs, options: Mapping[str, Any], option: str, values: Sequence[Any],
             games: int, seed: int, stop: Stop) -> list[Tally]:
    """The tallies of a comparison run on deals seed..seed+games-1, every one played."""
    from rules.fast import batch

    setup = run_setup(game, with_spec(options, {"option": option, "values": list(values)}))
    run = batch.run(setup.make_kernel(), seed, games, stop=stop)
    if run.cancelled:
        raise Stopped
    return run.tallies


def verdict(first: Tally, later: Tally, better: str, worse: str, same: str) -> str:
    """The paired difference of ``later`` from ``first`` and what its interval says."""
    found = paired_difference(later.histograms, later.games)
    assert found is not None, "a later version of a comparison has its paired outcomes"
    change, low, high = found
    if low > 0:
        said = better
    elif high < 0:
        said = worse
    else:
        said = same
    return (f"{percent(first.win_rate)} → {percent(later.win_rate)}: {100 * change:+.3f}"
            f" points (95% interval {100 * low:+.3f} to {100 * high:+.3f}), {said}")


def page(findings: Sequence[tuple[str, Finding]], answers: Mapping[int, str],
         working: int | None = None) -> str:
    """The findings as one Markdown page: each question with its answer (or a line
    saying it is being worked out, or not yet) and its command."""
    parts = ["# Findings", "",
             "The open questions of the games' sources, answered by runs this app plays"
             " now, on fixed deals: each command below prints the same figures."]
    for index, (title, finding) in enumerate(findings):
        answer = answers.get(index) or ("*Working it out…*" if index == working
                                        else "*Waiting its turn.*")
        parts += ["", f"## {finding.question}", f"*{title}*", "", answer, "",
                  "Again with:", "", *(f"`{command}`  " for command in finding.commands)]
    return "\n".join(parts)
