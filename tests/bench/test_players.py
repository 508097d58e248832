"""``bench --engine players`` at a small scale: the example players' runs on one worker
and on two are the games played in this process, and a review is timed. Only the
shape of the timing is checked."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from solitaire_tui import measures
from solitaire_tui.bench import players as bench_players
from solitaire_tui.games.registry import GAMES
from solitaire_tui.own_players import files


@pytest.mark.slow
def test_the_example_players_are_timed_on_one_and_two_workers_as_played_here() -> None:
    try:
        timings = bench_players.player_timings(GAMES, lambda _: None, scale=0.002)
    finally:
        files.forget()
    assert {timing.name for timing in timings} == {name for game in GAMES
                                                   for name, _ in measures.of(game).own_examples}
    compiled = [timing.name for timing in timings if timing.compiled is not None]
    assert compiled and all(  # a compiled example is timed as Python too
        [timing.name for timing in timings].count(name) == 2 for name in compiled)
    assert bench_players.GREEDY_CLASS in [timing.name for timing in timings]
    assert all(timing.same and min(timing.rates) > 0 for timing in timings)
    out = io.StringIO()
    Console(file=out, width=160).print(bench_players.players_table(timings))
    assert "as played here" in out.getvalue() and "DIFFERENT" not in out.getvalue()


@pytest.mark.slow
def test_a_whole_games_review_is_timed(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_tui.games.sequence import bench as sequence_bench

    monkeypatch.setattr(sequence_bench, "REVIEWED", (("fair", 1), ("greedy", 1)))
    timings = bench_players.review_timings(GAMES, lambda _: None)
    assert timings and all(timing.met is not None for timing in timings)
    assert all(timing.decisions > 0 and len(timing.seconds) == timing.deals
               for timing in timings)
