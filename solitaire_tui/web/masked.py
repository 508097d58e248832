"""A browser's frames are masked: the websocket protocol (RFC 6455, 5.1) says a
server must close a connection whose client sends a frame without a mask. aiohttp's
reader takes either, so ``MaskedOnly`` stands before it (``MaskedWebSocket`` puts it
there: aiohttp has no hook for it, so this leans on its connection's private parts,
which ``tests/web/test_masked.py`` watches), following frame boundaries
(the header only; payloads are skipped by length) and ending the connection with a
protocol error at the first unmasked frame.
"""

from __future__ import annotations

from typing import Any, Protocol

from aiohttp import WSCloseCode, web
from aiohttp.http_websocket import WebSocketError, WebSocketWriter
from aiohttp.web_request import BaseRequest

MASKED = 0x80  # the mask bit, in a frame's second byte
SHORT, LONG = 126, 127  # a payload length of these: its length follows in 2 or 8 bytes


class Parser(Protocol):
    """What aiohttp's connection asks of the parser it feeds a websocket's bytes."""

    def feed_data(self, data: bytes) -> tuple[bool, bytes]: ...

    def feed_eof(self) -> None: ...


def _header_size(head: bytes) -> int:
    """The size of a masked frame's header, once its first two bytes are known."""
    if len(head) < 2:
        return 2
    length = head[1] & 0x7F
    return 2 + {SHORT: 2, LONG: 8}.get(length, 0) + 4


def _payload_size(head: bytes) -> int:
    length = head[1] & 0x7F
    if length == SHORT:
        return int.from_bytes(head[2:4], "big")
    if length == LONG:
        return int.from_bytes(head[2:10], "big")
    return length


class MaskedOnly:
    """Feeds ``parser`` while every frame is masked; at the first that is not, the
    websocket's ``queue`` gets a protocol error (its reader closes with 1002) and no
    more bytes are read."""

    def __init__(self, parser: Parser, queue: Any) -> None:
        self._parser, self._queue = parser, queue
        self._head = b""  # the header of the frame under way, as far as it has come
        self._left = 0  # bytes of the payload under way still to come
        self._refused = False

    def feed_eof(self) -> None:
        self._parser.feed_eof()

    def feed_data(self, data: bytes) -> tuple[bool, bytes]:
        if self._refused:
            return True, b""
        data = bytes(data)
        at = 0
        while at < len(data):
            if self._left:
                step = min(self._left, len(data) - at)
                self._left -= step
                at += step
                continue
            start = at - len(self._head)  # where this frame began (before, if < 0)
            taken = data[at:at + _header_size(self._head) - len(self._head)]
            self._head += taken
            at += len(taken)
            if len(self._head) >= 2 and not self._head[1] & MASKED:
                return self._refuse(data[:max(start, 0)])
            if len(self._head) == _header_size(self._head):
                self._left, self._head = _payload_size(self._head), b""
        return self._parser.feed_data(data)

    def _refuse(self, before: bytes) -> tuple[bool, bytes]:
        """The frames ``before`` the unmasked one are read; then the connection ends."""
        self._refused = True
        if before:
            self._parser.feed_data(before)
        self._queue.set_exception(
            WebSocketError(WSCloseCode.PROTOCOL_ERROR, "a client frame without a mask"))
        return True, b""


class MaskedWebSocket(web.WebSocketResponse):
    """A websocket whose client must mask every frame (``MaskedOnly``)."""

    def _post_start(self, request: BaseRequest, protocol: str | None,
                    writer: WebSocketWriter) -> None:
        # aiohttp hands its parser the bytes that came with the handshake as it sets
        # it; they wait here until the guard stands before it.
        connection = request.protocol
        tail, connection._message_tail = connection._message_tail, b""
        super()._post_start(request, protocol, writer)
        guarded = MaskedOnly(connection._payload_parser, self._reader)
        connection._payload_parser = guarded
        if tail and guarded.feed_data(tail)[0]:
            connection.close()
