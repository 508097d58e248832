"""A visit: the visitor's frames to their app, paced, and the visit's end.

Keys are read at the pace ``frames.Pace`` allows, so a flood waits in the visitor's
own socket, not in their app's memory; while the app has not read what it was sent,
keys are dropped (the visitor is told once, by their app) and the socket is read on.
The visit ends when either side leaves, after ``idle_seconds`` without a person's key
or click, or after ``longest_seconds`` however busy. A visitor who leaves is seen to
within a moment even with a flood of theirs unread: the relay looks at the socket's
state between frames and while it waits (``connections.peer_gone``).
"""

from __future__ import annotations

import asyncio
import logging
import time

from aiohttp import WSMessage, WSMsgType, web

from solitaire_tui.web import connections
from solitaire_tui.web.driver import DROPPED
from solitaire_tui.web.frames import KEYS_AT_ONCE, BadFrame, Pace, Pastes, TooLong, read_frame
from solitaire_tui.web.guest import GuestApp
from solitaire_tui.web.settings import Settings

log = logging.getLogger("solitaire-tui.serve")
refusals = logging.getLogger("solitaire-tui.serve.refused")

LARGEST_FRAME = 64 * 1024  # bytes: a paste of a deck is a few hundred
BAD_FRAMES = 100  # a visit that sends this many malformed frames is closed
LOOK_SECONDS = 0.25  # how often a visit paced or quiet looks whether its visitor left
CLOSED = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED)


class Relay:
    def __init__(self, websocket: web.WebSocketResponse, app: GuestApp, name: str,
                 transport: asyncio.BaseTransport | None, settings: Settings) -> None:
        self.websocket, self.app, self.name = websocket, app, name
        self.transport = transport
        self.settings = settings
        self.began = self.last = time.monotonic()  # the visit's start, its last key or click
        self.pace, self.pastes = Pace(), Pastes()
        self.bad = 0  # malformed frames
        self.size: tuple[int, int] | None = None  # the last size told to the app
        self.dropped = self.told = False  # keys dropped, and the visitor told so
        self.gone = False  # the visitor's end was found closed

    async def run(self) -> None:
        receiving: asyncio.Future[WSMessage] | None = None
        try:
            while self._goes_on():
                if receiving is None:  # never cancelled to look: that closes the socket
                    receiving = asyncio.ensure_future(self.websocket.receive())
                await asyncio.wait({receiving}, timeout=LOOK_SECONDS)
                if receiving.done():
                    message, receiving = receiving.result(), None
                    if not await self._take(message):
                        return
        finally:
            if receiving is not None:
                receiving.cancel()

    def _goes_on(self) -> bool:
        """Whether the visit goes on: the visitor is there, not idle, not too long."""
        now = time.monotonic()
        if now - self.last >= self.settings.idle_seconds:
            log.info("visitor %s: closed after %.0f minutes without a key or a click",
                     self.name, self.settings.idle_seconds / 60)
            return False
        if now - self.began >= self.settings.longest_seconds:
            log.info("visitor %s: closed after the longest visit, %.1f hours", self.name,
                     self.settings.longest_seconds / 3600)
            return False
        return not self._gone()

    def _gone(self) -> bool:
        """Whether the visitor has left, or stopped answering the server's pings (as
        a flood does, whose answers wait unread behind its keys)."""
        if not connections.peer_gone(self.transport):
            return False
        if self.websocket.exception() is not None and not self.gone:
            refusals.warning("visitor %s: closed (%s)", self.name, self.websocket.exception())
        self.gone = True
        return True

    async def _take(self, message: WSMessage) -> bool:
        """Pass one frame on, after the pace's wait; False when the visit ends."""
        if message.type == WSMsgType.ERROR:  # a frame over LARGEST_FRAME, say
            refusals.warning("visitor %s: closed on a bad frame (%s)", self.name, message.data)
            return False
        if message.type in CLOSED:
            return False
        try:
            if message.type != WSMsgType.TEXT:
                raise BadFrame("not text")
            frame = read_frame(message.data)
            typed = self.pastes.feed(frame.text) if frame.kind == "stdin" else None
            if typed is not None and typed.outside > KEYS_AT_ONCE:
                raise BadFrame(f"more than {KEYS_AT_ONCE} keys at once")
        except TooLong as error:
            refusals.warning("visitor %s: closed on %s", self.name, error)
            return False
        except BadFrame as error:
            self.bad += 1
            refusals.warning("visitor %s: a malformed frame (%s), ignored", self.name, error)
            if self.bad >= BAD_FRAMES:
                refusals.warning("visitor %s: closed after %d malformed frames", self.name,
                                 self.bad)
                return False
            return await self._rest(self.pace.delay())
        if typed is not None and typed.person:
            self.last = time.monotonic()
        if not await self._rest(self.pace.delay(typed.keys if typed else 1)):
            return False
        await self._pass(frame.kind, frame.text, frame.size)
        return True

    async def _pass(self, kind: str, text: str, size: tuple[int, int]) -> None:
        app = self.app
        if kind == "stdin" and text:
            await self._keys(text.encode("utf-8", "replace"))
        elif kind == "resize" and size != self.size:  # the same size: nothing new
            self.size = size
            await app.set_terminal_size(*size)
        elif kind == "ping":
            await self.websocket.send_json(["pong", text])
        elif kind == "focus":
            await app.focus()
        elif kind == "blur":
            await app.blur()

    async def _keys(self, keys: bytes) -> None:
        """Keys to the app, or dropped while it is behind: the visitor is told once,
        by the app, when it has caught up."""
        if await self.app.send_bytes(keys):
            if self.dropped and not self.told:
                self.told = await self.app.send_meta({"type": DROPPED})
        elif not self.dropped:
            self.dropped = True
            refusals.warning("visitor %s: keys dropped, the app is behind", self.name)

    async def _rest(self, seconds: float) -> bool:
        """Wait ``seconds`` before reading the next frame, looking meanwhile whether
        the visitor has left (a flood left unread would hide their leaving); False
        if they have."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            if self._gone():
                return False
            await asyncio.sleep(min(left, LOOK_SECONDS))
        return True


