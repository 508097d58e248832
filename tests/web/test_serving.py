"""``solitaire-tui serve`` against a scripted attacker and two visitors, over HTTP and
the websocket as a browser (or a script) speaks them, on loopback addresses only.

What a visitor may not do: reach the page or an app without the token, from another
site's page or under another host name; make an app grow with a huge terminal; crash
or flood the log with malformed frames; take more seats than there are; reach a Dask
scheduler; see another visitor's games or the owner's. And nothing the server started
outlives it, however it ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import stat
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pytest

from solitaire_tui.store.choices import Choices
from solitaire_tui.store.database import Database
from solitaire_tui.store.unfinished import Kept, Unfinished, new_slot
from solitaire_tui.web.connections import EACH_ADDRESS
from tests.support.server import APP_SECONDS, STOP_SECONDS, TOKEN, Server, Visit, logged, said

pytestmark = pytest.mark.integration  # processes of their own: apart from the quick loop

MENU = "Hit or Miss"  # the menu's first game: the app is up
MOST_RSS_MB = 500  # an app at the largest terminal allowed stays well under this
PANEL = "(statistics panel)"  # the panel's own choices (``screens.stats.where.PANEL``)

Browser = Callable[[], aiohttp.ClientSession]


async def status(session: aiohttp.ClientSession, url: str, **headers: str) -> int:
    async with session.get(url, headers=headers, allow_redirects=False) as answer:
        return answer.status


async def refused(session: aiohttp.ClientSession, url: str, **headers: str) -> int:
    """The status a websocket handshake is refused with (0 if it was accepted)."""
    try:
        socket = await session.ws_connect(url, headers=headers)
    except aiohttp.WSServerHandshakeError as error:
        return error.status
    await socket.close()
    return 0


async def come(session: aiohttp.ClientSession, server: Server, query: str = "") -> Visit:
    """A visitor with the page's cookies opening their app, once it shows the menu."""
    socket = await session.ws_connect(f"{server.base}/ws?width=100&height=32{query}")
    visit = Visit(socket)
    await visit.wait_for(MENU)
    return visit


async def page(session: aiohttp.ClientSession, server: Server) -> str:
    """Open the printed address as a browser does (the token into its cookie)."""
    async with session.get(server.url) as answer:
        assert answer.status == 200 and str(answer.url) == server.base + "/"
        return await answer.text()


async def seated(serving: Callable[..., Server], browser: Browser,
                 *options: str) -> tuple[Server, Visit]:
    """A server, and a visitor at its table (the page opened, the app on its menu)."""
    server = serving(*options)
    session = browser()
    await page(session, server)
    return server, await come(session, server)


def visitor_directory(session: aiohttp.ClientSession, server: Server, data: Path) -> Path:
    (cookie,) = (morsel.value for morsel in session.cookie_jar
                 if morsel.key == f"solitaire-tui-visitor-{server.port}")
    return data / "visitors" / cookie.partition(".")[0]


async def saved_game(directory: Path) -> Kept:
    """The game in play kept in ``directory``, once the app has saved it."""
    deadline = time.monotonic() + APP_SECONDS
    while True:
        database = Database(directory)
        try:
            kept = Unfinished(database).listed()
        finally:
            database.close()
        if kept:
            return kept[0]
        assert time.monotonic() < deadline, "the game in play was never kept"
        await asyncio.sleep(0.05)


def test_each_start_prints_its_address_with_a_new_random_token(
        serving: Callable[..., Server]) -> None:
    tokens = []
    for _ in range(2):
        server = serving(token=None)
        shown = said(server.log, "in a web browser")
        found = re.search(rf"open {re.escape(server.base)}/\?token=([\w-]+) in a web browser",
                          shown)
        assert found is not None, shown
        tokens.append(found.group(1))
    assert tokens[0] != tokens[1] and all(len(token) >= 32 for token in tokens)


async def test_without_the_token_nothing_answers_and_no_app_starts(
        serving: Callable[..., Server], browser: Browser) -> None:
    server = serving()
    session = browser()
    assert await status(session, server.base + "/") == 403
    assert await status(session, server.base + "/?token=not-the-token-at-all") == 403
    socket = server.base + "/ws"
    assert await refused(session, socket) == 403
    assert await refused(session, socket + "?token=not-the-token-at-all") == 403
    assert await refused(session, socket, Authorization="token not-the-token-at-all") == 403
    assert await refused(session, socket, Cookie=f"solitaire-tui-token-{server.port}=nope") == 403
    assert server.apps() == []
    # A script may give the token in a header instead of a cookie.
    assert await refused(session, socket + "?width=80&height=24",
                         Authorization=f"token {TOKEN}") == 0


