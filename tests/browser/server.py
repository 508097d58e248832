"""``solitaire-tui serve`` run as a person runs it, on a free loopback port."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

HOST = "127.0.0.1"
START_SECONDS = 30  # the server's imports on a machine busy with other tests
STOP_SECONDS = 30  # each visitor's app is told to quit and waited for


def free_port() -> int:
    """A port nothing listens on now (the system's choice), for the server to take."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """The server in a session of its own, so that it and every app it starts form
    one process group: what is left of it can be found and ended."""

    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}/"
        self.log = log
        with log.open("w") as out:  # a file, not a pipe nobody reads while it runs
            self.process = subprocess.Popen(
                [sys.executable, "-m", "solitaire_tui", "serve", "--port", str(self.port)],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)

    def wait_listening(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while True:
            assert self.process.poll() is None, f"the server stopped:\n{self.log.read_text()}"
            try:
                socket.create_connection((HOST, self.port), timeout=1).close()
                return
            except OSError:
                assert time.monotonic() < deadline, f"the server is not listening after" \
                    f" {START_SECONDS} s:\n{self.log.read_text()}"
                time.sleep(0.05)

    def interrupt(self) -> int:
        """Ctrl+C, as a terminal sends it: to the server and its apps. The exit status."""
        os.killpg(self.process.pid, signal.SIGINT)
        return self.process.wait(STOP_SECONDS)

    def left(self) -> bool:
        """Whether a process of the server's group is still there, a moment after the
        server ended (its apps may be exiting still)."""
        deadline = time.monotonic() + STOP_SECONDS
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return False
            time.sleep(0.05)
        return True

    def kill(self) -> None:
        """End whatever is left of the group, whatever state the test left it in."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(STOP_SECONDS)
