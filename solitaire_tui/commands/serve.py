"""``solitaire-tui serve``: the app in web browsers, through textual-serve.

textual-serve starts a command for every browser that connects and relays its screen
and keys over a websocket, so each visitor plays in an app of their own. The command
is this same Python running this package, so a server started from a virtualenv needs
nothing on PATH; the apps inherit the server's environment, so they all keep their
games in the server's data directory (``SOLITAIRE_TUI_DATA_DIR`` included).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import shlex
import socket
import sys
from typing import TYPE_CHECKING

from textual_serve.server import Server

from rules.errors import OptionsError
from solitaire_tui.commands.arguments import PROG

if TYPE_CHECKING:
    from aiohttp import web

# ``exec``: the shell textual-serve starts the command with becomes the app, rather
# than wait beside it.
APP_COMMAND = "exec " + shlex.join([sys.executable, "-m", "solitaire_tui"])

# Hosts that mean every address of this machine, which no browser can be sent to.
EVERY_ADDRESS = ("0.0.0.0", "::")


class AppServer(Server):
    """textual-serve's server, saying where to point a browser instead of its banner,
    without a line for every file a browser fetches, sending each page back to the
    address its visitor used, and stopping at once.

    aiohttp waits on shutdown for every request to end, and a visitor's websocket
    ends only when the browser leaves: so a stop cancels the visits, which closes
    their apps (textual-serve tells each to quit and waits for it)."""

    def __init__(self, command: str, host: str, port: int) -> None:
        super().__init__(command, host=host, port=port, title=PROG,
                         public_url=_public_url(host, port))
        self._visits: set[asyncio.Task[object]] = set()

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, its script and its websocket addressed as the visitor reached the
        server: textual-serve writes ``public_url`` into the page, and one fixed
        address is wrong for a server on every address (or behind a forwarded port).
        Nothing is awaited between setting it and textual-serve's reading it."""
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    def initialize_logging(self) -> None:
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def on_startup(self, app: web.Application) -> None:
        print(f"{PROG}: open {self.public_url} in a web browser; Ctrl+C stops the server.",
              flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        for visit in self._visits:
            visit.cancel()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        visit = asyncio.current_task()
        assert visit is not None  # aiohttp handles each request in a task
        self._visits.add(visit)
        try:
            return await super().handle_websocket(request)
        finally:
            self._visits.discard(visit)


def serve(host: str, port: int) -> int:
    """Serve the app on ``host``:``port`` until Ctrl+C (or SIGTERM): exit status 0.

    An address it cannot listen on is an ``OptionsError`` (one sentence, status 2).
    The address is tried before serving because aiohttp starts the web app, which
    prints the URL, before it binds: a port in use must not be announced first."""
    try:
        _try_listening(host, port)
        AppServer(APP_COMMAND, host, port).serve()
    except OSError as error:
        raise OptionsError(_cannot_listen(host, port, error)) from None
    return 0


def _public_url(host: str, port: int) -> str:
    """The address to tell a person at this machine (textual-serve's own pastes the
    host in as it is: no address for every address, nor an IPv6 one unbracketed)."""
    name = socket.gethostname() if host in EVERY_ADDRESS else host
    return f"http://[{name}]:{port}" if ":" in name else f"http://{name}:{port}"


def _try_listening(host: str, port: int) -> None:
    """Bind every address ``host`` names as aiohttp will (address reuse on, so a port
    just left is free), and let go at once."""
    for family, kind, proto, _, address in socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE):
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)


def _cannot_listen(host: str, port: int, error: OSError) -> str:
    """The sentence for an address the server cannot listen on, naming the option
    that would fix it."""
    if error.errno == errno.EADDRINUSE:
        return f"port {port} on {host} is in use: choose another with --port"
    if error.errno == errno.EACCES:
        return f"port {port} needs privileges this user lacks: choose one above 1023 with --port"
    reason = error.strerror or str(error)
    return f"cannot listen on {host} ({reason[:1].lower()}{reason[1:]}): choose another --host"
