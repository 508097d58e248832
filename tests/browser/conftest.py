"""The browser and the server a browser test plays with; both ended in every case."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from tests.browser.terminal import Terminal
from tests.support.server import HOST, Server

INSTALL = "install Debian's chromium and chromium-driver: apt-get install chromium chromium-driver"

CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox will not start
    "--disable-dev-shm-usage",  # containers' /dev/shm is small
    "--window-size=1280,800",  # room for the menu and a game at the page's 16 px font
    "--no-proxy-server",  # the server is on this machine
    # The page asks Google Fonts for a font: no name but the server's is looked up.
    f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {HOST}",
)


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    """Headless Chromium as installed, driven through its own chromedriver: both paths
    given, so Selenium Manager never looks for (or downloads) either."""
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        if os.environ.get("CI"):  # CI installs them (.ci/run): a skip there would hide it
            pytest.fail(INSTALL)
        pytest.skip(INSTALL)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service(driver), options=options)
    try:
        yield Terminal(browser)
    finally:
        browser.quit()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """``solitaire-tui serve`` listening, with the test's data directory (conftest's
    ``player_data`` sets it in the environment the server and its apps inherit)."""
    served = Server(tmp_path / "server.log")
    try:
        served.wait_listening()
        yield served
    finally:
        served.kill()
