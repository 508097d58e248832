"""The engine's warm-up: parts compiled in processes of their own, the mark that says
the cache is warm, the app's view of a warm-up in the background and what waits
for it (a hint, a computer's move, a run)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from rules.players.sequence_greedy import GreedyPlayer
from solitaire_tui import engine
from solitaire_tui.commands import warm as warm_command
from solitaire_tui.engine import Event, Part, Warmup
from solitaire_tui.games.registry import ENGINE, GAMES
from tests.support.pilots import text_of, until

QUICK = Part("quick", "a quick part", "tests.support.engine_parts:quick")
SECOND = Part("second", "a second part", "tests.support.engine_parts:quick", play=True)
BROKEN = Part("broken", "a broken part", "tests.support.engine_parts:broken")
NOISY = Part("noisy", "a part that prints", "tests.support.engine_parts:noisy")
DIES = Part("dies", "a part whose process dies", "tests.support.engine_parts:dies")


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """numba's cache (and the warm mark) in a directory of the test's own."""
    monkeypatch.setenv(engine.CACHE_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.setenv("ENGINE_TEST_TRACE", str(tmp_path))
    return tmp_path / "cache"


def test_every_game_part_names_a_function_that_exists() -> None:
    import importlib

    names = [part.name for part in ENGINE]
    # Each part once, however many games share it (the family's one kernel).
    assert len(names) == len(set(names)) == len({part for game in GAMES for part in game.ENGINE})
    for part in ENGINE:
        module, _, function = part.warm.partition(":")
        # Importing a kernel module loads numba but compiles nothing.
        assert callable(getattr(importlib.import_module(module), function))
    # First what play uses, with what it calls; each part after the parts it calls.
    needed = {part.name for part in ENGINE if part.play}
    for part in reversed(ENGINE):
        if part.name in needed:
            needed |= set(part.after)
    ahead = len(needed)
    assert {part.name for part in ENGINE[:ahead]} == needed
    assert all(name in names[:index] for index, part in enumerate(ENGINE)
               for name in part.after)
    later = [part.seconds for part in ENGINE[ahead:]]
    assert later == sorted(later, reverse=True)  # the longest work does not begin last
    for game in GAMES:  # what a run waits for
        assert game.setup({}).engine and set(game.setup({}).engine) <= set(names)
        # What a hint and a peek wait for: a part of the game's, used in play.
        for wanted in (game.HINT_PART, game.PEEK_PART):
            assert wanted is None or any(part.name == wanted and part.play
                                         for part in game.ENGINE)
    sequence_game = next(game for game in GAMES if game.key == "sequence")
    assert (sequence_game.HINT_PART, sequence_game.PEEK_PART) == (
        "sequence-hints", "sequence-solver")
    sequence = next(game for game in GAMES if game.key == "sequence")
    assert sequence.setup({"strategies": ["solver"]}).engine == ("sequence-solver",)
    assert sequence.setup({"strategies": ["fair", "solver"]}).engine == (
        "sequence-runs", "sequence-solver")


def test_a_part_begins_after_the_parts_it_calls_when_another_can_go_first() -> None:
    first = Part("first", "the first", "m:f", play=True)
    slow = Part("slow", "a slow one", "m:f", seconds=20, after=("first",))
    quick = Part("quick", "a quick one", "m:f", seconds=2)
    assert engine.in_order([quick, slow, first]) == (first, slow, quick)
    assert engine.next_part([slow, quick], compiling=["first"]) is quick
    assert engine.next_part([slow, quick], compiling=[]) is slow  # "first" is done
    assert engine.next_part([slow, first], compiling=[]) is first
    assert engine.next_part([slow], compiling=["first"]) is slow  # the last: it goes


def test_parts_after_one_another_in_a_loop_are_one_plain_error() -> None:
    one = Part("one", "one", "m:f", after=("two",))
    two = Part("two", "two", "m:f", after=("three",))
    three = Part("three", "three", "m:f", after=("one",))
    with pytest.raises(ValueError, match="in a loop: one → two → three → one"):
        engine.in_order([one, two, three])
    alone = Part("alone", "alone", "m:f", after=("alone",))
    with pytest.raises(ValueError, match="alone → alone"):
        engine.in_order([alone])


def test_a_wait_is_told_about_how_long_its_part_takes() -> None:
    hints = Part("hints", "the fair player", "m:f", play=True, seconds=15)
    runs = Part("runs", "the runs", "m:f", seconds=10)
    warmup = Warmup([hints, runs], pace=engine.Pace(took=1, expected=1),  # the table's
                    processes=1)
    warmup.running = True
    now = time.monotonic()
    warmup.compiling = {"hints": now - 5}
    assert warmup.left("hints") == pytest.approx(10, abs=0.5)
    assert warmup.left("runs") == pytest.approx(20, abs=0.5)  # once the hints are done
    assert "about 10\u00a0s more" in warmup.waiting("hints")
    assert "which compiles the runs after the parts under way: about 20" in (
        warmup.waiting("runs"))
    warmup.compiling = {"hints": now - 30}
    assert warmup.left("hints") == 0
    assert "which is compiling the fair player: taking longer than usual" in warmup.waiting(
        "hints")
    warmup.ready.add("hints")
    assert warmup.left("hints") is None


def test_a_wait_is_told_at_the_share_of_the_cores_the_warm_up_has_had() -> None:
    """Beside a busy program the warm-up, at the lowest priority, gets what is left:
    its part's progress is the work its processes did, and the wait left is the work
    left over the share they have had; under ``BUSY_SHARE`` it is not told in seconds."""
    hints = Part("hints", "the fair player", "m:f", play=True, seconds=15)
    warmup = Warmup([hints], pace=engine.Pace(took=1, expected=1))
    warmup.running = True
    began = time.monotonic() - 15
    warmup.share.look(began, 0.0, 1)
    warmup.compiling = {"hints": warmup.share.worked(began)}
    warmup.share.look(began + 10, 5.0, 1)  # half a core for ten seconds: 5 s of 15 done
    assert warmup.share.share == 0.5
    now = time.monotonic()  # the clock goes on at half speed from its last look
    assert warmup.left("hints") == pytest.approx(
        (15 - 5 - (now - began - 10) * 0.5) / 0.5, abs=0.5)
    assert not warmup.busy and "\u00a0s more" in warmup.how_long("hints")
    for second in range(1, 6):  # then next to nothing, for the looks a share is read on
        warmup.share.look(began + 10 + second, 5.0 + second / 100, 1)
    assert warmup.busy
    assert warmup.how_long("hints") == "held up while every core is busy with other work"
    assert "which is compiling the fair player: held up while every core is busy" in (
        warmup.waiting("hints"))
    warmup.began = now
    assert warmup.note.endswith("· held up: every core is busy with other work")


def test_a_part_a_part_in_play_calls_comes_just_before_it() -> None:
    """The fair player's halves compile before the solver, though no screen calls them
    but through the fair player."""
    endgame = Part("endgame", "the endgame", "m:f", seconds=9)
    weighing = Part("weighing", "the weighing", "m:f", seconds=9)
    hints = Part("hints", "the fair player", "m:f", play=True, seconds=3,
                 after=("endgame", "weighing"))
    solver = Part("solver", "the solver", "m:f", play=True, seconds=30)
    runs = Part("runs", "the runs", "m:f", seconds=40, after=("hints",))
    assert engine.in_order([hints, solver, runs, weighing, endgame]) == (
        endgame, weighing, hints, solver, runs)


def test_a_part_that_waits_for_others_is_told_after_the_last_of_them() -> None:
    endgame = Part("endgame", "the endgame", "m:f", seconds=9)
    weighing = Part("weighing", "the weighing", "m:f", seconds=12)
    hints = Part("hints", "the fair player", "m:f", play=True, seconds=3,
                 after=("endgame", "weighing"))
    warmup = Warmup([endgame, weighing, hints], pace=engine.Pace(took=1, expected=1))
    warmup.running = True
    now = time.monotonic()
    warmup.compiling = {"endgame": now - 2, "weighing": now - 2}
    assert warmup.left("hints") == pytest.approx(3 + 10, abs=0.5)  # the weighing's 10
    warmup.compiling = {"endgame": now - 2}  # the weighing not begun
    warmup.processes = 1  # so after the endgame's 7
    assert warmup.left("hints") == pytest.approx(3 + 12 + 7, abs=0.5)
    warmup.processes = 2  # beside it, at once
    assert warmup.left("hints") == pytest.approx(3 + 12, abs=0.5)
    warmup.ready.add("weighing")
    assert warmup.left("hints") == pytest.approx(3 + 7, abs=0.5)


def test_a_part_far_down_the_queue_is_told_after_every_part_before_it() -> None:
    """Two processes, two parts under way and three to come: the last begins once
    the two before it have each had a process, not when the first process frees
    (which told 17 s, then 47 s, of the same wait)."""
    parts = [Part(name, name, "m:f", seconds=seconds) for name, seconds
             in (("a", 10), ("b", 20), ("c", 30), ("d", 5), ("e", 8))]
    warmup = Warmup(parts, pace=engine.Pace(took=1, expected=1), processes=2)
    warmup.running = True
    now = time.monotonic()
    warmup.compiling = {"a": now - 4, "b": now - 4}  # free at 6 and 16
    assert warmup.left("c") == pytest.approx(6 + 30, abs=0.5)
    assert warmup.left("d") == pytest.approx(16 + 5, abs=0.5)
    assert warmup.left("e") == pytest.approx(21 + 8, abs=0.5)  # d's process, then e


def test_a_wait_is_told_at_the_pace_this_machine_showed() -> None:
    """Our table's seconds are our machine's: a part that took twice its seconds here
    makes every wait after it twice as long, and the next warm-up starts from that."""
    first = Part("first", "the first part", "m:f", seconds=10)
    hints = Part("hints", "the fair player", "m:f", play=True, seconds=15)
    warmup = Warmup([first, hints], processes=2)  # both begin at once
    warmup.running = True
    # Nothing compiled here yet: the table at the pace the machine's probe guesses,
    # told as the range LLVM has strayed from it.
    probed = engine.probed_pace()
    assert warmup.left("hints") == pytest.approx(15 * probed, abs=0.5)
    least, most = (round(15 * probed * spread) for spread in engine.PROBE_SPREAD)
    told = f"about {least}\u2013{most}\u00a0s more" if least >= 1 else f"up to {most}\u00a0s more"
    assert told in warmup.waiting("hints")
    warmup.pace.heard(first, 20)
    warmup.ready.add("first")
    assert warmup.left("hints") == pytest.approx(30, abs=0.5)
    assert "about 30\u00a0s more" in warmup.waiting("hints")
    warmup.pace.heard(hints, 1)  # loaded from the cache: no measure of a compile
    assert warmup.pace.ratio == pytest.approx(2)
    warmup.pace.keep()
    again = Warmup([first, hints], processes=2)
    again.running = True
    assert again.left("hints") == pytest.approx(30, abs=0.5)  # the last warm-up's pace


def test_a_machine_that_never_compiled_is_guessed_from_its_python(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no warm-up kept, the pace is the probe's, measured once a process and
    bounded; a kept pace (a file another program may have written) wins over it,
    and a kept one that is no number gives the probe's back."""
    probed = engine.probed_pace()
    assert engine.LEAST_PACE <= probed <= engine.MOST_PACE and engine.probed_pace() == probed
    assert engine.Pace().ratio == probed
    assert engine.Pace().span == tuple(min(max(probed * spread, engine.LEAST_PACE),
                                           engine.MOST_PACE) for spread in engine.PROBE_SPREAD)
    cache.mkdir(parents=True)
    (cache / engine.PACE).write_text(json.dumps({"ratio": 3.5}), encoding="utf-8")
    assert engine.Pace().ratio == 3.5 and engine.Pace().span == (3.5, 3.5)
    (cache / engine.PACE).write_text(json.dumps({"ratio": "nan"}), encoding="utf-8")
    assert engine.Pace().ratio == probed and engine.Pace().span[0] < engine.Pace().span[1]
    # A machine a million times slower than the table's: the bound.
    monkeypatch.setattr(engine, "PROBE_AT_PACE_1", engine.PROBE_AT_PACE_1 / 1e6)
    engine.probed_pace.cache_clear()
    try:
        assert engine.probed_pace() == engine.MOST_PACE
    finally:
        monkeypatch.undo()
        engine.probed_pace.cache_clear()


