"""A compiled player's loop is kept in numba's cache: the same file compiles once,
across processes; a changed file, a damaged cache or a copy another program changed
is compiled afresh, and only the most recently used copies are kept."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pytest

from solitaire_tui.own_players import kept_loop
from solitaire_tui.own_players.compiled import compile_player
from solitaire_tui.own_players.playing import play_deal
from tests.support.players import EXAMPLES, RULES, game_of, written

PLAYER = (EXAMPLES / "first_fit.py").read_text()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The copies and numba's cache of them in the test's own directory."""
    monkeypatch.setattr(kept_loop, "use_cache_dir", lambda: tmp_path / "cache")
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(numba.config, "CACHE_DIR", "")  # read as numba was imported
    return tmp_path / "cache" / "players"


def hits(path: Path) -> tuple[int, int]:
    """The player in ``path`` compiled as a run's worker compiles it: its loop's
    cache hits and misses, after the loop played deals 0..19 as the plain player does."""
    compiled = compile_player(path, RULES, False)
    assert compiled.why is None, compiled.why
    out = np.full((20, 3), -1, np.int64)
    assert compiled.loop(0, 20, False, out, np.zeros(5, np.int64)) == 20
    assert out.tolist() == [list(play_deal(game_of(path), deal, None)) for deal in range(20)]
    stats = compiled.loop.stats
    return sum(stats.cache_hits.values()), sum(stats.cache_misses.values())


@pytest.mark.slow
def test_a_file_compiles_once_and_a_changed_one_again(tmp_path: Path, cache: Path) -> None:
    path = written(tmp_path, PLAYER)
    assert hits(path) == (0, 1)
    assert hits(path) == (1, 0)  # a new run: numba loads the loop it kept
    path.write_text(PLAYER.replace("(2, 3, 4)", "(4, 3, 2)"))
    assert hits(path) == (0, 1)
    assert len(list(cache.iterdir())) == 2


def _hits_at_once(path: Path, cache: Path, together: Any) -> tuple[int, int]:
    """In a process of its own: ``hits`` on the copies and cache under ``cache``, begun
    once every process of the test is there (``together``, a barrier)."""
    kept_loop.use_cache_dir = lambda: cache  # type: ignore[assignment]
    os.environ.pop("NUMBA_CACHE_DIR", None)
    numba.config.CACHE_DIR = ""
    together.wait()
    return hits(path)


@pytest.mark.slow
def test_processes_started_at_once_compile_a_file_once(tmp_path: Path, cache: Path) -> None:
    """As a run's worker processes start: one compiles the file, the others wait for
    it and load what it kept (each compiled it, a core's seconds each, before)."""
    path = written(tmp_path, PLAYER)
    spawn = multiprocessing.get_context("spawn")
    with spawn.Manager() as manager, ProcessPoolExecutor(2, mp_context=spawn) as pool:
        together = manager.Barrier(2)
        found = list(pool.map(_hits_at_once, [path] * 2, [cache.parent] * 2, [together] * 2))
    assert sorted(found) == [(0, 1), (1, 0)]


@pytest.mark.slow
def test_a_damaged_cache_or_copy_is_compiled_afresh(tmp_path: Path, cache: Path) -> None:
    path = written(tmp_path, PLAYER)
    hits(path)
    (folder,) = cache.iterdir()
    for kept in (folder / "__pycache__").glob("*.nbc"):
        kept.write_bytes(b"not numba's")
    assert hits(path) == (0, 1)
    (folder / path.name).write_text("raise SystemExit('another program wrote this')\n")
    hits(path)  # the copy written again as it was: the games the plain player plays
    assert (folder / path.name).read_text().startswith(PLAYER)


def test_only_the_most_recently_used_copies_are_kept(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept_loop, "KEPT", 3)
    copies = [kept_loop._copy("mine.py", f"# {number}\n") for number in range(5)]
    assert sorted(cache.iterdir()) == sorted(copy.parent for copy in copies[2:])
    kept_loop._copy("mine.py", "# 2\n")  # used again: kept over the two after it
    kept_loop._copy("mine.py", "# 5\n")
    assert {copy.read_text() for copy in cache.glob("*/mine.py")} == {"# 2\n", "# 4\n",
                                                                      "# 5\n"}


@pytest.mark.slow
def test_with_no_room_for_the_copy_the_player_is_compiled_but_not_kept(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(name: str, text: str) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(kept_loop, "_copy", full)
    path = written(tmp_path, PLAYER)
    assert hits(path)[0] == 0  # compiled here, the games as the plain player plays them
    assert not cache.exists()
