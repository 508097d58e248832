"""Who may use the server: whoever holds its token, from a page the server sent.

Each start makes a random token (or takes the one given: ``--token`` or the
``SOLITAIRE_TUI_TOKEN`` environment variable) and prints the address to open with it,
as Jupyter does. The page and the websocket need it: in the address (``?token=``), in
an ``Authorization: token …`` header (scripts), or in the cookie the page sets once it
was given (HttpOnly, so no script reads it; SameSite=Strict, so no other site's page
sends it). A request whose ``Host`` is not one of the server's names, or whose
``Origin`` is another site's, is refused whatever it holds.

Each visitor has an id of their own in a second cookie, signed with a secret kept in
the server's data directory, so that a visitor's games stay theirs across visits and
restarts and nobody can pick another's id: the server made every id it accepts.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from rules.errors import OptionsError
from solitaire_tui.web.hosts import Names, host_name, host_port

TOKEN_VARIABLE = "SOLITAIRE_TUI_TOKEN"
TOKEN_FORM = re.compile(r"[A-Za-z0-9._~-]{16,256}")  # as it can stand in an address
VISITOR_ID = re.compile(r"[0-9a-f]{32}")  # 128 random bits, as ``new_visitor`` makes them
VISITOR_FORM = re.compile(rf"({VISITOR_ID.pattern})\.({VISITOR_ID.pattern})")  # id.signature
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def new_token() -> str:
    return secrets.token_urlsafe(24)


def checked_token(text: str) -> str:
    """A token chosen by the person at the shell: long enough not to be guessed, and
    only characters an address carries as they are."""
    if not TOKEN_FORM.fullmatch(text):
        raise OptionsError("a token must be 16 to 256 letters, digits or . _ ~ - (a new"
                           " random one is made when none is given)")
    return text


def _origin(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin or URL, the port filled in; None if none."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    if not host or scheme not in DEFAULT_PORTS:
        return None
    return scheme, host, port or DEFAULT_PORTS[scheme]


@dataclass(frozen=True)
class Guard:
    token: str | None  # None: served without a token (loopback only)
    names: Names
    port: int
    secret: bytes  # signs visitors' ids
    public: str | None = None  # the address visitors use, when not the server's own

    @property
    def token_cookie(self) -> str:
        # Cookies are kept by host, not by port: two servers on one host keep two.
        return f"solitaire-tui-token-{self.port}"

    @property
    def visitor_cookie(self) -> str:
        return f"solitaire-tui-visitor-{self.port}"

    def host_ok(self, host: str | None) -> bool:
        """Whether ``Host`` names the server: one of its names, and its port (or the
        public URL's; a header without one means a scheme's default port)."""
        if not self.names.answers_to(host_name(host)):
            return False
        assert host is not None  # a name was read from it
        ports = {self.port}
        if self.public:
            public = _origin(self.public)
            ports |= {public[2]} if public else set()
        port = host_port(host)
        return bool(ports & {80, 443}) if port is None else port in ports

    def origin_ok(self, origin: str | None, scheme: str, host: str | None) -> bool:
        """Whether a request's ``Origin`` is the page's own: its scheme and host as
        the request reached the server, or the public URL's. A request with no
        ``Origin`` was not made by a page of another site (browsers send one with
        every websocket and every cross-site request): its token decides."""
        if origin is None:
            return True
        given = _origin(origin)
        if given is None:
            return False  # "null" (a sandboxed frame, a file), or nothing like an origin
        own = {_origin(f"{scheme}://{host}")} if host else set()
        if self.public:
            own.add(_origin(self.public))
        return given in own

    def admits(self, offered: Iterable[str | None]) -> bool:
        """Whether any of the tokens offered is the server's."""
        if self.token is None:
            return True
        mine = self.token.encode()
        return any(given is not None and hmac.compare_digest(
            given.encode("utf-8", "replace"), mine) for given in offered)

    def visitor(self, cookie: str | None) -> str | None:
        """The visitor id a cookie holds, if the server signed it."""
        found = VISITOR_FORM.fullmatch(cookie or "")
        if found is None or not hmac.compare_digest(found.group(2), self._sign(found.group(1))):
            return None
        return found.group(1)

    def new_visitor(self) -> tuple[str, str]:
        """A new visitor's id and the cookie that carries it."""
        visitor = secrets.token_hex(16)
        return visitor, f"{visitor}.{self._sign(visitor)}"

    def _sign(self, visitor: str) -> str:
        return hmac.new(self.secret, visitor.encode(), hashlib.sha256).hexdigest()[:32]


def offered_tokens(query: str | None, authorization: str | None,
                   cookie: str | None) -> list[str | None]:
    """The tokens a request offers: in its address, its ``Authorization`` header
    (``token …`` or ``Bearer …``) and its cookie."""
    header = None
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() in ("token", "bearer"):
            header = value.strip()
    return [query, header, cookie]
