"""``bench --engine`` on tiny inputs: stand-in parts and probes, two keys and a short
run. Only the shape of what it reports is checked, never a timing."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from solitaire_tui import engine, measures
from solitaire_tui.bench import engine as bench_engine
from solitaire_tui.bench import keys as bench_keys
from solitaire_tui.bench.engine import EngineBench, as_data, measure, tables
from solitaire_tui.bench.warm_up import PartTiming
from solitaire_tui.cli import ENGINE_SECTIONS, build_parser
from solitaire_tui.engine import Part
from solitaire_tui.measures import Probe, Series
from solitaire_tui.stats.compare import COMPARE

QUICK = Part("quick", "a quick part", "tests.support.engine_parts:quick")
SECOND = Part("second", "a second part", "tests.support.engine_parts:quick", play=True)
ANSWER = Probe("answer", "a stand-in call", "tests.support.engine_parts:answer", (7,), "second",
               same_answer=True, target=60.0)
ONCE = Probe("once", "another stand-in call", "tests.support.engine_parts:answer", (1,), "quick")
DEALS = Series("deals", "a stand-in series", "tests.support.engine_parts:verdict", (3, 8),
               "verdict", median_target=60.0)


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The player's cache (which the bench must leave alone) in the test's directory."""
    monkeypatch.setenv(engine.CACHE_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.setenv("ENGINE_TEST_TRACE", str(tmp_path))
    return tmp_path / "cache"


def printed(bench: EngineBench) -> str:
    out = io.StringIO()
    console = Console(file=out, width=200)
    for table in tables(bench):
        console.print(table)
    return out.getvalue()


def test_the_option_names_what_it_measures() -> None:
    assert ENGINE_SECTIONS == bench_engine.SECTIONS
    parser = build_parser()
    assert parser.parse_args(["bench", "--engine"]).engine == []
    assert parser.parse_args(["bench", "--engine", "keys", "calls"]).engine == ["keys", "calls"]
    assert parser.parse_args(["bench"]).engine is None  # the default bench, as it was
    with pytest.raises(SystemExit):
        parser.parse_args(["bench", "--engine", "everything"])


@pytest.mark.slow
def test_compile_calls_and_load_report_every_part_and_call(cache: Path) -> None:
    lines: list[str] = []
    bench = measure([QUICK, SECOND], [ANSWER, ONCE], ("compile", "calls", "load"), None,
                    lines.append)
    assert not cache.exists()  # the player's cache: neither used nor touched
    assert [warm.jobs for warm in bench.compile] == [1, 2]
    for warm in bench.compile:
        assert sorted(part.name for part in warm.parts) == ["quick", "second"]
        assert all(part.seconds >= 0 and 0 <= part.ready_at <= warm.wall and not part.failed
                   for part in warm.parts)
        assert warm.play_ready_at == next(p.ready_at for p in warm.parts if p.play)
        # What a player was told as each part began: our seconds at the pace learnt
        # so far (none yet for the first: ours over the range the machine's probe
        # guessed, ``engine.PROBE_SPREAD``).
        first = min(warm.parts, key=lambda part: part.ready_at - part.seconds)
        least, most = engine.PROBE_SPREAD
        assert first.told == pytest.approx(QUICK.seconds * engine.probed_pace() * least)
        assert first.told_most == pytest.approx(QUICK.seconds * engine.probed_pace() * most)
        assert all(part.told > 0 for part in warm.parts)
    assert [call.name for call in bench.calls] == ["answer", "once"]
    assert bench.calls[0].answer == {"verdict": "won", "nodes": 7}
    assert [call.name for call in bench.cold] == [call.name for call in bench.busy] == ["answer"]
    assert bench.busy_cores >= 1
    data = json.loads(json.dumps(as_data(bench)))
    assert data["same_answers"] == [{"name": "answer", "warm": {"verdict": "won", "nodes": 7},
                                     "cold": {"verdict": "won", "nodes": 7},
                                     "busy": {"verdict": "won", "nodes": 7}, "same": True}]
    assert {"numba_import", "first", "second", "first_total", "met"} <= set(
        data["first_calls"][0])
    assert data["compile"][0]["parts"][0]["ready_at"] >= 0 and data["keys"] is None
    text = printed(bench)
    for words in ("Cold compile", "a second part", "all parts", "told within 2×", "First calls",
                  "a stand-in call", "won, 7 nodes", "One answer whatever", "✓"):
        assert words in text
    assert any("a quick part" in line for line in lines)


def test_a_series_is_timed_deal_by_deal_with_its_answers_counted() -> None:
    bench = measure([QUICK], [], ("searches",), None, lambda _: None, [DEALS])
    [timing] = bench.series
    assert timing.deals == (3, 8) and len(timing.seconds) == 5
    assert timing.outcomes == {"won": 3, "lost": 2}  # deals 3, 5, 7 and 4, 6
    assert 0 <= timing.median <= timing.p95 <= max(timing.seconds) and timing.met is True
    data = json.loads(json.dumps(as_data(bench)))
    assert data["series"][0]["outcomes"] == {"won": 3, "lost": 2}
    assert {"median", "p95", "mean", "met"} <= set(data["series"][0])
    text = printed(bench)
    for words in ("Deal after deal", "a stand-in series", "3..7", "lost 2, won 3", "✓"):
        assert words in text


@pytest.mark.integration  # starts processes of its own
def test_start_up_is_timed_in_fresh_processes_to_help_and_to_the_menu() -> None:
    bench = measure([QUICK], [], ("start",), None, lambda _: None)
    assert [timing.what for timing in bench.start] == ["--help", "the menu"]
    for timing in bench.start:
        assert len(timing.seconds) == 5 and all(seconds > 0 for seconds in timing.seconds)
        assert min(timing.seconds) <= timing.median <= max(timing.seconds)
    data = json.loads(json.dumps(as_data(bench)))
    assert [row["target"] for row in data["start"]] == [0.2, 0.5]
    assert "Start-up (fresh processes" in printed(bench)


@pytest.mark.slow
async def test_a_first_starts_keys_are_timed_on_the_game_screen(data_path: Path) -> None:
    """The measurement ``first-keys`` makes in its fresh process (here on the warm
    cache the tests share, so no warm-up runs), and its table."""
    from solitaire_tui.bench.first_hint import FirstKeys, key_times
    from solitaire_tui.bench.hint_timing import measure_keys

    found = await measure_keys("one-handed", 1, data_path)
    keys = key_times(json.loads(json.dumps(found))["keys"])
    assert [times.label for times in keys] == [step.label for step in bench_keys.GAME_STEPS]
    assert all(len(times.seconds) + times.missed == 1 for times in keys)
    assert isinstance(found["compiling"], bool)  # (a warm cache's warm-up ends at once)
    text = " ".join(printed(EngineBench(first_keys=FirstKeys(2, keys, True, keys))).split())
    assert "while the engine compiles (still at the last key: yes), and with the engine" \
        " warm (no compile), beside 2 other processes" in text
    assert "every key" in text and "n new deal" in text
    data = json.loads(json.dumps(as_data(EngineBench(first_keys=FirstKeys(2, keys, True,
                                                                           keys)))))
    assert data["first_keys"]["warm"] == data["first_keys"]["keys"]


@pytest.mark.slow
async def test_keys_are_timed_idle_and_during_a_run(data_path: Path) -> None:
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.games.registry import GAMES_BY_KEY

    # Auto play leaves a game in play, which n and esc would ask about first.
    steps = tuple(step for step in bench_keys.GAME_STEPS
                  if step.key in ("n", "a", "question_mark", "escape"))
    report = await bench_keys.key_latency(
        lambda data: SolitaireApp(data=data), GAMES_BY_KEY["one-handed"], rounds=1,
        short_run=100, game_steps=steps, size=(100, 32))
    places = {(times.where, times.running) for times in report.keys}
    assert places == {(where, running) for where in (bench_keys.GAME_SCREEN, bench_keys.PANEL)
                      for running in (False, True)}
    for times in report.keys:
        assert len(times.seconds) + times.missed == 1
        assert all(second > 0 for second in times.seconds)
    assert report.run_kept_going  # the run went on under every key
    overall = report.overall(True)
    assert overall.count + overall.missed == len(steps) + len(bench_keys.panel_steps(1))
    bench = EngineBench(keys=report)
    data = json.loads(json.dumps(as_data(bench)))
    assert {row["label"] for row in data["keys"]["by_key"]} == {
        step.label for step in (*steps, *bench_keys.panel_steps(1))}  # One-Handed: one row
    assert data["keys"]["target"] == bench_keys.KEY_TARGET
    text = printed(bench)
    assert "Key to screen" in text and "every key" in text and "?  help page" in text


def test_the_estimates_bench_covers_every_game_its_comparisons_and_its_thinking_players(
) -> None:
    from solitaire_tui.bench.estimates import EstimateTiming, setups
    from solitaire_tui.games.registry import GAMES

    found = setups(GAMES)
    assert {setup.game for setup in found} == {game.key for game in GAMES}
    assert sum(COMPARE in setup.options for setup in found) >= 3  # the panel's comparisons
    for game in GAMES:
        for options in measures.of(game).timed_runs:
            assert game.setup(options).options in [setup.options for setup in found]
    within = EstimateTiming("run", 10, 1.0, 0.5, guessed=10.0, took=19.0)
    assert within.met and not EstimateTiming("run", 10, 1.0, 0.5, 10.0, 21.0).met


def test_the_workers_bench_plays_each_run_on_one_worker_and_on_two() -> None:
    """On a stand-in game of one quick run: the same games both ways, timed."""
    from rules.fast import batch
    from solitaire_tui.bench import workers as bench_workers
    from solitaire_tui.games.registry import GAMES

    quick = next(game for game in GAMES if not measures.of(game).timed_runs
                 and not game.comparisons(game.setup({}).options))
    lines: list[str] = []
    timings = bench_workers.worker_timings([quick], lines.append, seconds=0.2)
    if batch.available_workers() < 2:
        assert timings == [] and "nothing to compare" in lines[0]
        return
    (timing,) = timings
    assert timing.heading == quick.setup({}).heading and timing.games >= 32
    assert timing.one > 0 and timing.two > 0 and timing.scaling == timing.one / timing.two
    assert bench_workers.WorkerTiming("run", 10, 2.0, 1.0).met
    assert not bench_workers.WorkerTiming("run", 10, 2.0, 1.5).met
    assert "Games a second on one worker" in printed(EngineBench(workers=timings))


def test_a_wait_is_told_right_within_twice_or_a_second() -> None:
    """The app tells a wait in whole seconds: "about 1 s" for a part that loads in a
    blink is right; a third of the time, or three times it, is not."""

    def told(seconds: float, told: float, most: float = 0.0) -> bool:
        part = PartTiming("part", "a part", True, seconds, seconds, told=told,
                          told_most=most)
        return bench_engine._told_right(part)

    assert told(0.03, 1.0) and told(10, 12) and told(10, 5.5)
    assert not told(10, 3) and not told(3, 10) and not told(0.03, 0.0)
    # A range ("about 3–12 s more", before this machine compiled a part) is held to
    # its ends, give or take the second it is told in, not to twice them.
    assert told(9.9, 2.5, 10.1) and told(2.2, 2.8, 11) and told(11.8, 2.8, 11)
    assert not told(12.5, 2.8, 11) and not told(1.5, 2.8, 11)


@pytest.mark.slow
async def test_a_first_hint_is_timed_to_whichever_helper_answers(data_path: Path) -> None:
    """The measurement ``first-hint`` makes in its fresh process (here on the warm cache
    the tests share), and its table: the wait ends at the game's own helper's hint or
    a stand-in's, whichever answers, and the table says whose it was."""
    from solitaire_tui.bench.first_hint import FirstHint
    from solitaire_tui.bench.hint_timing import measure

    found = await measure(0.0, "sequence", data_path)
    assert found.hint.startswith("Hint") and found.seconds < 60
    assert found.helper in ("its own", "greedy")
    stand_in = FirstHint(5.0, 0.02, "Compiling the engine",
                         "Hint from greedy (Sequence's fair player: about 9 s more): 7♣.")
    own = FirstHint(20.0, 0.1, "", "Hint: turn the 7♣.")
    assert (stand_in.helper, own.helper) == ("greedy", "its own")
    text = " ".join(printed(EngineBench(first_hints=[stand_in, own])).split())
    assert "whose hint" in text and "greedy" in text and "its own" in text
    data = json.loads(json.dumps(as_data(EngineBench(first_hints=[stand_in]))))
    assert data["first_hints"][0]["helper"] == "greedy"