async def test_the_token_goes_into_a_strict_cookie_and_out_of_the_address(
        serving: Callable[..., Server], browser: Browser) -> None:
    server = serving()
    session = browser()
    async with session.get(server.url, allow_redirects=False) as answer:
        assert answer.status == 303 and answer.headers["Location"] == "/"
        cookies = answer.headers.getall("Set-Cookie")
    (token,) = (cookie for cookie in cookies if cookie.startswith("solitaire-tui-token-"))
    assert f"={TOKEN};" in token and "HttpOnly" in token and "SameSite=Strict" in token
    async with session.get(server.base + "/") as answer:
        assert answer.status == 200
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
        assert answer.headers["X-Frame-Options"] == "DENY"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert f'data-session-websocket-url="ws://127.0.0.1:{server.port}/ws"' in (
            await answer.text())


async def test_another_sites_page_and_another_host_name_are_refused(
        serving: Callable[..., Server], browser: Browser) -> None:
    server = serving()
    session = browser()
    await page(session, server)
    socket = server.base + "/ws"
    for origin in ("http://evil.example", "null", f"http://127.0.0.1:{server.port + 1}",
                   f"https://127.0.0.1:{server.port}"):
        assert await refused(session, socket, Origin=origin) == 403, origin
        assert await status(session, server.base + "/", Origin=origin) == 403, origin
    for host in (f"evil.example:{server.port}", f"127.0.0.1.evil.example:{server.port}",
                 f"0.0.0.0:{server.port}", ""):
        assert await status(session, server.url, Host=host) == 403, host
        assert await refused(session, socket, Host=host) == 403, host
    assert await status(session, server.base + "/", Host=f"localhost:{server.port}") == 200
    assert server.apps() == []
    shown = server.log.read_text()
    assert "Traceback" not in shown and shown.count("refused") >= 16


async def test_the_page_is_addressed_to_the_public_url_and_answers_its_host(
        serving: Callable[..., Server], browser: Browser) -> None:
    server = serving("--public-url", "https://cards.example:8443")
    shown = await logged(server.log, "in a web browser")
    assert f"open https://cards.example:8443/?token={TOKEN} in a web browser" in shown
    session = browser()
    async with session.get(server.url, headers={"Host": "cards.example:8443"},
                           allow_redirects=False) as answer:
        assert answer.status == 303
        assert all("Secure" in cookie for cookie in answer.headers.getall("Set-Cookie"))
    async with session.get(server.base + "/", headers={"Host": "cards.example:8443",
                                                       "Cookie": f"solitaire-tui-token-"
                                                       f"{server.port}={TOKEN}"}) as answer:
        text = await answer.text()
    assert 'data-session-websocket-url="wss://cards.example:8443/ws"' in text
    assert 'src="https://cards.example:8443/static/js/textual.js"' in text


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for {pid}")


async def test_huge_terminal_sizes_are_clamped_in_the_address_and_in_a_resize(
        serving: Callable[..., Server], browser: Browser) -> None:
    server = serving()
    session = browser()
    await page(session, server)
    visit = await come(session, server, "&width=100000&height=100000")
    await visit.send("resize", {"width": 100_000, "height": 100_000})
    # A terminal may report its size in its keys too, and Textual reads it there.
    await visit.press("\x1b[48;100000;100000;0;0t")
    await visit.press("j")  # the menu's cursor moves, and the whole screen is drawn again
    await visit.send("ping", "after")
    assert await visit.text() == '["pong", "after"]'
    await visit.press("k")
    await visit.wait_for(MENU)
    (app,) = server.apps()
    assert rss_mb(app) < MOST_RSS_MB


