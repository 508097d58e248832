"""The web server: textual-serve's page and relay, for guests.

textual-serve starts an app process for every websocket and relays its screen and
keys. Used as it comes, anyone who reached the port could use it, any page the owner
opened could drive it, one message could make an app take gigabytes, and every
visitor shared every game. Here it is wrapped as a public service should be:

- every request must name one of the server's hosts, and come from its own pages
  (``guard``); the page and the websocket need the token;
- the websocket's frames are read and bounded (``frames``), one log line for a bad
  one; the terminal size is clamped;
- at most ``max_visitors`` apps at once (``visitors.Table``); a visitor idle for
  ``idle_seconds`` is closed;
- each app runs as a guest (``python -I -m solitaire_tui --guest``: no cluster, capped
  runs and screen) in the visitor's own directory (``visitors``), and ends with the
  server however the server ends (``lifeline``).
"""

from __future__ import annotations

import asyncio
import logging
import shlex
import sys
import time
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from solitaire_tui import lifeline
from solitaire_tui.commands import errors
from solitaire_tui.commands.arguments import PROG
from solitaire_tui.store.database import DATA_DIR_VARIABLE
from solitaire_tui.web.frames import BadFrame, Pace, Pastes, clamped, read_frame
from solitaire_tui.web.guard import TOKEN_VARIABLE, Guard, offered_tokens
from solitaire_tui.web.visitors import KEEP_DAYS, Table, Visitors

log = logging.getLogger("solitaire-tui.serve")
# What anyone who reaches the port can make the server say: a line each, but not more
# than ``Throttle`` lets through, so that nobody fills the owner's log.
refusals = logging.getLogger("solitaire-tui.serve.refused")

LARGEST_FRAME = 64 * 1024  # bytes: a paste of a deck is a few hundred
BAD_FRAMES = 100  # a visit that sends this many malformed frames is closed
QUIT_SECONDS = 10.0  # an app told to quit that is still there after this is killed
HEARTBEAT_SECONDS = 15.0  # a browser that stops answering pings is gone
CLOSE_SECONDS = 2.0  # a visit closed by the server waits this long for the browser's word
CLOSED = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED)


@dataclass(frozen=True)
class Settings:
    """What the person at the shell chose for the server (``serve``'s options)."""

    max_visitors: int
    idle_seconds: float
    visitor_workers: int
    visitor_games: int
    public_url: str | None = None


class GuestApp(AppService):
    """One visitor's app: this package run as a guest, started without a shell, in
    the visitor's directory, tied to the server (``lifeline``); closing the browser's
    socket when it ends, however it ends."""

    def __init__(self, argv: list[str], directory: Path, threads: int, **relay: Any) -> None:
        super().__init__(shlex.join(argv), **relay)
        self.argv = argv
        self.directory = directory
        self.threads = threads

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment.pop(TOKEN_VARIABLE, None)  # the owner's, not the guest's
        environment[DATA_DIR_VARIABLE] = str(self.directory)
        # Every compiled kernel in the app, not only a run's: the findings, a search.
        environment["NUMBA_NUM_THREADS"] = str(self.threads)
        return lifeline.child_environment(environment)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        # In the visitor's directory, and isolated (``-I`` in ``argv``): no module is
        # found in the directory the server was started from.
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._build_environment(width, height),
            cwd=self.directory)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        await super().run()
        await self.remote_close()  # the app ended: so does the visit

    async def stop(self) -> None:
        """Tell the app to quit; kill it if it is still there ``QUIT_SECONDS`` later."""
        stopping = asyncio.ensure_future(super().stop())
        done, _ = await asyncio.wait({stopping}, timeout=QUIT_SECONDS)
        if not done:
            if self._process is not None and self._process.returncode is None:
                self._process.kill()
            await stopping


