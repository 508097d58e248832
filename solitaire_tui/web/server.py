"""The web server: textual-serve's page and relay, for guests.

textual-serve starts an app process for every websocket and relays its screen and
keys. Used as it comes, anyone who reached the port could use it, any page the owner
opened could drive it, one message could make an app take gigabytes, and every
visitor shared every game. Here it is wrapped as a public service should be:

- every request must name one of the server's hosts, and come from its own pages
  (``guard``); the page and the websocket need the token;
- the websocket's frames are read and bounded (``frames``): keys at the pace an app
  takes them, dropped while the app is behind, one log line for a bad frame; the
  terminal size is clamped;
- at most ``max_visitors`` apps at once, ``seats_each`` a visitor and an address
  (``visitors.Seats``), and so many connections an address (``connections``); a visit
  idle for ``idle_seconds``, or longer than ``longest_seconds``, is closed;
- each app runs as a guest (``python -I -m solitaire_tui --guest``: no cluster, capped
  runs and screen) in the visitor's own directory (``visitors``), under a memory
  ceiling (``guest``), and ends with the server however the server ends
  (``lifeline``);
- the log is one escaped line a record, and what anyone can make it say is
  throttled (``logs``).
"""

from __future__ import annotations

import asyncio
import logging
import shlex
import sys
from html import escape
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.server import Server

from solitaire_tui.commands import errors
from solitaire_tui.commands.arguments import PROG
from solitaire_tui.web import connections
from solitaire_tui.web.frames import clamped
from solitaire_tui.web.guard import Guard, offered_tokens
from solitaire_tui.web.guest import GuestApp
from solitaire_tui.web.logs import OneLine, Throttle
from solitaire_tui.web.masked import MaskedWebSocket
from solitaire_tui.web.relay import LARGEST_FRAME, Relay
from solitaire_tui.web.settings import Settings
from solitaire_tui.web.visitors import KEEP_DAYS, Seats, Visitors

log = logging.getLogger("solitaire-tui.serve")
# What anyone who reaches the port can make the server say: a line each, but not more
# than ``Throttle`` lets through, so that nobody fills the owner's log.
refusals = logging.getLogger("solitaire-tui.serve.refused")

HEARTBEAT_SECONDS = 15.0  # a browser that stops answering pings is gone
CLOSE_SECONDS = 2.0  # a visit closed by the server waits this long for the browser's word
PAGE = Path(__file__).parent / "page"  # our page: textual-serve's without inline script


_bugs = Throttle()  # a bug's traceback goes to errors.log as often as its line


def _bug(where: str, what: str, error: BaseException) -> None:
    """One line for something that should not have happened, its details in the
    owner's ``errors.log``: both at most ``Throttle``'s share a minute of each kind,
    a kind being the place and the error's type, never what a peer chose (a path, a
    name): so a peer can neither flood the log nor grow the count of kinds."""
    passes, _ = _bugs.passes(f"{where} {type(error).__qualname__}")
    if passes:
        log.error("%s: something went wrong that should not have: %s", what,
                  errors.logged(error))