def test_parts_compile_in_other_processes_and_the_cache_is_marked_warm(tmp_path: Path) -> None:
    events: list[Event] = []
    assert not engine.is_warm([QUICK, SECOND]) and not engine.warmed_here()
    assert engine.warm([QUICK, SECOND], 2, events.append)
    assert engine.warmed_here()  # whatever parts: kernels load from this cache now
    assert [event.kind for event in events] == ["start", "begin", "begin", "ready", "ready",
                                                "finished"]
    assert [event.part for event in events if event.kind == "begin"] == ["quick", "second"]
    assert {event.part for event in events if event.kind == "ready"} == {"quick", "second"}
    traces = {path.name for path in tmp_path.iterdir() if path.name.isdigit()}
    assert traces and str(__import__("os").getpid()) not in traces
    assert engine.is_warm([QUICK, SECOND])
    assert not engine.is_warm([QUICK])  # another set of parts is another engine
    again: list[Event] = []
    assert engine.warm([QUICK, SECOND], 2, again.append)
    assert [event.kind for event in again] == ["finished"]


def test_a_part_that_fails_is_reported_and_the_cache_is_not_marked(cache: Path) -> None:
    events: list[Event] = []
    assert not engine.warm([BROKEN, QUICK], 1, events.append)
    failed = [event for event in events if event.kind == "failed"]
    assert [event.part for event in failed] == ["broken"]
    # One process: the second part begins only once the first has ended.
    assert [(event.kind, event.part) for event in events[1:4]] == [
        ("begin", "broken"), ("failed", "broken"), ("begin", "quick")]
    assert "does not compile" in failed[0].error
    assert "quick" in {event.part for event in events if event.kind == "ready"}
    assert not engine.is_warm([BROKEN, QUICK])


