"""``bench --engine judge`` on a small input: the answers it samples are the plain
solver's, from a file and from a pipe. Only the shape of the timing is checked."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from solitaire_tui.bench import judge as bench_judge
from solitaire_tui.judge import parse


def test_the_input_is_the_contests_and_its_sample_is_spaced_through_it(tmp_path: Path) -> None:
    given = tmp_path / "in.txt"
    sample = bench_judge.contest_input(given, 1000)
    cases = parse(given.read_text())
    assert len(cases) == 1000
    assert sample == cases[:: 1000 // bench_judge.SAMPLE]


@pytest.mark.slow
def test_the_judge_is_timed_from_a_file_and_a_pipe_and_its_answers_checked() -> None:
    timings = bench_judge.judge_timings(cases=bench_judge.SAMPLE * 3, runs=1)
    assert [timing.source for timing in timings] == ["a file", "a pipe"]
    assert all(timing.same and timing.rate > 0 for timing in timings)
    out = io.StringIO()
    Console(file=out, width=160).print(bench_judge.table(timings))
    assert "the plain solver's" in out.getvalue() and "DIFFERENT" not in out.getvalue()