class Throttle(logging.Filter):
    """At most ``most`` records of each kind (its message's form) a minute; the next
    one let through says how many were left out meanwhile."""

    def __init__(self, most: int = 10, seconds: float = 60.0) -> None:
        super().__init__()
        self.most, self.seconds = most, seconds
        self._kinds: dict[str, tuple[float, int, int]] = {}  # since, passed, left out

    def filter(self, record: logging.LogRecord) -> bool:
        kind = str(record.msg)
        now = time.monotonic()
        since, passed, left_out = self._kinds.get(kind, (now, 0, 0))
        if now - since >= self.seconds:
            since, passed = now, 0
        if passed >= self.most:
            self._kinds[kind] = since, passed, left_out + 1
            return False
        self._kinds[kind] = since, passed + 1, 0
        if left_out:
            record.msg = f"{kind} ({left_out} more like it left out)"
        return True


class OneLine(logging.Formatter):
    """Every record one line: an error's type and words, never its traceback (whose
    local variables would put what visitors sent into the log)."""

    def format(self, record: logging.LogRecord) -> str:
        error = record.exc_info[1] if record.exc_info else None
        record.exc_info = record.exc_text = None
        line = super().format(record)
        if error is not None:
            line += f" ({type(error).__name__}: {error})"
        return line.replace("\n", " ")