class AppServer(Server):
    """textual-serve's server with the guard, the bounds and the guests above."""

    def __init__(self, host: str, port: int, guard: Guard, visitors: Visitors,
                 settings: Settings, address: str) -> None:
        """``address``: the server's, as a person at this machine opens it."""
        argv = [sys.executable, "-I", "-m", "solitaire_tui", "--guest",
                str(settings.visitor_workers), str(settings.visitor_games)]
        super().__init__(shlex.join(argv), host=host, port=port, title=PROG,
                         public_url=address, templates_path=PAGE)
        self.argv = argv
        self.guard = guard
        self.visitors = visitors
        self.settings = settings
        # The address to print, with the token that opens it.
        self.announce = address + (f"/?token={guard.token}" if guard.token else "/")
        self.seated = Seats(settings.max_visitors, settings.seats_each)
        # Every file the page may ask for, by its name: nothing else is looked up.
        self.statics = {path.relative_to(root).as_posix(): path
                        for root in (self.statics_path, PAGE) for path in root.rglob("*")
                        if path.is_file() and path.suffix != ".html"}
        self._visits: set[asyncio.Task[object]] = set()

    # --- the server as a whole ------------------------------------------------------

    def initialize_logging(self) -> None:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(OneLine("%(asctime)s %(message)s", datefmt="%H:%M:%S"))
        # Every warning and error, of any library (asyncio's failed accepts too).
        handler.addFilter(Throttle(level=logging.WARNING))
        logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
        refusals.addFilter(Throttle())  # its information lines too

    async def _make_app(self) -> web.Application:
        app = connections.Application(middlewares=[self._guarded])
        # Behind a proxy every connection is the proxy's: not counted by address.
        app.each = None if self.settings.public_url else connections.EACH_ADDRESS
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            # The page's scripts, styles and font; no listing of them, and no
            # downloads (the app delivers no files).
            web.get("/static/{filename:.*}", self.handle_static, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_startup(self, app: web.Application) -> None:
        print(f"{PROG}: open {self.announce} in a web browser; Ctrl+C stops the server.",
              flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        """aiohttp waits on shutdown for every request to end, and a visit ends only
        when its browser leaves: so a stop cancels the visits, which closes their
        apps (each is told to quit, and killed if it does not)."""
        for visit in self._visits:
            visit.cancel()

    @web.middleware
    async def _guarded(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Every request: one of the server's hosts, from its own pages; every answer
        with the headers that keep other sites' pages out of it."""
        host = request.headers.get("Host")
        try:
            if not self.guard.host_ok(host):
                refusals.warning("refused a request for another host (%.80r)", host)
                raise self._page(403, "This server does not answer to that host name.")
            origin = request.headers.get("Origin")
            if not self.guard.origin_ok(origin, request.scheme, host):
                refusals.warning("refused a request from another site's page (%.80r)", origin)
                raise self._page(403, "This server answers only its own pages.")
            try:
                response: web.StreamResponse = await handler(request)
            except (web.HTTPException, asyncio.CancelledError):
                raise
            except Exception as error:
                _bug("request", f"{request.path[:80]!r}", error)
                raise self._page(500, "Something went wrong on the server.") from None
        except web.HTTPException as answer:
            self._protect(answer, host or "")
            raise
        if not response.prepared:  # a websocket's headers have gone already
            self._protect(response, host or "")
        return response

    def _protect(self, response: web.StreamResponse, host: str) -> None:
        if not self.guard.host_ok(host):
            host = "localhost"  # never a name the request made up
        own = self.settings.public_url or f"http://{host}"
        websocket = "wss://" + own.split("://", 1)[1] if own.startswith("https") else (
            "ws://" + own.split("://", 1)[1])
        response.headers.update({
            # Scripts are the page's files alone; styles may be set by its script
            # (xterm.js writes its own), the font is ours.
            "Content-Security-Policy": (
                "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
                " font-src 'self'; img-src 'self' data:;"
                f" connect-src 'self' {websocket}; frame-ancestors 'none';"
                " base-uri 'none'; form-action 'none'"),
            "X-Frame-Options": "DENY",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
        })

    @staticmethod
    def _page(status: int, sentence: str) -> web.HTTPException:
        """A plain page of one sentence: what a refused or turned-away visitor sees
        (raised by a handler, answered by ``_guarded``)."""
        body = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{PROG}</title>"
                f"</head><body><p>{escape(sentence)}</p></body></html>")
        headers = {"Cache-Control": "no-store"}
        if status == 503:
            headers["Retry-After"] = "60"
        kind = {400: web.HTTPBadRequest, 403: web.HTTPForbidden, 404: web.HTTPNotFound,
                503: web.HTTPServiceUnavailable}.get(status, web.HTTPInternalServerError)
        return kind(text=body, content_type="text/html", headers=headers)

    def _admitted(self, request: web.Request) -> bool:
        """Whether a request holds the token, in any of the places it may."""
        return self.guard.admits(offered_tokens(request.query.get("token"),
                                                request.headers.get("Authorization"),
                                                request.cookies.get(self.guard.token_cookie)))

    def _address(self, request: web.Request) -> str | None:
        """The visitor's address, for their share; None behind a proxy, whose it is."""
        return None if self.settings.public_url else request.remote

    # --- the page -------------------------------------------------------------------

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        guard = self.guard
        given = request.query.get("token")
        if guard.token is not None and given is not None:
            if not guard.admits([given]):
                refusals.warning("refused the page: a wrong token")
                raise self._page(403, "That is not this server's token: open the address"
                                  " the server printed when it started.")
            # Kept in a cookie and taken out of the address, so that it is in neither
            # the browser's history nor what the page's later requests send.
            fontsize = request.query.get("fontsize")
            moved = web.HTTPSeeOther("/" + (f"?fontsize={fontsize}" if fontsize and
                                            fontsize.isdigit() else ""))
            self._cookie(moved, guard.token_cookie, guard.token, session=True)
            self._visitor(request, moved)
            raise moved
        if not guard.admits([request.cookies.get(guard.token_cookie)]):
            refusals.warning("refused the page: no token")
            raise self._page(403, "This server needs its token: open the address it printed"
                              " when it started (it ends in ?token=…).")
        refusal = self.seated.refusal(guard.visitor(request.cookies.get(guard.visitor_cookie)),
                                     self._address(request))
        if refusal is not None:
            raise self._page(503, f"{refusal} Try again in a while.")
        # The page's script and websocket are addressed as the visitor reached the
        # server (a host the guard has checked), or at the public address.
        self.public_url = self.settings.public_url or f"{request.scheme}://{request.host}"
        response: web.StreamResponse = await super().handle_index(request)
        response.headers["Cache-Control"] = "no-store"
        self._visitor(request, response)
        return response

    async def handle_static(self, request: web.Request) -> web.StreamResponse:
        """One of the page's own files, by the token's holder: a name not among them
        is 404 without a look at the disk (a name of 300 bytes made it fail)."""
        if not self._admitted(request):
            refusals.warning("refused a page's file: no token")
            raise self._page(403, "This server needs its token.")
        path = self.statics.get(request.match_info["filename"])
        if path is None:
            refusals.warning("refused a page's file that is not there")
            raise self._page(404, "There is no such file here.")
        return web.FileResponse(path, headers={"Cache-Control": "no-cache"})

    def _visitor(self, request: web.Request, response: web.StreamResponse) -> None:
        """A visitor without a valid id is given one; a known one is kept longer."""
        cookie = request.cookies.get(self.guard.visitor_cookie)
        if self.guard.visitor(cookie) is None:
            _, cookie = self.guard.new_visitor()
        assert cookie is not None
        self._cookie(response, self.guard.visitor_cookie, cookie, session=False)

    def _cookie(self, response: web.StreamResponse, name: str, value: str, *,
                session: bool) -> None:
        response.set_cookie(name, value, path="/", httponly=True, samesite="Strict",
                            secure=bool(self.settings.public_url and
                                        self.settings.public_url.startswith("https")),
                            max_age=None if session else KEEP_DAYS * 86_400)

    # --- a visit --------------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        guard = self.guard
        if not self._admitted(request):
            refusals.warning("refused a visit: no token, or a wrong one")
            raise self._page(403, "This server needs its token.")
        websocket = MaskedWebSocket(heartbeat=HEARTBEAT_SECONDS, timeout=CLOSE_SECONDS,
                                    max_msg_size=LARGEST_FRAME)
        if not websocket.can_prepare(request).ok:
            raise self._page(400, "This address is the page's websocket.")
        visitor = guard.visitor(request.cookies.get(guard.visitor_cookie))
        address = self._address(request)
        refusal = self.seated.refusal(visitor, address)
        if refusal is not None:
            refusals.warning("turned a visit away: %s", refusal)
            raise self._page(503, refusal)
        visit = asyncio.current_task()
        assert visit is not None  # aiohttp handles each request in a task
        self.seated.sit(visitor, address)  # nothing is awaited since it was seen free
        self._visits.add(visit)
        try:
            await self._visit(request, websocket, visitor)
        finally:
            self.seated.leave(visitor, address)
            self._visits.discard(visit)
        return websocket

    async def _visit(self, request: web.Request, websocket: web.WebSocketResponse,
                     visitor: str | None) -> None:
        """A visit whose seat is taken: its directory is made once its websocket is
        open (a handshake cut short is no visit, and leaves nothing)."""
        try:
            await websocket.prepare(request)
        except (ConnectionError, asyncio.CancelledError):
            refusals.info("a visit's handshake was cut short")
            return
        try:
            directory = (self.visitors.directory(visitor) if visitor and
                         self.visitors.room_for(visitor) else self.visitors.passing())
        except OSError as error:
            log.error("cannot make a visitor's directory (%s)", error)
            await websocket.close()
            return
        name = (visitor or directory.name)[:12]
        log.info("visitor %s came (%d of %d seats taken)", name, self.seated.taken,
                 self.seated.seats)
        try:
            app = GuestApp(self.argv, directory, self.settings.visitor_workers,
                           self.settings.memory, name, write_bytes=websocket.send_bytes,
                           write_str=websocket.send_str, close=websocket.close,
                           download_manager=self.download_manager)
            try:
                await app.start(*clamped(request.query.get("width"),
                                         request.query.get("height")))
                await Relay(websocket, app, name, request.transport, self.settings).run()
            except asyncio.CancelledError:
                pass  # the server is stopping
            finally:
                await app.stop()
                await websocket.close()
        except Exception as error:
            _bug("visit", f"visitor {name}", error)
        finally:
            if visitor is None:
                self.visitors.forget(directory)
            log.info("visitor %s left", name)
