"""A player's file loaded as it plays: its top level run in a process of its own under
the load budget (``own.loading``), never in the process that asked, and nothing left
running once it is refused; and players known by game and name."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rules.errors import OptionsError
from rules.own_players import add_residue, sequence
from solitaire_tui.own_players import files, folder
from solitaire_tui.own_players.loading import LOAD_SECONDS

# A loading process's start (a fresh interpreter, on a busy machine) and its end, on
# top of the budget; the test's own bound, not the app's.
MARGIN = 15.0
PLAYS = "def play(view):\n    return view.moves[0]\n"


@pytest.fixture(autouse=True)
def nothing_loaded() -> Iterator[None]:
    files.forget()
    yield
    files.forget()


def telling(tmp_path: Path, top: str, name: str = "mine.py") -> tuple[Path, Path]:
    """A player whose top level first writes the id of the process running it to a file
    beside it (returned second), then does ``top``."""
    pid = tmp_path / f"{name}.pid"
    path = tmp_path / name
    path.write_text(f"import os, pathlib, time\npathlib.Path({str(pid)!r}).write_text("
                    f"str(os.getpid()))\n{top}\n{PLAYS}")
    return path, pid


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie not reaped yet has too)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def waited(condition: Callable[[], bool], seconds: float) -> bool:
    """Whether ``condition`` holds within ``seconds``, looked at every 20 ms."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        threading.Event().wait(0.02)
    return True


def no_loading_process() -> bool:
    """Whether no loading process of this one's is alive (a run's pools may be)."""
    return not [child for child in multiprocessing.active_children()
                if child.name.startswith("load ")]


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads processes' states from /proc")


@needs_proc
@pytest.mark.slow
def test_a_top_level_that_never_returns_is_refused_in_one_sentence(tmp_path: Path) -> None:
    path, pid = telling(tmp_path, "while True:\n    time.sleep(1)")
    threads = set(threading.enumerate())
    began = time.monotonic()
    with pytest.raises(OptionsError) as refused:
        files.load(str(path), "sequence", sequence.__name__)
    assert time.monotonic() - began < LOAD_SECONDS + MARGIN
    assert str(refused.value) == (f"mine.py took longer than {LOAD_SECONDS:g} s to load: its"
                                  " top level must return")
    # It ran elsewhere, and nothing of it is left: no process, no thread.
    ran_in = int(pid.read_text())
    assert ran_in != os.getpid() and gone(ran_in)
    assert no_loading_process()
    assert set(threading.enumerate()) == threads
    assert files.names("sequence") == ()


@pytest.mark.slow
def test_a_slow_top_level_holds_the_caller_only_while_it_runs(tmp_path: Path) -> None:
    """1.5 s at import is within the budget: the file loads, its top level run in a
    process of its own, and the caller waits for that, never past the budget."""
    path, pid = telling(tmp_path, "time.sleep(1.5)")
    began = time.monotonic()
    player = files.load(str(path), "sequence", sequence.__name__)
    waited_for = time.monotonic() - began
    assert 1.5 <= waited_for < LOAD_SECONDS + MARGIN
    assert player.name == "mine.py" and int(pid.read_text()) != os.getpid()
    assert no_loading_process()


@pytest.mark.slow
def test_a_folder_is_read_in_one_budget_whatever_its_files(tmp_path: Path) -> None:
    """Each file in a process of its own, all at once: three that never return cost
    one budget, not three, and the player beside them loads."""
    players = folder.of_game(tmp_path, "sequence")
    players.mkdir(parents=True)
    for name in ("a.py", "b.py", "c.py"):
        (players / name).write_text(f"while True:\n    pass\n{PLAYS}")
    (players / "d.py").write_text(PLAYS)
    began = time.monotonic()
    found = folder.load(tmp_path, "sequence", sequence.__name__)
    assert time.monotonic() - began < 3 * LOAD_SECONDS  # one after the other, at least that
    assert [player.name for player in found.players] == ["d.py"]
    assert found.problems == [f"{name} took longer than {LOAD_SECONDS:g} s to load: its top"
                              " level must return" for name in ("a.py", "b.py", "c.py")]
    assert no_loading_process()


