"""The app at a real terminal (a pty) ended by a signal: SIGTERM (a shutdown, a
supervisor, ``timeout``) and SIGHUP (the terminal closed) leave the terminal as the
app found it and keep the game in play; so does an error nobody foresaw, which
leaves one line and its traceback in the log."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_tui.commands.errors import LOG_NAME
from solitaire_tui.store.database import DATA_DIR_VARIABLE
from tests.support.terminal import (
    DEADLINE,
    GAME,
    LEAVE_ALTERNATE_SCREEN,
    Terminal,
    kept_rows,
    waited,
)


@pytest.mark.integration
@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGHUP], ids=["term", "hup"])
def test_a_signal_leaves_the_terminal_as_it_was_and_keeps_the_game(
        tmp_path: Path, ending: signal.Signals) -> None:
    at = Terminal(GAME, tmp_path)
    try:
        waited(lambda: b"Draw" in at.drawn, "the game's screen")
        os.write(at.master, b"d")  # a move: the game is in play, and kept as it goes
        waited(lambda: kept_rows(tmp_path) == 1, "keeping the game in play")
        at.app.send_signal(ending)
        assert at.app.wait(DEADLINE) == 128 + ending
        at.left_as_it_was()
        assert kept_rows(tmp_path) == 1  # the menu offers it next time
    finally:
        at.close()


BROKEN = """
import sys
from solitaire_tui.cli import main
from solitaire_tui.games.one_handed.screen import OneHandedScreen

def broken(*args):
    raise RuntimeError("an injected failure")

played = OneHandedScreen.play
OneHandedScreen.play = lambda screen, move: (  # the second move fails
    broken() if screen.session.moves else played(screen, move))
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.integration
def test_an_error_nobody_foresaw_is_one_line_and_the_game_is_kept(tmp_path: Path) -> None:
    at = Terminal([sys.executable, "-c", BROKEN, *GAME[3:]], tmp_path)
    try:
        waited(lambda: b"Draw" in at.drawn, "the game's screen")
        os.write(at.master, b"d")
        waited(lambda: kept_rows(tmp_path) == 1, "keeping the game in play")
        os.write(at.master, b"d")
        assert at.app.wait(DEADLINE) == 1
        at.left_as_it_was()
        waited(lambda: b"menu offers it to resume." in at.drawn, "the line")
    finally:
        at.close()
    after = bytes(at.drawn[at.drawn.rfind(LEAVE_ALTERNATE_SCREEN):]).decode(errors="replace")
    assert "Traceback" not in after
    log = (tmp_path / LOG_NAME).read_text()
    assert "RuntimeError: an injected failure" in log and "Traceback" in log
    assert ("solitaire-tui stopped on an error it should not have (an injected failure);"
            f" the details are in {tmp_path / LOG_NAME}.") in " ".join(after.split())
    assert kept_rows(tmp_path) == 1


@pytest.mark.integration
@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGHUP], ids=["term", "hup"])
def test_a_signal_ends_a_command_and_the_processes_it_started_in_order(
        tmp_path: Path, ending: signal.Signals) -> None:
    # A player of one's own plays in worker processes of the command's; each process
    # that loads the file leaves a mark, so the workers are known to be up.
    marks = tmp_path / "marks"
    marks.mkdir()
    player = tmp_path / "mine.py"
    player.write_text(f"import os, pathlib\npathlib.Path({str(marks)!r}, str(os.getpid())).touch()"
                      "\n\ndef play(view):\n    return view.moves[0]\n")
    command = subprocess.Popen(
        [sys.executable, "-m", "solitaire_tui", "stats", "sequence", "--player", str(player),
         "-n", "100000000", "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=os.environ | {DATA_DIR_VARIABLE: str(tmp_path)})
    waited(lambda: len(list(marks.iterdir())) >= 2, "a worker loading the player")
    command.send_signal(ending)
    _, said = command.communicate(timeout=DEADLINE)
    assert command.returncode == 128 + ending
    assert said.decode() == ""  # nothing left for the system to find and complain of
    for mark in marks.iterdir():  # every worker ended with the command
        waited(lambda mark=mark: not Path(f"/proc/{mark.name}").exists(), "the worker's end")