def test_a_process_that_dies_fails_its_part_and_another_takes_the_next(cache: Path) -> None:
    events: list[Event] = []
    assert not engine.warm([DIES, NOISY, QUICK], 1, events.append)
    assert [(event.kind, event.part) for event in events if event.part] == [
        ("begin", "dies"), ("failed", "dies"), ("begin", "noisy"), ("ready", "noisy"),
        ("begin", "quick"), ("ready", "quick")]
    assert "ended" in events[2].error


def test_a_changed_source_or_a_damaged_mark_means_cold(cache: Path) -> None:
    assert engine.warm([QUICK], 1, lambda _: None)
    mark = cache / engine.MARK
    data = json.loads(mark.read_text())
    data["files"][0][2] += 1  # a kernel's source touched since
    mark.write_text(json.dumps(data))
    assert not engine.is_warm([QUICK])
    mark.write_text("{not json")
    assert not engine.is_warm([QUICK])


def test_kernels_compiled_from_other_sources_are_dropped(cache: Path) -> None:
    """numba would keep a changed callee's old code in its callers: once the sources
    differ from the warm mark's, our kernels' cache files go (and the mark), and
    nothing else in a cache directory that may be shared."""
    assert engine.warm([QUICK], 1, lambda _: None)
    ours = [cache / "sub" / "sequence_solver.search-179.py311.nbi",
            cache / "sequence_proofs.stuck-60.py311.1.nbc"]
    theirs = cache / "someone_else.kernel-1.py311.nbi"
    for path in (*ours, theirs):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"machine code")
    assert engine.drop_stale_kernels() == 0  # same sources: all kept
    assert all(path.exists() for path in ours)
    mark = cache / engine.MARK
    data = json.loads(mark.read_text())
    data["files"][0][2] += 1  # a kernel's source changed since the warm-up
    mark.write_text(json.dumps(data))
    assert engine.drop_stale_kernels() == 2
    assert not any(path.exists() for path in ours) and theirs.exists()
    assert not mark.exists() and engine.drop_stale_kernels() == 0
    # A warm-up drops them too (the tests' own, which no command starts).
    assert engine.warm([QUICK], 1, lambda _: None)
    ours[0].write_bytes(b"machine code")
    data = json.loads(mark.read_text())
    data["files"][0][2] += 1
    mark.write_text(json.dumps(data))
    assert engine.warm([QUICK], 1, lambda _: None)
    assert not ours[0].exists() and engine.is_warm([QUICK])


