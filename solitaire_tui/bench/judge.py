"""``bench --engine judge``: contest cases a second through the ``judge`` command, the
way a contest runs it: a fresh process, the engine warm, the input from a file and from
a pipe, the answers to a file. A sample of the answers is held to the plain solver, so
that a fast judge answering wrongly cannot pass.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rich.table import Table

from solitaire_tui.judge import Case, case_line, solve

CASES = 1_000_000
RUNS = 3
TARGET = 100_000  # cases a second: the contest's largest input within a second
SAMPLE = 200  # answers held to the plain solver
SEED = 2035
# A process that writes the input file into a pipe (cat, wherever Python runs).
FEED = "import shutil, sys; shutil.copyfileobj(open(sys.argv[1], 'rb'), sys.stdout.buffer)"


@dataclass(frozen=True)
class JudgeTiming:
    source: str  # "a file" or "a pipe"
    cases: int
    seconds: tuple[float, ...]
    same: bool  # the sampled answers are the plain solver's

    @property
    def rate(self) -> float:
        return self.cases / statistics.median(self.seconds)

    @property
    def met(self) -> bool:
        return self.same and self.rate >= TARGET


def random_cases(count: int, seed: int, any_values: float = 0.1) -> Iterator[Case]:
    """Random cases as the contest allows them: 1..10 players, a shuffled deck, or
    (a share ``any_values`` of them) any 52 values."""
    dice = random.Random(seed)
    for _ in range(count):
        if dice.random() < any_values:
            deck = [dice.randint(1, 13) for _ in range(52)]
        else:
            deck = [value for value in range(1, 14) for _ in range(4)]
            dice.shuffle(deck)
        yield Case(dice.randint(1, 10), tuple(deck))


def case_text(case: Case) -> str:
    """A case's line of the contest's input."""
    return f"{case.players} {' '.join(map(str, case.cards))}"


def contest_input(path: Path, cases: int, seed: int = SEED) -> list[Case]:
    """Write a contest input of random cases and return the sample of its cases
    ``SAMPLE`` spaced evenly."""
    every = max(1, cases // SAMPLE)
    sample = []
    with path.open("w") as out:
        out.write(f"{cases}\n")
        for k, case in enumerate(random_cases(cases, seed)):
            out.write(case_text(case) + "\n")
            if k % every == 0:
                sample.append(case)
    return sample


def judge_timings(cases: int = CASES, runs: int = RUNS) -> list[JudgeTiming]:
    with tempfile.TemporaryDirectory(prefix="solitaire-judge-") as root:
        given, answers = Path(root) / "in.txt", Path(root) / "out.txt"
        sample = contest_input(given, cases)
        every = max(1, cases // SAMPLE)
        expected = [case_line(k * every + 1, solve(case)) for k, case in enumerate(sample)]
        timings = []
        for source in ("a file", "a pipe"):
            seconds = tuple(_judge(given, answers, source == "a pipe") for _ in range(runs))
            with answers.open() as out:
                got = [line.rstrip("\n") for k, line in enumerate(out) if k % every == 0]
            timings.append(JudgeTiming(source, cases, seconds, got == expected))
        return timings


def _judge(given: Path, answers: Path, piped: bool) -> float:
    command = [sys.executable, "-m", "solitaire_tui", "judge"]
    with answers.open("w") as out:
        began = time.perf_counter()
        if piped:  # written by another process, as a contest's harness writes it
            with subprocess.Popen([sys.executable, "-c", FEED, str(given)],
                                  stdout=subprocess.PIPE) as feeder:
                subprocess.run(command, stdin=feeder.stdout, stdout=out, check=True)
        else:
            with given.open() as stdin:
                subprocess.run(command, stdin=stdin, stdout=out, check=True)
        return time.perf_counter() - began


def table(timings: list[JudgeTiming]) -> Table:
    table = Table(title="The contest judge (a fresh process, the engine warm): cases a second")
    for column in ("input from", "cases", "median", "fastest", "cases a second",
                   "answers", "target"):
        table.add_column(column, justify="left" if column == "input from" else "right")
    for timing in timings:
        table.add_row(timing.source, f"{timing.cases:,}",
                      f"{statistics.median(timing.seconds):.2f} s",
                      f"{min(timing.seconds):.2f} s", f"{timing.rate:,.0f}",
                      f"{SAMPLE} sampled: " + ("the plain solver's" if timing.same
                                               else "DIFFERENT"),
                      ("✓ " if timing.met else "✗ ") + f"≥ {TARGET:,}")
    return table
