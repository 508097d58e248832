"""The command line as a process of its own, stopped by Ctrl+C once it plays games,
as a terminal stops it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading
from typing import IO

import pytest

from solitaire_tui.cli import main

# The progress bar with games played: "playing ━━━ 1,234 of 1,000,…".
PLAYED = re.compile(rb"playing.*?\b[1-9][\d,]* of ", re.DOTALL)


def interrupted(command: list[str], group: bool = False) -> tuple[int, bytes]:
    """Run ``command`` until it plays games, then Ctrl+C it (``group``: as a terminal
    does, to every process of its group): its exit status and what it printed."""
    # A terminal's progress bar on stderr says when games are being played.
    environment = {**os.environ, "TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "1",
                   "FORCE_COLOR": "1", "COLUMNS": "200"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=environment, start_new_session=group)
    assert process.stderr is not None and process.stdout is not None
    said, playing = bytearray(), threading.Event()

    def watch(stream: IO[bytes]) -> None:
        for chunk in iter(lambda: stream.read1(4096), b""):
            said.extend(chunk)
            if PLAYED.search(said[-400:]):
                playing.set()

    watcher = threading.Thread(target=watch, args=(process.stderr,), daemon=True)
    watcher.start()
    try:
        assert playing.wait(300), bytes(said[-400:])  # import, load or compile, then play
        if group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        out = process.stdout.read()
        process.wait(30)
    finally:
        process.kill()
    watcher.join(10)
    assert process.returncode == 130, bytes(said[-600:])
    return process.returncode, out


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The command line with ``argv``: its status, what it printed, what it said."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse exits on its own errors and --help
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
