"""Connections held to a share: so many from one address, so many in all.

A connection costs a file descriptor before it sends a byte: 19,975 idle ones from
one address took every descriptor the server had, and then every accept failed. The
count is kept where aiohttp makes a connection's handler, so a connection over the
share is closed before it is read.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import socket
import warnings
from collections import Counter
from typing import Any

from aiohttp import web, web_protocol, web_server

refusals = logging.getLogger("solitaire-tui.serve.refused")

EACH_ADDRESS = 64  # a browser opens six or so a host, and a websocket a tab
CLOSE_WAIT = 8  # ``tcp_states.h``: the peer has closed, what it sent is still unread


def most_connections() -> int:
    """Connections at once in all: half the descriptors this process may open, the
    rest left to the apps' pipes, the log and the database."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(64, soft // 2) if soft != resource.RLIM_INFINITY else 10_000


class Connections(web_server.Server):
    """aiohttp's server of connections, counting them by the peer's address."""

    def __init__(self, *args: Any, each: int | None, most: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.each, self.most = each, most  # ``each`` None: not by address (behind a proxy)
        self.by_address: Counter[str] = Counter()
        self._counted: dict[web_protocol.RequestHandler, str] = {}

    def connection_made(self, handler: web_protocol.RequestHandler,
                        transport: asyncio.Transport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if len(self._counted) >= self.most or (
                self.each is not None and self.by_address[address] >= self.each):
            refusals.warning("refused a connection: too many at once from its address"
                             " or in all")
            transport.abort()
            return
        self.by_address[address] += 1
        self._counted[handler] = address
        super().connection_made(handler, transport)

    def connection_lost(self, handler: web_protocol.RequestHandler,
                        exc: BaseException | None = None) -> None:
        address = self._counted.pop(handler, None)
        if address is not None:
            self.by_address[address] -= 1
            if not self.by_address[address]:
                del self.by_address[address]
        super().connection_lost(handler, exc)


# aiohttp frowns on subclassing its Application, and warns once here; it is the one
# place that makes the server of connections, which is what is counted.
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)

    class Application(web.Application):
        """A web application whose connections are held to ``each`` an address."""

        each: int | None = EACH_ADDRESS

        def _make_handler(self, *, loop: asyncio.AbstractEventLoop | None = None,
                          **kwargs: Any) -> web_server.Server:
            made = super()._make_handler(loop=loop, **kwargs)
            return Connections(made.request_handler, request_factory=made.request_factory,
                               handler_cancellation=made.handler_cancellation,
                               loop=made._loop, each=self.each, most=most_connections(),
                               **made._kwargs)


def peer_gone(transport: asyncio.BaseTransport | None) -> bool:
    """Whether the visitor's end of a connection has closed, even with what it sent
    before still unread (as a paced flood leaves it): the kernel knows."""
    if transport is None or transport.is_closing():
        return True
    sock = transport.get_extra_info("socket")
    if sock is None or not hasattr(socket, "TCP_INFO"):
        return False
    try:
        state = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0]
    except OSError:
        return True
    return bool(state == CLOSE_WAIT)