def test_the_cache_moves_to_the_user_cache_directory_when_the_sources_are_read_only(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(engine.CACHE_VARIABLE)
    assert engine.use_cache_dir() == engine.kernel_sources() / "__pycache__"
    monkeypatch.setattr(engine, "_writable", lambda directory: False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    chosen = engine.use_cache_dir()
    assert chosen.is_relative_to(tmp_path / "xdg") and chosen.name == "numba"
    assert os.environ[engine.CACHE_VARIABLE] == str(chosen)  # numba reads it on import


def test_the_warm_command_says_what_it_compiles(capsys: pytest.CaptureFixture[str]) -> None:
    assert warm_command.warm([QUICK, SECOND], 1, background=False) == 0
    out = capsys.readouterr().out
    assert "2 parts on 1 processes" in out and "a second part" in out
    assert out.rstrip().endswith("The engine is ready.")
    assert warm_command.warm([BROKEN], 1, background=False) == 1
    assert "compiling a broken part failed: ValueError" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "setpgid"), reason="no process groups here")
def test_the_warm_up_is_a_group_of_its_own_in_the_apps_session() -> None:
    """A group of its own, which the app ends; in the app's session, where Linux's
    autogroups put it behind the app's keys rather than beside them."""
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid(), os.getpgrp(), os.getsid(0))"],
        capture_output=True, text=True, check=True, timeout=60, **engine.own_group())
    pid, group, session = map(int, done.stdout.split())
    assert group == pid and session == os.getsid(0)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="no idle class here")