async def test_malformed_frames_are_a_few_log_lines_and_the_visit_goes_on(
        serving: Callable[..., Server], browser: Browser) -> None:
    server, visit = await seated(serving, browser)
    malformed = ["not json", "[]", '["stdin", 5]', "{}", "null", '"stdin"', "[5]",
                 '["stdin"]', '["stdin", "a", "b"]', '["resize"]', '["resize", 80]',
                 '["resize", {"width": "wide", "height": 24}]',
                 '["resize", {"width": true, "height": 24}]', '["ping", {}]',
                 '["ping", "' + "9" * 1000 + '"]', '["focus", 1]', '["quit"]',
                 '["exit", {}]', "[" * 30_000 + "]" * 30_000, '["stdin", "\\ud800"]']
    assert len(malformed) == 20
    for frame in malformed[:-1]:
        await visit.socket.send_str(frame)
    await visit.socket.send_bytes(b"\x00binary")
    await visit.send("ping", "still here")
    assert await visit.text() == '["pong", "still here"]'
    shown = server.log.read_text()
    assert shown.count("a malformed frame") == 10, shown  # then throttled
    assert "Traceback" not in shown and len(shown.splitlines()) < 30
    # A frame over the size allowed ends the visit, in one line.
    await visit.socket.send_str('["stdin", "' + "x" * 100_000 + '"]')
    await logged(server.log, "closed on a bad frame")
    assert "Traceback" not in server.log.read_text()


async def test_the_table_is_full_at_max_visitors_and_frees_a_seat_when_one_leaves(
        serving: Callable[..., Server], browser: Browser) -> None:
    server = serving("--max-visitors", "1")
    first, second = browser(), browser()
    await page(first, server)
    visit = await come(first, server)
    async with second.get(server.url) as answer:
        assert answer.status == 503 and "The table is full" in await answer.text()
    assert await refused(second, server.base + "/ws",
                         Authorization=f"token {TOKEN}") == 503
    assert len(server.apps()) == 1
    await visit.socket.close()
    await logged(server.log, "left")
    await page(second, server)
    await (await come(second, server)).socket.close()


async def test_a_guest_cannot_make_the_app_reach_a_scheduler(
        serving: Callable[..., Server], browser: Browser, data_path: Path) -> None:
    """A fake scheduler listens on the loopback; the guest's panel has no Cluster
    field, and even an address kept in the visitor's own choices is never used."""
    reached: list[int] = []

    def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        reached.append(1)
        writer.close()

    scheduler = await asyncio.start_server(answer, "127.0.0.1", 0)
    address = f"tcp://127.0.0.1:{scheduler.sockets[0].getsockname()[1]}"
    try:
        server = serving("--visitor-games", "20000")
        session = browser()
        await page(session, server)
        database = Database(visitor_directory(session, server, data_path))
        try:
            Choices(database).put(PANEL, {"scheduler": address})
        finally:
            database.close()
        visit = await come(session, server)
        await visit.press("t")  # the statistics of the game highlighted
        shown = await visit.wait_for("Workers")
        await visit.press("r")
        shown += await visit.wait_for("Finished")
        assert "Run on" not in shown and address not in shown and "all (1)" in shown
        assert "20,000 games" in shown or "20_000" in shown
        await visit.socket.close()
        await logged(server.log, "left")
    finally:
        scheduler.close()
    assert reached == []


async def test_two_visitors_games_stay_apart_and_apart_from_the_owners(
        serving: Callable[..., Server], browser: Browser, data_path: Path) -> None:
    server = serving()
    first, second = browser(), browser()
    await page(first, server)
    visit = await come(first, server)
    await visit.press_until("1", "the variant to play")  # the menu's first game
    await visit.press("\r")
    await visit.wait_for("x Hit")
    await visit.press("m")  # a miss, unless the deal (chosen at random) turned a hit
    if "Moves 1" not in await visit.wait_for("Moves 1", "it is a hit"):
        await visit.press("x")
        await visit.wait_for("Moves 1")
    mine = visitor_directory(first, server, data_path)
    kept = await saved_game(mine)  # kept after the move, as it was drawn
    await visit.socket.close()
    await logged(server.log, "left")
    owner = Database(data_path)  # the owner's own terminal game, the same one
    try:
        Unfinished(owner).put(kept.__class__(**{**kept.__dict__, "slot": new_slot()}))
    finally:
        owner.close()

    await page(second, server)
    other = visitor_directory(second, server, data_path)
    assert other != mine
    visit = await come(second, server)
    shown = visit.seen
    await visit.press("j")
    shown += await visit.wait_for(MENU)
    assert "Unfinished" not in shown
    await visit.socket.close()
    database = Database(other)
    try:
        assert Unfinished(database).listed() == []
    finally:
        database.close()

    visit = await come(first, server)  # back again: their game is there
    await visit.wait_for("Unfinished", seconds=APP_SECONDS)
    await visit.socket.close()


