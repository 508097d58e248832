"""A visit's relay on its own, with a stand-in socket and app: what it paces, when it
ends a visit however busy (after the hours ``serve --visit-hours`` chose), and how
often it tells a visitor their keys were dropped. The guest's driver then says so on
the visitor's screen."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Iterable
from typing import Any

import pytest
from aiohttp import WSMessage, WSMsgType
from textual.drivers import web_driver

from solitaire_tui.cli import main
from solitaire_tui.web import relay as relay_module
from solitaire_tui.web import server as server_module
from solitaire_tui.web.driver import DROPPED, SAYING, GuestDriver
from solitaire_tui.web.frames import Pace
from solitaire_tui.web.relay import Relay
from solitaire_tui.web.settings import Settings
from tests.support.server import free_port

pytestmark = pytest.mark.engine_free

HOUR = 3600.0


def text(*frame: Any) -> WSMessage:
    """A frame as the page sends it."""
    return WSMessage(WSMsgType.TEXT, json.dumps(list(frame)), None)


CLOSE = WSMessage(WSMsgType.CLOSE, 1000, None)


class Socket:
    """The visitor's websocket: the frames given, then their leaving; what was sent."""

    def __init__(self, frames: Iterable[WSMessage] = ()) -> None:
        self.frames = list(frames)
        self.received = 0  # frames the relay asked for
        self.sent: list[object] = []

    async def receive(self) -> WSMessage:
        self.received += 1
        return self.frames.pop(0) if self.frames else CLOSE

    async def send_json(self, data: object) -> None:
        self.sent.append(data)

    def exception(self) -> BaseException | None:
        return None


class Transport:
    """A connection whose visitor is there."""

    def is_closing(self) -> bool:
        return False

    def get_extra_info(self, name: str) -> None:
        return None


class App:
    """The visitor's app: whether it took each write is scripted (True once the script
    is done); what the relay wrote, in order."""

    def __init__(self, keys: Iterable[bool] = (), metas: Iterable[bool] = ()) -> None:
        self.keys, self.metas = list(keys), list(metas)
        self.written: list[tuple[str, object, bool]] = []

    async def send_bytes(self, data: bytes) -> bool:
        taken = self.keys.pop(0) if self.keys else True
        self.written.append(("keys", data, taken))
        return taken

    async def send_meta(self, data: dict[str, object]) -> bool:
        taken = self.metas.pop(0) if self.metas else True
        self.written.append(("meta", data, taken))
        return taken

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.written.append(("size", (width, height), True))

    async def focus(self) -> None:
        pass

    async def blur(self) -> None:
        pass


class Clock:
    """``time`` as the relay reads it, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


def settings(idle: float = HOUR, longest: float = 8 * HOUR) -> Settings:
    return Settings(max_visitors=1, idle_seconds=idle, visitor_workers=1, visitor_games=1,
                    longest_seconds=longest)


def relay(socket: Socket, app: App, **chosen: float) -> Relay:
    return Relay(socket, app, "test", Transport(), settings(**chosen))  # type: ignore[arg-type]


async def test_pings_are_paced_as_keys_are() -> None:
    """A ping costs a frame's key, so a flood of pings waits in the visitor's socket as
    keys do (each answered with a pong the server writes, into a socket the visitor
    need not read): 30 pings at 10 a second after a burst of 20 take a second."""
    pings = [text("ping", str(number)) for number in range(30)]
    socket, app = Socket(pings), App()
    visit = relay(socket, app)
    visit.pace = Pace(rate=10)
    began = time.monotonic()
    await asyncio.wait_for(visit.run(), 30)
    assert socket.sent == [["pong", str(number)] for number in range(30)]
    assert time.monotonic() - began >= 0.9


async def test_pings_and_keys_share_one_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """A burst spent on pings leaves none for keys, and the wait grows a frame at a time
    whichever kind of frame it is: a key after them waits as long as a ping would."""
    clock = Clock()
    monkeypatch.setattr(relay_module, "time", clock)
    visit = relay(Socket(), App())
    visit.pace = Pace(rate=10, clock=clock.monotonic)
    waits: list[float] = []

    async def rest(seconds: float) -> bool:
        waits.append(seconds)
        return True

    monkeypatch.setattr(visit, "_rest", rest)
    for number in range(21):
        assert await visit._take(text("ping", str(number)))
    assert waits[:20] == [0.0] * 20 and waits[20] == pytest.approx(0.1)
    assert await visit._take(text("stdin", "j"))
    assert waits[21] == pytest.approx(0.2)


async def test_a_busy_visit_is_closed_after_the_longest_visit(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Keys and clicks keep a visit from being idle, not from its end: at the longest
    visit it is closed, a person's key a moment before notwithstanding."""
    caplog.set_level(logging.INFO, logger=relay_module.log.name)
    clock = Clock()
    monkeypatch.setattr(relay_module, "time", clock)
    socket = Socket()
    visit = relay(socket, App(), idle=60, longest=2 * HOUR)
    began = clock.now
    while clock.now < began + 2 * HOUR - 30:
        clock.now += 30  # a key every half minute, well within the idle time
        assert await visit._take(text("stdin", "j"))
        assert visit._goes_on()
    clock.now = began + 2 * HOUR
    assert await visit._take(text("stdin", "j"))
    assert visit.last == clock.now  # the visitor is busy this very moment
    assert not visit._goes_on()
    assert "closed after the longest visit, 2.0 hours" in caplog.text
    assert "without a key" not in caplog.text
    await asyncio.wait_for(visit.run(), 10)  # it reads nothing more
    assert socket.received == 0