class AppServer(Server):
    """textual-serve's server with the guard, the bounds and the guests above."""

    def __init__(self, host: str, port: int, guard: Guard, visitors: Visitors,
                 settings: Settings, address: str) -> None:
        """``address``: the server's, as a person at this machine opens it."""
        argv = [sys.executable, "-I", "-m", "solitaire_tui", "--guest",
                str(settings.visitor_workers), str(settings.visitor_games)]
        super().__init__(shlex.join(argv), host=host, port=port, title=PROG,
                         public_url=address)
        self.argv = argv
        self.guard = guard
        self.visitors = visitors
        self.settings = settings
        # The address to print, with the token that opens it.
        self.announce = address + (f"/?token={guard.token}" if guard.token else "/")
        self.table = Table(settings.max_visitors)
        self._visits: set[asyncio.Task[object]] = set()

    # --- the server as a whole ------------------------------------------------------

    def initialize_logging(self) -> None:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(OneLine("%(asctime)s %(message)s", datefmt="%H:%M:%S"))
        logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
        for anyone in (refusals, logging.getLogger("aiohttp.server")):  # bad requests
            anyone.addFilter(Throttle())

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guarded])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            # The page's scripts and styles; no listing of them, and no downloads
            # (the app delivers no files).
            web.static("/static", self.statics_path, name="static"),
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
                log.error("%s: something went wrong that should not have: %s",
                          request.path, errors.logged(error))
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
            "Content-Security-Policy": (
                "default-src 'self'; script-src 'self' 'unsafe-inline';"
                " style-src 'self' 'unsafe-inline' https://fonts.googleapis.com;"
                " font-src 'self' https://fonts.gstatic.com; img-src 'self' data:;"
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
        kind = {400: web.HTTPBadRequest, 403: web.HTTPForbidden,
                503: web.HTTPServiceUnavailable}.get(
            status, web.HTTPInternalServerError)
        return kind(text=body, content_type="text/html", headers=headers)

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
        if self.table.full:
            raise self._page(503, f"The table is full: {self.table.seats} visitors are"
                              " playing. Try again in a while.")
        # The page's script and websocket are addressed as the visitor reached the
        # server (a host the guard has checked), or at the public address.
        self.public_url = self.settings.public_url or f"{request.scheme}://{request.host}"
        response: web.StreamResponse = await super().handle_index(request)
        response.headers["Cache-Control"] = "no-store"
        self._visitor(request, response)
        return response

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
        if not guard.admits(offered_tokens(request.query.get("token"),
                                           request.headers.get("Authorization"),
                                           request.cookies.get(guard.token_cookie))):
            refusals.warning("refused a visit: no token, or a wrong one")
            raise self._page(403, "This server needs its token.")
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS, timeout=CLOSE_SECONDS,
                                          max_msg_size=LARGEST_FRAME)
        if not websocket.can_prepare(request).ok:
            raise self._page(400, "This address is the page's websocket.")
        if self.table.full:
            refusals.warning("turned a visitor away: all %d seats are taken", self.table.seats)
            raise self._page(503, "The table is full. Try again in a while.")
        visitor = guard.visitor(request.cookies.get(guard.visitor_cookie))
        try:
            directory = (self.visitors.directory(visitor) if visitor and
                         self.visitors.room_for(visitor) else self.visitors.passing())
        except OSError as error:
            log.error("cannot make a visitor's directory (%s)", error)
            raise self._page(500, "The server cannot keep a visitor's games now.") from None
        name = (visitor or directory.name)[:12]
        visit = asyncio.current_task()
        assert visit is not None  # aiohttp handles each request in a task
        self.table.sit()  # nothing is awaited since it was seen free
        self._visits.add(visit)
        try:
            await websocket.prepare(request)
            log.info("visitor %s came (%d of %d seats taken)", name, self.table.taken,
                     self.table.seats)
            app = GuestApp(self.argv, directory, self.settings.visitor_workers,
                           write_bytes=websocket.send_bytes,
                           write_str=websocket.send_str, close=websocket.close,
                           download_manager=self.download_manager)
            try:
                await app.start(*clamped(request.query.get("width"),
                                         request.query.get("height")))
                await self._relay(websocket, app, name)
            except asyncio.CancelledError:
                pass  # the server is stopping
            finally:
                await app.stop()
                await websocket.close()
        except Exception as error:
            log.error("visitor %s: something went wrong that should not have: %s", name,
                      errors.logged(error))
        finally:
            self.table.leave()
            self._visits.discard(visit)
            if visitor is None:
                self.visitors.forget(directory)
            log.info("visitor %s left", name)
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, app: GuestApp, name: str) -> None:
        """The visitor's frames to their app, until either leaves or the visitor has
        sent no key, click or resize for ``idle_seconds``."""
        bad = 0
        last = time.monotonic()
        pace = Pace()
        pastes = Pastes()
        while True:
            left = self.settings.idle_seconds - (time.monotonic() - last)
            if left <= 0:
                log.info("visitor %s: closed after %.0f minutes without a key or a click",
                         name, self.settings.idle_seconds / 60)
                return
            try:
                message = await websocket.receive(timeout=left)
            except asyncio.TimeoutError:
                continue
            if message.type == WSMsgType.ERROR:  # a frame over LARGEST_FRAME, say
                log.warning("visitor %s: closed on a bad frame (%s)", name, message.data)
                return
            if message.type in CLOSED:
                return
            wait = pace.delay()
            if wait:
                await asyncio.sleep(wait)
            try:
                if message.type != WSMsgType.TEXT:
                    raise BadFrame("not text")
                frame = read_frame(message.data)
            except BadFrame as error:
                bad += 1
                log.warning("visitor %s: a malformed frame (%s), ignored", name, error)
                if bad >= BAD_FRAMES:
                    log.warning("visitor %s: closed after %d malformed frames", name, bad)
                    return
                continue
            if frame.kind == "resize" or (frame.text and frame.kind == "stdin"):
                last = time.monotonic()
            if frame.kind == "stdin" and frame.text:
                try:
                    pastes.feed(frame.text)
                except BadFrame as error:
                    log.warning("visitor %s: closed on %s", name, error)
                    return
                await app.send_bytes(frame.text.encode("utf-8", "replace"))
            elif frame.kind == "resize":
                await app.set_terminal_size(*frame.size)
            elif frame.kind == "ping":
                await websocket.send_json(["pong", frame.text])
            elif frame.kind == "focus":
                await app.focus()
            elif frame.kind == "blur":
                await app.blur()