async def test_an_idle_visitor_is_closed(serving: Callable[..., Server],
                                         browser: Browser) -> None:
    server, visit = await seated(serving, browser, "--idle-minutes", "0.1")
    began = time.monotonic()
    closed = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
    while True:  # empty keys, pings and what a terminal says itself are no sign of a person
        assert time.monotonic() - began < APP_SECONDS
        await visit.send("stdin", "")
        await visit.send("ping", "1")
        await visit.send("resize", {"width": 100, "height": 32})  # the same size
        await visit.press("\x1b[I\x1b[?2026;2$y\x1b[<35;3;3M\x1b[O")
        try:
            if (await visit.socket.receive(timeout=1)).type in closed:
                break
        except asyncio.TimeoutError:
            continue
    await logged(server.log, "without a key or a click")
    await logged(server.log, "left")


async def test_a_server_killed_hard_leaves_no_process(
        serving: Callable[..., Server], browser: Browser) -> None:
    server, visit = await seated(serving, browser)
    (app,) = server.apps()
    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait()
    assert not server.left()
    with pytest.raises(ProcessLookupError):
        os.kill(app, 0)
    await visit.socket.close()


async def test_sigterm_ends_the_server_and_every_app_at_once(
        serving: Callable[..., Server], browser: Browser) -> None:
    """As a supervisor or a shutdown stops it: with a visitor still there."""
    server, visit = await seated(serving, browser)
    os.kill(server.process.pid, signal.SIGTERM)
    assert server.process.wait(STOP_SECONDS) == 0
    assert not server.left()
    shown = await logged(server.log, "left")
    assert "Traceback" not in shown
    await visit.socket.close()


async def test_a_flood_of_keys_is_paced_and_a_visitor_who_leaves_ends_their_app(
        serving: Callable[..., Server], browser: Browser) -> None:
    """Keys sent as fast as the socket takes them, for ten seconds: unpaced, an app
    grew 10 MB a second and went on growing after the visitor left. Paced, the flood
    waits in the socket (the server may close it: its answers to pings wait there
    too), and the app ends within seconds of the visitor's leaving."""
    server, visit = await seated(serving, browser)
    (app,) = server.apps()
    before = rss_mb(app)
    frame = '["stdin", "' + "jk" * 200 + '"]'  # as many keys as a frame may hold
    began = time.monotonic()
    with contextlib.suppress(ConnectionError):
        while time.monotonic() - began < 10:
            await visit.socket.send_str(frame)
    assert rss_mb(app) < before + 50
    await visit.socket.close()
    left = time.monotonic()
    await logged(server.log, "left")
    assert not server.left_app(app)
    assert time.monotonic() - left < 15  # ended within seconds, not after the backlog


async def test_the_page_files_need_the_token_and_a_name_nobody_has_is_404(
        serving: Callable[..., Server], browser: Browser, data_path: Path) -> None:
    server = serving()
    session = browser()
    long_name = server.base + "/static/" + "a" * 300
    assert await status(session, long_name) == 403  # no token: no file
    await page(session, server)
    assert await status(session, server.base + "/static/js/textual.js") == 200
    assert await status(session, server.base + "/static/page.css") == 200
    assert await status(session, long_name) == 404
    assert await status(session, server.base + "/static/../server.py") in (403, 404)
    shown = server.log.read_text()
    assert "Traceback" not in shown and "went wrong" not in shown
    assert not (data_path / "errors.log").exists()


async def test_no_escape_reaches_the_owners_terminal_and_refusals_are_throttled(
        serving: Callable[..., Server], browser: Browser) -> None:
    server = serving()
    session = browser()
    for _ in range(50):
        assert await status(session, server.base + "/static/%1b%5d0;PWNED%07aaa") == 403
        with socket.create_connection(("127.0.0.1", server.port)) as raw:
            raw.sendall(b"GET / HTTP/1.1\r\nHost: \xc2\x9b\x1b]0;PWNED\x07\r\n\r\n")
            assert raw.recv(12)[8:10] == b" 4"  # 400: aiohttp refuses it
    await page(session, server)
    async with session.get(server.base + "/static/%1b%5d0;PWNED%07aaa") as answer:
        assert answer.status == 404
    await logged(server.log, "refused a page's file that is not there")
    shown = server.log.read_text()
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", shown), shown
    assert len(shown.splitlines()) < 30, shown


async def test_the_page_runs_no_inline_script_and_fetches_nothing_elsewhere(
        serving: Callable[..., Server], browser: Browser) -> None:
    server = serving()
    session = browser()
    async with session.get(server.url) as answer:
        policy = answer.headers["Content-Security-Policy"]
        text = await answer.text()
    script = policy.split("script-src", 1)[1].split(";", 1)[0]
    assert "unsafe-inline" not in script and "googleapis" not in policy + text
    assert not re.search(r"<script>\s*\S", text) and "onClick" not in text


