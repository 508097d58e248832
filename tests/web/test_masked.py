"""A client frame without a mask ends the connection (RFC 6455, 5.1), wherever it
falls: in the bytes that came with the handshake, after masked ones, or cut across
reads (``web.masked``)."""

from __future__ import annotations

import asyncio
import os

import pytest
from aiohttp import WSMsgType, web
from aiohttp.test_utils import TestServer

from solitaire_tui.web.masked import MaskedOnly, MaskedWebSocket

pytestmark = pytest.mark.engine_free

HANDSHAKE = (b"GET / HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
             b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
             b"Sec-WebSocket-Version: 13\r\n\r\n")
ENDED_WITHIN = 30.0  # seconds: a safety net; an ended connection ends at once


def frame(payload: bytes, *, masked: bool = True) -> bytes:
    """A final text frame as a client sends it."""
    size = len(payload)
    length = (bytes([size]) if size < 126 else bytes([126]) + size.to_bytes(2, "big")
              if size < 1 << 16 else bytes([127]) + size.to_bytes(8, "big"))
    if not masked:
        return bytes([0x81]) + length + payload
    mask = os.urandom(4)
    return (bytes([0x81, length[0] | 0x80]) + length[1:] + mask
            + bytes(byte ^ mask[at % 4] for at, byte in enumerate(payload)))


async def echo(request: web.Request) -> web.WebSocketResponse:
    websocket = MaskedWebSocket()
    await websocket.prepare(request)
    async for message in websocket:
        if message.type is WSMsgType.TEXT:
            await websocket.send_str(message.data)
    return websocket


async def exchange(first: bytes, then: bytes = b"") -> bytes:
    """What the server sends back, till it closes, to a handshake sent with
    ``first`` and followed by ``then``."""
    app = web.Application()
    app.router.add_get("/", echo)
    async with TestServer(app) as server:
        reader, writer = await asyncio.open_connection(server.host, server.port)
        writer.write(HANDSHAKE + first)
        head = await reader.readuntil(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101")
        writer.write(then)
        answer = await asyncio.wait_for(reader.read(), ENDED_WITHIN)
        writer.close()
        return answer


async def test_masked_frames_are_read_and_an_unmasked_one_ends_the_connection() -> None:
    answer = await exchange(frame(b"one"), frame(b"two") + frame(b"evil", masked=False))
    assert b"one" in answer and b"two" in answer
    assert b"evil" not in answer


async def test_an_unmasked_frame_sent_with_the_handshake_is_never_read() -> None:
    answer = await exchange(frame(b"evil", masked=False))
    assert b"evil" not in answer


class Kept:
    """A parser and queue that keep what reaches them."""

    def __init__(self) -> None:
        self.data = b""
        self.error: BaseException | None = None

    def feed_data(self, data: bytes) -> tuple[bool, bytes]:
        self.data += data
        return False, b""

    def feed_eof(self) -> None:
        pass

    def set_exception(self, error: BaseException) -> None:
        self.error = error


def test_frames_cut_anywhere_are_followed_to_the_unmasked_one() -> None:
    frames = frame(b"a" * 5) + frame(b"b" * 300) + frame(b"c" * 70_000) + frame(b"")
    kept = Kept()
    guard = MaskedOnly(kept, kept)
    for at in range(0, len(frames), 7):
        assert guard.feed_data(frames[at:at + 7]) == (False, b"")
    assert kept.data == frames and kept.error is None
    assert guard.feed_data(frame(b"d" * 200, masked=False)[:3]) == (True, b"")
    assert kept.data == frames and kept.error is not None
    assert guard.feed_data(frame(b"e")) == (True, b"")  # nothing after