def test_the_warm_up_is_at_the_lowest_priority_from_its_start(tmp_path: Path) -> None:
    """Set by the app as it starts the process, not once the process has imported what
    it runs: its first fraction of a second went beside the app's first keys."""
    warmup = Warmup([QUICK, SECOND], script(tmp_path, "gate"))
    assert warmup.start()
    try:
        assert warmup._process is not None
        assert os.sched_getscheduler(warmup._process.pid) == os.SCHED_IDLE
    finally:
        (tmp_path / "gate").touch()
        warmup.close()


def script(tmp_path: Path, gate: str) -> tuple[str, ...]:
    """A stand-in warm-up process: part "second" is ready at once, "quick" once the
    file ``gate`` exists."""
    code = f"""
import json, os, sys, time
def say(kind, part="", done=0):
    print(json.dumps(dict(kind=kind, part=part, done=done, total=2)), flush=True)
say("start")
print("a line that is not a report", flush=True)
say("begin", "quick")
say("begin", "second")
say("ready", "second", 1)
while not os.path.exists({str(tmp_path / gate)!r}):
    time.sleep(0.02)
say("ready", "quick", 2)
say("finished", done=2)
"""
    return (sys.executable, "-c", code)


@pytest.mark.slow
def test_a_wait_lasts_while_the_part_compiles_and_a_stop_ends_it(tmp_path: Path) -> None:
    warmup = Warmup([QUICK, SECOND], script(tmp_path, "gate"))
    engine.probed_pace.cache_clear()
    assert warmup.start()
    changes: list[str] = []
    reader = threading.Thread(target=warmup.follow, args=(lambda: changes.append(warmup.note),))
    reader.start()
    assert warmup.wait("second", lambda: False)
    # The pace probed by the reader before it read a word: no key of the player's does it.
    assert engine.probed_pace.cache_info().currsize == 1
    assert warmup.pending("quick")
    assert re.fullmatch("Preparing the engine \\(first start, then cached\\),"
                        " [0-9]+\u00a0s\u00a0in: compiling a quick part · 1 of 2 parts ready",
                        warmup.note)
    assert not warmup.wait("quick", lambda: True)  # a cancel ends the wait
    ticks: list[float] = []  # told about once a second while it waits, until stopped
    assert not warmup.wait("quick", lambda: len(ticks) == 2,
                           lambda: ticks.append(time.monotonic()))
    assert ticks[1] - ticks[0] >= 1
    (tmp_path / "gate").touch()
    assert warmup.wait("quick", lambda: False)
    reader.join(10)
    assert not warmup.running and not warmup.pending("quick")
    assert "1 of 2 parts ready" in " ".join(changes) and changes[-1] == ""


def test_nothing_is_started_or_waited_for_when_the_cache_is_warm(tmp_path: Path) -> None:
    assert engine.warm([QUICK, SECOND], 1, lambda _: None)
    warmup = Warmup([QUICK, SECOND], (sys.executable, "-c", "raise SystemExit(3)"))
    assert not warmup.start()
    assert not warmup.pending("quick") and warmup.note == ""