@pytest.mark.parametrize(("top", "said"), [
    ("raise SystemExit(3)", "{path}, line 3: SystemExit: 3"),
    ("os._exit(0)", "mine.py ended the process that loaded it before its top level"
                    " returned"),
    ("import threading\nthreading.Thread(target=time.sleep, args=(600,)).start()", None),
])
def test_a_top_level_that_ends_or_outlives_its_process_is_said(
        tmp_path: Path, top: str, said: str | None) -> None:
    """Whatever the top level does to its process, this one goes on, and nothing it
    started is left (a thread kept past the top level dies with its process)."""
    path, pid = telling(tmp_path, top)
    try:
        files.load(str(path), "sequence", sequence.__name__)
        refused = None
    except OptionsError as error:
        refused = str(error)
    assert refused == (said and said.format(path=path))
    assert no_loading_process()
    if Path("/proc").exists():
        assert gone(int(pid.read_text()))


@pytest.mark.integration  # starts processes of its own
@needs_proc
def test_a_loading_process_ends_itself_once_its_parent_is_gone(tmp_path: Path) -> None:
    """The app killed while it waits for a top level that never returns: the loading
    process does not spin on, it ends a little after the budget."""
    path, pid = telling(tmp_path, "while True:\n    pass")
    asking = subprocess.Popen([sys.executable, "-c", "import sys\nfrom solitaire_tui.own_players"
                               " import files\nfiles.load(sys.argv[1], 'sequence',"
                               " 'rules.own_players.sequence')", str(path)])
    try:
        assert waited(lambda: pid.exists() and pid.read_text() != "", MARGIN)
    finally:
        asking.kill()
        asking.wait()
    assert waited(lambda: gone(int(pid.read_text())), LOAD_SECONDS + MARGIN)


def test_a_folder_read_again_runs_only_the_files_changed_since(tmp_path: Path) -> None:
    """The helper's dialog and the panel read the folder each time they open: a file
    unchanged since its check starts no process, a changed one is run afresh."""
    players = folder.of_game(tmp_path, "sequence")
    players.mkdir(parents=True)
    path, pid = telling(players, "")
    assert [player.name for player in folder.load(tmp_path, "sequence",
                                                  sequence.__name__).players] == ["mine.py"]
    pid.unlink()
    assert folder.load(tmp_path, "sequence", sequence.__name__).problems == []
    assert not pid.exists()  # not run again
    path.write_text(path.read_text() + "\nCLAIRVOYANT = True\n")
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))  # a later change, surely
    (player,) = folder.load(tmp_path, "sequence", sequence.__name__).players
    assert pid.exists() and player.clairvoyant


def test_the_same_file_name_in_two_games_is_two_players(tmp_path: Path) -> None:
    for game in ("sequence", "add-residue"):
        folder.of_game(tmp_path, game).mkdir(parents=True)
        (folder.of_game(tmp_path, game) / "mine.py").write_text(PLAYS)
    ours = folder.load(tmp_path, "sequence", sequence.__name__)
    theirs = folder.load(tmp_path, "add-residue", add_residue.__name__)
    assert ours.problems == theirs.problems == []
    mine, also = files.find("mine.py", "sequence"), files.find("mine.py", "add-residue")
    assert mine is not None and also is not None and mine is not also
    assert (mine.game, mine.path.parent.name) == ("sequence", "sequence")
    assert (also.game, also.path.parent.name) == ("add-residue", "add-residue")
    assert files.names("sequence") == files.names("add-residue") == ("mine.py",)


def test_two_files_of_one_name_for_one_game_are_one_whole_sentence(tmp_path: Path) -> None:
    """A player loaded from the shell, then a folder's of the same name: the folder's
    problem names both files in full."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "mine.py").write_text(PLAYS)
    first = files.load(str(elsewhere / "mine.py"), "sequence", sequence.__name__)
    players = folder.of_game(tmp_path, "sequence")
    players.mkdir(parents=True)
    (players / "mine.py").write_text(PLAYS)
    found = folder.load(tmp_path, "sequence", sequence.__name__)
    assert found.players == []
    assert found.problems == [f"two players of sequence are named mine.py, {first.path} and"
                              f" {(players / 'mine.py').resolve()}: rename one to load both"]


@pytest.mark.integration  # starts processes of its own
@needs_proc
def test_the_command_line_refuses_a_top_level_that_never_returns(tmp_path: Path) -> None:
    path, pid = telling(tmp_path, "while True:\n    pass")
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "solitaire_tui", "stats", "sequence",
                           "--player", str(path), "-n", "10"], capture_output=True,
                          text=True, timeout=LOAD_SECONDS + 2 * MARGIN, check=False)
    assert time.monotonic() - began < LOAD_SECONDS + 2 * MARGIN
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"solitaire-tui: mine.py took longer than {LOAD_SECONDS:g} s to"
                           " load: its top level must return\n")
    assert gone(int(pid.read_text()))
