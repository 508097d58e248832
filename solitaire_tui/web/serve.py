"""``solitaire-tui serve``: the app in web browsers, each visitor a guest.

The person at the shell chooses the address, the token and the bounds; everything
else is the web server's (``solitaire_tui.web``). Each visitor plays in an app of
their own, with their own games, and a visitor can do nothing there the person at the
shell did not allow: no cluster, capped runs, no path and no code.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from dataclasses import dataclass

from rules.errors import OptionsError
from rules.words import clause
from solitaire_tui.commands.arguments import PROG
from solitaire_tui.store.database import data_dir
from solitaire_tui.web.hosts import Listening, Names, listening


@dataclass(frozen=True)
class Serving:
    """``serve``'s options, as given on the command line."""

    host: str
    port: int
    token: str | None  # given with --token (or its environment variable)
    no_token: bool
    public_url: str | None
    max_visitors: int
    idle_minutes: float
    visitor_workers: int
    visitor_games: int
    visitor_seats: int = 2  # apps at once for one visitor, and for one address
    visit_hours: float = 8.0  # a visit's longest
    visitor_memory: int = 1000  # megabytes an app may hold


def serve(options: Serving) -> int:
    """Serve the app until Ctrl+C (or SIGTERM): exit status 0.

    A wrong address, or one the server cannot listen on, is an ``OptionsError`` (one
    sentence, status 2). The address is tried before serving because aiohttp starts
    the web app, which prints the URL, before it binds: a port in use must not be
    announced first."""
    from solitaire_tui.web.guard import TOKEN_VARIABLE, Guard, checked_token, new_token
    from solitaire_tui.web.server import AppServer
    from solitaire_tui.web.settings import Settings
    from solitaire_tui.web.visitors import Visitors

    where = listening(options.host, options.port)
    token = options.token or os.environ.get(TOKEN_VARIABLE) or None
    if options.no_token:
        if not where.loopback:
            raise OptionsError("--no-token is only for a server on this machine's loopback"
                               " (such as 127.0.0.1): on a network, the token is what keeps"
                               " others out")
        token = None
        print(f"{PROG}: serving without a token: anyone with an account on this machine"
              " can play here (pages of other sites still cannot).", file=sys.stderr)
    else:
        token = checked_token(token) if token else new_token()
    public = _public_url(options.public_url) if options.public_url else None
    try:
        _try_listening(options.host, options.port)
    except OSError as error:
        raise OptionsError(_cannot_listen(options.host, options.port, error)) from None
    if not where.loopback:
        on = "every address of this machine" if where.everywhere else options.host
        print(f"{PROG}: serving on {on}: whoever can reach port {options.port} there and has"
              " the token can play.", file=sys.stderr)
    visitors = Visitors(data_dir() / "visitors")
    visitors.prune()
    guard = Guard(token, Names.of(where, public), options.port, visitors.secret(), public)
    settings = Settings(options.max_visitors, options.idle_minutes * 60,
                        options.visitor_workers, options.visitor_games, public,
                        options.visitor_seats, options.visit_hours * 3600,
                        options.visitor_memory * 2**20)
    address = _address(where, options.port, public)
    try:
        AppServer(options.host, options.port, guard, visitors, settings, address).serve()
    except OSError as error:  # taken since it was tried
        raise OptionsError(_cannot_listen(options.host, options.port, error)) from None
    return 0


def _public_url(text: str) -> str:
    """The address visitors use when it is not the server's (a proxy in front)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018  (a port that is not a number raises)
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or (
            parts.path not in ("", "/") or parts.query or parts.fragment):
        raise OptionsError(f"--public-url must be an address such as"
                           f" https://cards.example or http://cards.example:8000, not {text!r}")
    return f"{parts.scheme}://{parts.netloc.lower()}"


def _address(where: Listening, port: int, public: str | None) -> str:
    """The address to tell a person at this machine (textual-serve's own pastes the
    host in as it is: no address for every address, nor an IPv6 one unbracketed)."""
    if public:
        return public
    name = socket.gethostname() if where.everywhere else where.host
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
    return f"cannot listen on {host} ({clause(reason)}): choose another --host"