def test_the_longest_visit_is_the_hours_chosen_on_the_command_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--visit-hours`` (a fraction too) reaches the visits' settings in seconds, apart
    from the idle minutes."""
    chosen: list[Settings] = []

    class Started:
        def __init__(self, host: str, port: int, guard: object, visitors: object,
                     settings: Settings, address: str) -> None:
            chosen.append(settings)

        def serve(self) -> None:
            pass

    monkeypatch.setattr(server_module, "AppServer", Started)
    assert main(["serve", "--port", str(free_port()), "--visit-hours", "0.5",
                 "--idle-minutes", "2"]) == 0
    (settings,) = chosen
    assert settings.longest_seconds == 1800 and settings.idle_seconds == 120


async def test_dropped_keys_are_told_once_after_the_app_caught_up(
        caplog: pytest.LogCaptureFixture) -> None:
    """Keys dropped while the app is behind are told to the visitor once a visit, by
    the app, after the first keys it took again (told again only if that telling
    itself found the app behind); the owner's log says it once too."""
    taken = [True, False, False, False, True, True, False, False, True, True]
    app = App(keys=taken, metas=[False, True])
    visit = relay(Socket(), app)
    for _ in taken:
        assert await visit._take(text("stdin", "j"))
    told = [(kind, data, ok) for kind, data, ok in app.written if kind == "meta"]
    assert told == [("meta", {"type": DROPPED}, False), ("meta", {"type": DROPPED}, True)]
    kinds = [kind for kind, _, _ in app.written]
    # After the 5th and the 6th keys (both taken), never after a dropped one.
    assert kinds[:7] == ["keys"] * 5 + ["meta", "keys"] and kinds[7] == "meta"
    assert kinds[8:] == ["keys"] * 4
    assert caplog.text.count("keys dropped, the app is behind") == 1


class Shown:
    """The guest's app as its driver tells it things: what it was told to show."""

    def __init__(self) -> None:
        self.notes: list[tuple[str, str]] = []
        self.messages: list[object] = []

    def notify(self, message: str, *, severity: str = "information") -> None:
        self.notes.append((message, severity))

    def post_message(self, message: object) -> bool:
        self.messages.append(message)
        return True


class Unread:
    """The driver's reader of its stdin, which the test does not read."""


async def test_the_guests_driver_shows_the_dropped_notice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``dropped`` packet comes in the driver's input thread; the app's loop shows
    one warning, and other packets are textual's as before."""
    monkeypatch.setattr(web_driver, "InputReader", Unread)
    shown = Shown()
    driver = GuestDriver(shown, size=(80, 24))  # type: ignore[arg-type]
    reader = threading.Thread(target=driver.on_meta, args=(DROPPED, {}))
    reader.start()
    reader.join()
    deadline = time.monotonic() + 10
    while not shown.notes:
        assert time.monotonic() < deadline, "the notice was never shown"
        await asyncio.sleep(0.01)
    assert shown.notes == [(SAYING, "warning")]
    driver.on_meta("focus", {})
    assert [type(message).__name__ for message in shown.messages] == ["AppFocus"]