async def test_the_pages_font_is_ours_and_served_with_the_token(
        serving: Callable[..., Server], browser: Browser) -> None:
    """The page's style names its font by a path of ours (textual-serve's page fetched
    it from Google's), which the server answers to the token's holder, under a policy
    that allows fonts and scripts from the server alone."""
    server = serving()
    session = browser()
    assert "/static/page.css" in await page(session, server)
    async with session.get(server.base + "/static/page.css") as answer:
        assert answer.status == 200
        style = await answer.text()
    fonts = re.findall(r"@font-face\s*{[^}]*?url\(\"?([^\")]+)\"?\)", style)
    assert fonts and all(font.endswith(".ttf") and ":" not in font for font in fonts), fonts
    for font in fonts:
        address = f"{server.base}/static/{font}"
        async with session.get(address) as answer:
            assert answer.status == 200, font
            assert (await answer.read())[:4] == b"\x00\x01\x00\x00"  # TrueType
            policy = dict(part.strip().split(" ", 1) for part in
                          answer.headers["Content-Security-Policy"].split(";"))
        assert policy["font-src"] == "'self'" and policy["script-src"] == "'self'"
        assert await status(browser(), address) == 403  # no token: no font


async def test_one_visitor_takes_no_more_than_their_share_of_seats(
        serving: Callable[..., Server], browser: Browser) -> None:
    server = serving("--visitor-seats", "2")
    session = browser()
    await page(session, server)
    tabs = [await come(session, server) for _ in range(2)]
    assert await refused(session, server.base + "/ws") == 503
    async with session.get(server.base + "/") as answer:
        assert answer.status == 503 and "2 tabs" in await answer.text()
    assert len(server.apps()) == 2
    await tabs[0].socket.close()
    await logged(server.log, "left")
    await (await come(session, server)).socket.close()
    await tabs[1].socket.close()


async def test_a_visitors_directory_comes_with_their_first_visit_for_them_alone(
        serving: Callable[..., Server], browser: Browser, data_path: Path) -> None:
    server = serving()
    session = browser()
    await page(session, server)
    mine = visitor_directory(session, server, data_path)
    assert not mine.exists()  # a cookie is no visit
    for _ in range(5):  # handshakes cut short: no directory, no bug
        with socket.create_connection(("127.0.0.1", server.port)) as raw:
            raw.sendall(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                        f"Authorization: token {TOKEN}\r\nUpgrade: websocket\r\n"
                        "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n".encode())
    # A handshake the server took before it was cut holds its seat until the server
    # sees it end, which on a busy machine may be after the visit below first knocks:
    # it is turned away (503, this address's tabs all taken) until then.
    deadline = time.monotonic() + STOP_SECONDS
    while True:
        try:
            visit = await come(session, server)
            break
        except aiohttp.WSServerHandshakeError as error:
            if error.status != 503 or time.monotonic() > deadline:
                raise
        await asyncio.sleep(0.05)
    assert stat.S_IMODE(mine.stat().st_mode) == 0o700
    assert stat.S_IMODE((data_path / "visitors").stat().st_mode) == 0o700
    await visit.socket.close()
    shown = await logged(server.log, "left")
    assert "went wrong" not in shown and "Traceback" not in shown
    files = [path for path in mine.rglob("*") if path.is_file()]
    assert files and all(stat.S_IMODE(path.stat().st_mode) == 0o600 for path in files)

    def kept() -> list[str]:
        return [path.name for path in (data_path / "visitors").iterdir() if path.is_dir()]

    # A handshake the server took before it was cut is a visit without an id, whose
    # passing directory goes as it ends, which on a busy machine may be after ours.
    deadline = time.monotonic() + STOP_SECONDS
    while kept() != [mine.name] and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert kept() == [mine.name]


async def test_connections_from_one_address_are_held_to_a_share(
        serving: Callable[..., Server]) -> None:
    server = serving()
    held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(EACH_ADDRESS)]
    try:
        with socket.create_connection(("127.0.0.1", server.port)) as over:
            over.settimeout(STOP_SECONDS)
            assert over.recv(1) == b""  # closed by the server, unread
        await logged(server.log, "refused a connection")
    finally:
        for one in held:
            one.close()
