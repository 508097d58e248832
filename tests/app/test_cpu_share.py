"""``cpu_share``: the clock of the warm-up's work, read from its processes' CPU time,
and that time read from ``/proc``."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_tui.cpu_share import Share, tree_cpu_seconds

pytestmark = pytest.mark.engine_free


def test_before_two_looks_the_clock_is_the_wall_clock_and_a_core_each() -> None:
    share = Share()
    assert share.worked(12.5) == 12.5 and share.share == 1.0
    share.look(10.0, 3.0, 2)
    assert share.worked(12.5) == 12.5 and share.share == 1.0
    share.look(11.0, None, 2)  # not told: nothing learnt
    assert share.worked(12.5) == 12.5


def test_the_clock_advances_by_the_cpu_each_compiling_process_had() -> None:
    share = Share()
    share.look(100.0, 0.0, 2)
    share.look(101.0, 2.0, 2)  # two processes, a core each
    assert share.share == 1.0 and share.worked(101.0) == 101.0
    share.look(103.0, 2.4, 2)  # then a tenth of a core each for two seconds
    assert share.worked(103.0) == pytest.approx(101.2)
    assert share.share == pytest.approx(1.2 / 3)  # over the looks lately
    assert share.worked(104.0) == pytest.approx(101.2 + 0.4)  # at that share since


def test_between_parts_the_share_is_kept() -> None:
    share = Share()
    share.look(0.0, 0.0, 1)
    share.look(1.0, 0.25, 1)
    share.look(2.0, 0.25, 0)  # nothing compiling: the processes idle, not held up
    assert share.share == 0.25 and share.worked(2.0) == pytest.approx(0.5)


@given(st.lists(st.tuples(st.floats(0.01, 5), st.floats(0, 10), st.integers(0, 3)),
                max_size=30))
def test_the_share_is_of_one_core_at_most_and_the_clock_never_passes_the_wall(
        looks: list[tuple[float, float, int]]) -> None:
    share, now, cpu = Share(), 1000.0, 0.0
    for seconds, used, compiling in looks:
        now, cpu = now + seconds, cpu + used
        share.look(now, cpu, compiling)
        assert 0.0 <= share.share <= 1.0
        assert 1000.0 <= share.worked(now) <= now + 1e-9


def test_a_process_and_its_childrens_cpu_time_is_read_where_the_system_tells_it() -> None:
    if tree_cpu_seconds(os.getpid()) is None:
        pytest.skip("no /proc here: the share stays a core each")
    assert tree_cpu_seconds(2**22 + 12345) is None  # no such process
    child = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        before = tree_cpu_seconds(os.getpid())
        assert before is not None
        deadline = time.monotonic() + 30
        while (tree_cpu_seconds(os.getpid()) or 0.0) < before + 0.2:  # the child's spin
            assert time.monotonic() < deadline, "the child's CPU time was not counted"
            time.sleep(0.02)
    finally:
        child.kill()
        child.wait()
