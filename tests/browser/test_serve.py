"""``solitaire-tui serve`` in a real browser: the menu, a game opened and played by
keys, the player's choice kept in the server's data directory, and Ctrl+C ending the
server and every app it started. And the page it sends, without a browser."""

from __future__ import annotations

import urllib.request
from pathlib import Path

from selenium.webdriver.common.keys import Keys

from solitaire_tui.store.choices import Choices
from solitaire_tui.store.database import Database
from tests.browser.server import Server
from tests.browser.terminal import Terminal

START_SECONDS = 60  # a new app's imports, on a machine busy with other tests


def test_a_visitor_plays_in_the_browser(terminal: Terminal, server: Server, data_path: Path,
                                        tmp_path: Path) -> None:
    terminal.open(server.url)
    terminal.wait_for("Hit or Miss", seconds=START_SECONDS)
    terminal.press(Keys.ENTER)  # the menu opens on its first game
    variant = "Hit or Miss: the variant to play"  # asked the first time a game is played
    terminal.wait_for(variant)
    terminal.press(Keys.ENTER)
    terminal.wait_for("x Hit", gone=variant)
    terminal.press("g")
    deal = "Play a deal: type its number"
    terminal.wait_for(deal)
    terminal.press("0" + Keys.ENTER)
    terminal.wait_for("Deal 0 · moves 0 · count 1", gone=deal)
    terminal.press("m")  # deal 0 turns the K♣ first, on the count of 1: a miss
    screen = terminal.wait_for("Deal 0 · moves 1 · count 2")
    assert "Misses this pass  1, oldest first" in screen

    shot = tmp_path / "game.png"
    assert terminal.driver.save_screenshot(str(shot))
    assert shot.read_bytes().startswith(b"\x89PNG")

    assert server.interrupt() == 0  # quietly, with the visitor still connected
    assert not server.left()
    said = server.log.read_text()
    assert f"open {server.url.rstrip('/')} in a web browser" in said
    assert "Traceback" not in said
    database = Database(data_path)
    try:
        assert Choices(database).get("hit-or-miss") is not None
    finally:
        database.close()


def test_the_page_connects_back_to_the_address_its_visitor_used(server: Server) -> None:
    """A server on every address (``--host 0.0.0.0``) has no one address to write into
    its page: the page's script and websocket follow the visitor's own."""
    visit = urllib.request.Request(server.url, headers={"Host": "cards.example:8123"})
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy
    with direct.open(visit, timeout=30) as response:
        page = response.read().decode()
    assert 'data-session-websocket-url="ws://cards.example:8123/ws"' in page
    assert 'src="http://cards.example:8123/static/js/textual.js"' in page
