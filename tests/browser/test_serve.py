"""``solitaire-tui serve`` in a real browser: the address with its token, the menu, a
game opened and played by keys, the player's choice kept in the visitor's own
directory, and Ctrl+C ending the server and every app it started."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from solitaire_tui.store.choices import Choices
from solitaire_tui.store.database import Database
from tests.browser.terminal import Terminal
from tests.support.server import Server

pytestmark = pytest.mark.integration  # processes of their own: apart from the quick loop

START_SECONDS = 60  # a new app's imports, on a machine busy with other tests


def test_a_visitor_plays_in_the_browser(terminal: Terminal, server: Server, data_path: Path,
                                        tmp_path: Path) -> None:
    terminal.open(server.url)
    terminal.wait_for("Hit or Miss", seconds=START_SECONDS)
    # The token went into a cookie and out of the address (and so out of the history).
    assert terminal.driver.current_url == server.base + "/"
    terminal.press(Keys.ENTER)  # the menu opens on its first game
    variant = "Hit or Miss: the variant to play"  # asked the first time a game is played
    terminal.wait_for(variant)
    terminal.press(Keys.ENTER)
    terminal.wait_for("x Hit", gone=variant)
    terminal.press("g")
    deal = "Play a deal: type its number"
    terminal.wait_for(deal)
    terminal.press("0" + Keys.ENTER)
    terminal.wait_for("same order · deal 0", gone=deal)  # the title names the deal
    terminal.wait_for("Moves 0 · count 1")
    terminal.press("m")  # deal 0 turns the K♣ first, on the count of 1: a miss
    screen = terminal.wait_for("Moves 1 · count 2")
    assert "Misses this pass  1, oldest first" in screen

    shot = tmp_path / "game.png"
    assert terminal.driver.save_screenshot(str(shot))
    assert shot.read_bytes().startswith(b"\x89PNG")

    assert server.interrupt() == 0  # quietly, with the visitor still connected
    assert not server.left()
    said = server.log.read_text()
    assert f"open {server.url} in a web browser" in said
    assert "Traceback" not in said
    # The visitor's choice is in their own directory, not in the owner's.
    (visitor,) = (path for path in (data_path / "visitors").iterdir() if path.is_dir())
    for directory, kept in ((visitor, True), (data_path, False)):
        database = Database(directory)
        try:
            assert (Choices(database).get("hit-or-miss") is not None) is kept
        finally:
            database.close()
