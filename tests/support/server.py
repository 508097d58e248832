"""``solitaire-tui serve`` run as a person runs it, on a free loopback port, and a
visitor's websocket read as the text its terminal shows."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp

from solitaire_tui.web.guard import TOKEN_VARIABLE

HOST = "127.0.0.1"
TOKEN = "the-tests-own-token-0123456789"  # given to the server, so the tests know it
START_SECONDS = 30  # the server's imports on a machine busy with other tests
STOP_SECONDS = 30  # each visitor's app is told to quit and waited for
APP_SECONDS = 60  # a visitor's app's imports and first frame, on a busy machine
# What a terminal does with a screen's bytes but show them: escape sequences.
ESCAPES = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*"
                     r"\x1b\\|.)")


def free_port() -> int:
    """A port nothing listens on now (the system's choice), for the server to take."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """The server in a session of its own, so that it and every app it starts form
    one process group: what is left of it can be found and ended. ``token``: the one
    it is given (None: it makes its own)."""

    def __init__(self, log: Path, *options: str, token: str | None = TOKEN) -> None:
        self.port = free_port()
        self.base = f"http://{HOST}:{self.port}"
        self.url = f"{self.base}/?token={token}"
        self.log = log
        environment = {key: value for key, value in os.environ.items()
                       if key != TOKEN_VARIABLE}
        if token is not None:
            environment[TOKEN_VARIABLE] = token
        with log.open("w") as out:  # a file, not a pipe nobody reads while it runs
            self.process = subprocess.Popen(
                [sys.executable, "-m", "solitaire_tui", "serve", "--port", str(self.port),
                 *options], stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                env=environment)

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

    def apps(self) -> list[int]:
        """The pids of the visitors' apps the server started (its children)."""
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError):
                    stat = (entry / "stat").read_text()
                    if int(stat.rpartition(")")[2].split()[1]) == self.process.pid:
                        found.append(int(entry.name))
        return found

    def left_app(self, pid: int) -> bool:
        """Whether app ``pid`` is still there a moment after its visit ended."""
        deadline = time.monotonic() + STOP_SECONDS
        while time.monotonic() < deadline:
            if pid not in self.apps():
                return False
            time.sleep(0.05)
        return True

    def kill(self) -> None:
        """End whatever is left of the group, whatever state the test left it in."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(STOP_SECONDS)


def said(log: Path, text: str, seconds: float = STOP_SECONDS) -> str:
    """The server's log once it holds ``text``."""
    deadline = time.monotonic() + seconds
    while text not in (shown := log.read_text()):
        assert time.monotonic() < deadline, f"the server never said {text!r}:\n{shown}"
        time.sleep(0.05)
    return shown


async def logged(log: Path, text: str, seconds: float = STOP_SECONDS) -> str:
    """``said``, for a test with visits open: their sockets are served meanwhile."""
    deadline = time.monotonic() + seconds
    while text not in (shown := log.read_text()):
        assert time.monotonic() < deadline, f"the server never said {text!r}:\n{shown}"
        await asyncio.sleep(0.05)
    return shown


class Visit:
    """A visitor's websocket: keys sent as the page sends them, the screen read as text."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.seen = ""  # everything shown so far, escape codes taken out

    async def send(self, *frame: Any) -> None:
        await self.socket.send_str(json.dumps(list(frame)))

    async def press(self, keys: str) -> None:
        await self.send("stdin", keys)

    async def wait_for(self, *texts: str, seconds: float = APP_SECONDS) -> str:
        """Read the screen until one of ``texts`` has been shown (since the last wait)."""
        text = " or ".join(map(repr, texts))
        deadline = time.monotonic() + seconds
        start = len(self.seen)
        while not any(one in self.seen[start:] for one in texts):
            left = deadline - time.monotonic()
            assert left > 0, f"after {seconds} s no {text} in:\n{self.seen[start:][-3000:]}"
            try:  # a deadline of its own: the server's pings restart receive's timeout
                message = await asyncio.wait_for(self.socket.receive(), left)
            except asyncio.TimeoutError:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                self.seen += ESCAPES.sub("", message.data.decode("utf-8", "replace"))
            elif message.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"the visit ended ({message.type.name}) before {text}"
                                     f" was shown:\n{self.seen[start:][-3000:]}")
        return self.seen[start:]

    async def press_until(self, keys: str, shown: str, seconds: float = 10,
                          tries: int = 3) -> str:
        """Press ``keys`` until ``shown`` is shown: a key that comes while the app is
        still laying out its first screen may find nothing focused to take it."""
        for _ in range(tries - 1):
            await self.press(keys)
            try:
                return await self.wait_for(shown, seconds=seconds)
            except AssertionError:
                continue
        await self.press(keys)
        return await self.wait_for(shown)

    async def text(self, seconds: float = APP_SECONDS) -> str:
        """The next text frame (a pong); screens in between are read."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            message = await asyncio.wait_for(self.socket.receive(), left)
            if message.type == aiohttp.WSMsgType.TEXT:
                return str(message.data)
            assert message.type == aiohttp.WSMsgType.BINARY, message
        raise AssertionError(f"no text frame within {seconds} s")