@pytest.mark.slow
async def test_hint_auto_play_and_finish_are_the_stand_ins_till_its_part_is_ready(
        tmp_path: Path, data_path: Path) -> None:
    """While the fair player's part compiles, h answers at once from the greedy player,
    saying so and how long the fair one is away; e plays greedy's game to the end and
    auto play greedy's moves, each saying whose they are, and auto play goes on with
    the fair player's own once its part is ready."""
    from rules import sequence
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.decks import numbered
    from solitaire_tui.play.hints import hint_moves
    from solitaire_tui.start import Start
    from solitaire_tui.widgets.engine_status import EngineStatus

    hints = Part("sequence-hints", "Sequence's fair player", "tests.support.engine_parts:quick")
    fake = Warmup([hints, SECOND], script(tmp_path, "gate"))
    fake.command = tuple(part.replace('"quick"', '"sequence-hints"') for part in fake.command)
    deck = numbered(7)
    app = SolitaireApp(data=data_path, start=Start("sequence", deck, None), warm_up=True,
                       engine=fake)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(EngineStatus)
        await until(pilot, lambda: "1 of 2 parts ready" in str(status.render()), 10)
        table = screen.table
        start = table.session.state
        greedy = list(hint_moves(sequence, GreedyPlayer().choose, start))
        await pilot.press("h")
        said = text_of(screen, "#message")
        assert said == ("Hint from greedy (Sequence's fair player still compiles):"
                        f" {table.describe(start, greedy[0])}.")
        await pilot.press("e")  # at once, no thread: the position is the end
        assert table.session.is_over and list(table.session.moves) == greedy
        assert text_of(screen, "#message") == ("Played to the end by greedy (Sequence's fair"
                                               f" player still compiles): {len(greedy)} moves.")
        await pilot.press(*["u"] * 30, "minus", "a")  # auto play at a move a second
        await until(pilot, lambda: len(table.session.moves) > len(greedy) - 30, 10)
        assert list(table.session.moves) == greedy[:len(table.session.moves)]
        assert text_of(screen, "#message") == (
            "Auto play by greedy till Sequence's fair player is ready: a stops.")
        (tmp_path / "gate").touch()
        await until(pilot, lambda: not status.display, 10)
        await until(pilot, lambda: text_of(screen, "#message").startswith("Auto play, "), 20)
        await pilot.press("a")  # auto play off
        await pilot.press("h")
        await until(pilot, lambda: text_of(screen, "#message").startswith("Hint:"), 60)


@pytest.mark.slow
async def test_a_run_asked_while_its_part_compiles_says_what_it_waits_for_and_how_long(
        tmp_path: Path, data_path: Path) -> None:
    """A statistics run whose part is still compiling waits for the warm-up, and its
    line says what it waits for and about how long, once a second; the part ready,
    the run plays."""
    from solitaire_tui.app import SolitaireApp
    from tests.support.panel import start_run

    part = Part("hit-or-miss-runs", "Hit or Miss runs", "tests.support.engine_parts:quick")
    fake = Warmup([part, SECOND], script(tmp_path, "gate"))
    fake.command = tuple(word.replace('"quick"', '"hit-or-miss-runs"') for word in fake.command)
    app = SolitaireApp(data=data_path, warm_up=True, engine=fake)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: fake.pending("hit-or-miss-runs") and "second" in fake.ready,
                    10)
        panel = await start_run(pilot, app, "hit-or-miss", {}, "200", "1")
        await until(pilot, lambda: text_of(panel, "#summary").startswith(
            "Waiting for the engine, which is compiling Hit or Miss runs: "), 10)
        assert text_of(panel, "#summary").endswith("c cancels.")
        (tmp_path / "gate").touch()
        await until(pilot, lambda: panel.shown is not None and panel.shown.over, 60)
        assert text_of(panel, "#summary").startswith("Finished: deals 1..200")


async def test_a_review_asked_while_its_part_compiles_says_how_long_and_esc_ends_it(
        tmp_path: Path, data_path: Path) -> None:
    """The review of a game finished while its part still compiles waits for the
    warm-up rather than compile the part again, saying what it waits for and how
    long; esc closes it, ending the wait."""
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.decks import numbered
    from solitaire_tui.start import Start
    from solitaire_tui.ui.review_screen import ReviewScreen

    part = Part("sequence-review", "Sequence's review", "tests.support.engine_parts:quick")
    fake = Warmup([part, SECOND], script(tmp_path, "gate"))
    fake.command = tuple(word.replace('"quick"', '"sequence-review"') for word in fake.command)
    app = SolitaireApp(data=data_path, start=Start("sequence", numbered(7), None),
                       warm_up=True, engine=fake)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await until(pilot, lambda: fake.pending("sequence-review") and "second" in fake.ready,
                    10)
        await pilot.press("e")  # the stand-in plays it to its end at once
        assert screen.table.session.is_over
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        await until(pilot, lambda: text_of(review, "#summary").startswith(
            "Waiting for the engine, which is compiling Sequence's review: "))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await until(pilot, lambda: not any(worker.group == "review" and worker.is_running
                                           for worker in app.workers))
        assert fake.pending("sequence-review")  # nothing compiled it meanwhile
