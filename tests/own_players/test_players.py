"""Players of one's own (``solitaire_tui.own_players``): loaded only from the files the person
at the shell names, stopped in one sentence when they go wrong, and run in worker
processes with the same figures on any number of workers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent import futures as waiting
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import numpy as np
import pytest

from rules.errors import OptionsError
from rules.fast import batch
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.games.sequence.kernel import player_kernel
from solitaire_tui.own_players import files, playing, running
from solitaire_tui.own_players import parts as own_parts
from solitaire_tui.own_players.playing import (
    WATCHDOG_SECONDS,
    Fault,
    Watchdog,
    next_move,
    play_deal,
    timed_moves,
)
from tests.support.players import EXAMPLES, RULES, game_of, written

T = TypeVar("T")


@pytest.fixture(autouse=True)
def nothing_loaded() -> Iterator[None]:
    files.forget()
    yield
    files.forget()


@pytest.mark.parametrize(("text", "said"), [
    ("def play(view):\n    return (\n", "mine.py, line 2: '(' was never closed"),
    ("x = 1\n", "mine.py has no function play(view) that returns a move"),
    ("def play():\n    return '1'\n", "mine.py: play must take one argument, the view"),
    ("import nothing_of_the_kind\n", "mine.py, line 1: ModuleNotFoundError: No module"),
])
def test_a_file_that_is_no_player_is_one_sentence(tmp_path: Path, text: str, said: str) -> None:
    with pytest.raises(OptionsError, match=re.escape(said)):
        files.load(str(written(tmp_path, text)), "sequence", RULES)
    assert files.names("sequence") == ()


def test_only_python_files_that_are_there_are_loaded(tmp_path: Path) -> None:
    with pytest.raises(OptionsError, match=re.escape("a player is a Python file ending in .py")):
        files.load(str(written(tmp_path, "", "mine.txt")), "sequence", RULES)
    with pytest.raises(OptionsError, match="there is no player file"):
        files.load(str(tmp_path / "gone.py"), "sequence", RULES)


def test_a_player_is_known_by_its_files_name_only_once_loaded(tmp_path: Path) -> None:
    """A name from anywhere but the shell (the history, a guest) loads nothing."""
    game = GAMES_BY_KEY["sequence"]
    path = written(tmp_path, "def play(view):\n    return view.moves[0]\n")
    with pytest.raises(OptionsError, match=re.escape("mine.py")):
        game.setup({"strategies": ["mine.py"]})
    files.load(str(path), "sequence", RULES)
    assert game.setup({"strategies": ["mine.py"]}).options["strategies"] == ["mine.py"]
    other = tmp_path / "other"
    other.mkdir()
    again = written(other, "def play(view):\n    return '1'\n")
    with pytest.raises(OptionsError) as refused:
        files.load(str(again), "sequence", RULES)
    assert str(refused.value) == (f"two players of sequence are named mine.py, {path} and"
                                  f" {again}: rename one to load both")


@pytest.mark.parametrize(("body", "said"), [
    ("    return 1 / 0", "mine.py, line 3, raised ZeroDivisionError at move 1 of deal 4:"
                        " division by zero"),
    ("    return 's4'", "mine.py chose 's4' at move 1 of deal 4: storage pile 4 is empty"),
    ("    return None", "mine.py returned no move at move 1 of deal 4: play must return one"
                      " of view.moves"),
    ("    return view.needs(9)", "mine.py, line 3, raised IllegalMove at move 1 of deal 4:"
                               " there is no final pile 9"),
    ("    raise SystemExit", "mine.py, line 3, raised SystemExit at move 1 of deal 4"),
    ("    while True: pass", "mine.py, line 3, took longer than 0.2 s at move 1 of deal 4:"
                           " that is a move's budget (--move-seconds)"),
])
def test_a_player_that_goes_wrong_is_stopped_in_one_sentence(
        tmp_path: Path, body: str, said: str) -> None:
    path = written(tmp_path, f"def play(view):\n    # line 2\n{body}\n")
    with pytest.raises(Fault) as stopped:
        play_deal(game_of(path, budget=0.2), 4, timed_moves())
    sentence = stopped.value.sentence
    assert sentence.startswith(said) and "\n" not in sentence and stopped.value.deal == 4


def test_a_slow_move_is_found_without_the_timer_too(tmp_path: Path) -> None:
    path = written(tmp_path, "import time\n\ndef play(view):\n    began = time.thread_time()\n"
                             "    while time.thread_time() - began < 0.05:\n        pass\n"
                             "    return view.moves[0]\n")
    with pytest.raises(Fault, match=re.escape("took longer than 0.01 s")):
        play_deal(game_of(path, budget=0.01), 0, timer=None)


@pytest.mark.parametrize(("sleep", "stopped"), [(0.1, False), (60, True)])
def test_a_move_is_charged_its_computing_and_stopped_by_the_clock_past_the_slack(
        tmp_path: Path, sleep: float, stopped: bool) -> None:
    # Waiting is no computing: a move that sleeps past its budget (as a move on a busy
    # machine waits for a core) plays on; one that sleeps past the slack is stopped.
    path = written(tmp_path, f"import time\n\ndef play(view):\n    time.sleep({sleep})\n"
                             "    return view.moves[0]\n")
    game = game_of(path, budget=0.05)
    assert 0.1 < game.budget * playing.WALL_SLACK < 60
    if stopped:
        with pytest.raises(Fault, match=re.escape("line 4, took longer than 0.05 s")):
            next_move(game, game.rules.start(0, {}), 0, timed_moves())
    else:
        assert next_move(game, game.rules.start(0, {}), 0, timed_moves())[0] is not None


@pytest.mark.parametrize(("body", "line"), [
    ("    while True: pass", 3),
    ("    try:\n        while True: pass\n    except Exception:\n        return view.moves[0]", 4),
])
def test_off_the_main_thread_a_watchdog_keeps_the_budget(tmp_path: Path, body: str,
                                                         line: int) -> None:
    # A cluster's worker plays in threads, where no timer signal can be had; the
    # player's own except Exception does not swallow the stop.
    path = written(tmp_path, f"def play(view):\n    # line 2\n{body}\n")
    with pytest.raises(Fault) as stopped:
        watched(lambda timer: play_deal(game_of(path, budget=0.2), 4, timer))
    assert str(stopped.value).startswith(f"mine.py, line {line}, took longer than 0.2 s at"
                                         " move 1 of deal 4")


@pytest.mark.slow
def test_a_watchdog_lets_moves_within_the_budget_be(tmp_path: Path) -> None:
    path = written(tmp_path, "import time\n\ndef play(view):\n    time.sleep(0.01)\n"
                             "    return view.moves[0]\n")
    rows = watched(lambda timer: [play_deal(game_of(path, budget=0.05), deal, timer)
                                  for deal in range(3)])
    assert rows == [play_deal(game_of(path), deal, None) for deal in range(3)]


def watched(play: Callable[[Watchdog], T]) -> T:
    """``play(timer)`` in a thread that is not the main one, with a watchdog as its
    timer, looked at while this thread waits (as a cluster's worker plays)."""
    watchdog = Watchdog()
    with ThreadPoolExecutor(1) as threads:
        future = threads.submit(play, watchdog)
        while not waiting.wait([future], WATCHDOG_SECONDS).done:
            watchdog.look()
        return future.result()


def test_a_player_sent_to_a_worker_is_loaded_there_once_a_version(tmp_path: Path) -> None:
    path = written(tmp_path, "def play(view):\n    return view.moves[0]\n")
    sent = files.shipment(files.load(str(path), "sequence", RULES).name, "sequence")
    files.forget()  # as on a worker, which has no such file
    there = files.receive(sent)
    assert there.in_process and there.name == "mine.py" and there.path != path
    assert there.path.read_bytes() == path.read_bytes()
    assert files.receive(sent) is there and files.find("mine.py", "sequence") is there
    changed = files.Shipment(sent.name, sent.game, sent.rules, b"def play(view):\n"
                             b"    return view.moves[-1]\n")
    newer = files.receive(changed)
    assert newer is not there and files.find("mine.py", "sequence") is newer
    with pytest.raises(OptionsError, match=re.escape("no player of your own is loaded as o")):
        files.shipment("other.py", "sequence")


def test_parts_cover_the_deals_in_order() -> None:
    assert own_parts.parts(10, 7, 2) == [(10, 4), (14, 3)]
    assert own_parts.parts(10, 1, 2) == [(10, 1)]
    assert sum(count for _, count in own_parts.parts(0, 1001, 3)) == 1001


@pytest.mark.integration
def test_a_run_in_worker_processes_is_the_plain_games_on_any_workers() -> None:
    player = files.load(str(EXAMPLES / "rules_of_thumb.py"), "sequence", RULES)
    plain = np.array([play_deal(game_of(player.path), deal, None)
                      for deal in range(500, 800)])
    for workers in (1, 2):
        run = batch.run(running.kernel(player), 500, 300, workers)
        assert run.done == 300 and not run.cancelled
        assert run.tallies[0].wins == int(plain[:, 0].sum())
        assert run.tallies[0].histograms["final_cards"].total == 300
        rows = running.kernel(player).results(500, 300)
        assert np.array_equal(rows, plain)


@pytest.mark.slow
def test_the_greedy_rule_written_as_a_player_plays_as_the_compiled_greedy_player() -> None:
    """first_fit.py is the built-in greedy player's idea in a few lines: the two play
    every deal alike, so the files' runner is checked against the compiled kernel."""
    player = files.load(str(EXAMPLES / "first_fit.py"), "sequence", RULES)
    own = running.kernel(player).results(70_000, 3_000)
    compiled = player_kernel("greedy").results(70_000, 3_000)
    assert np.array_equal(own, compiled)


def test_a_fault_ends_the_run_keeping_the_games_before_it(tmp_path: Path) -> None:
    path = written(tmp_path, "def play(view):\n    if view.deal == 1234 and view.moves_made"
                             " == 5:\n        return 'q'\n    return view.moves[0]\n")
    player = files.load(str(path), "sequence", RULES)
    run = batch.run(running.kernel(player), 1000, 1000, 2)
    assert run.done == 234 and run.cancelled
    assert player.fault is not None and player.fault.startswith(
        "mine.py chose 'q' at move 6 of deal 1234: 'q' names no move; moves are")


# Made a pool with a player's worker processes, then ended without shutting it down
# (killed, or quit past its pool): its marker is in its workers' environment.
POOL_MAKER = """
import os, sys
from solitaire_tui.own_players import files, running
player = files.load(sys.argv[1], "sequence", "rules.own_players.sequence")
assert running.results(player, 1.0, {}, 0, 4).shape[0] == 4
os._exit(0)
"""


def marked(mark: str) -> list[int]:
    """The live processes whose environment holds ``mark``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            if state != "Z" and mark.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_pools_workers_end_once_the_process_that_made_it_is_gone(tmp_path: Path) -> None:
    """Their main thread waits on the pool's queue, which a dead parent never closes
    (each worker holds its writing end): they used to wait for good."""
    mark = f"SOLITAIRE_TUI_TEST_POOL={uuid.uuid4().hex}"
    name, _, value = mark.partition("=")
    made = subprocess.run([sys.executable, "-c", POOL_MAKER, str(EXAMPLES / "random_mover.py")],
                          env={**os.environ, name: value}, capture_output=True, text=True,
                          timeout=60)
    assert made.returncode == 0, made.stderr
    deadline = time.monotonic() + 10
    while marked(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert marked(mark) == []
