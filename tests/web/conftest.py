"""Servers started for a test, each ended however the test ends; and visitors."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.support.server import TOKEN, Server


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """``serving(*options, token=…)``: ``solitaire-tui serve`` listening on a free
    loopback port, with the test's data directory (conftest's ``player_data`` sets it
    in the environment the server and its apps inherit)."""
    started: list[Server] = []

    def start(*options: str, token: str | None = TOKEN) -> Server:
        server = Server(tmp_path / f"server-{len(started)}.log", *options, token=token)
        started.append(server)
        server.wait_listening()
        return server

    try:
        yield start
    finally:
        for server in started:
            server.kill()


@pytest.fixture
async def browser() -> AsyncIterator[Callable[[], aiohttp.ClientSession]]:
    """``browser()``: a new visitor's HTTP client, keeping its cookies as a browser
    does (for a numeric host too), sending no proxy's way."""
    sessions: list[aiohttp.ClientSession] = []

    def make() -> aiohttp.ClientSession:
        session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        sessions.append(session)
        return session

    try:
        yield make
    finally:
        for session in sessions:
            await session.close()
