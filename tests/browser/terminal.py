"""A textual-serve page in headless Chromium, read as the text its terminal shows.

textual-serve draws the app with xterm.js on a canvas (WebGL), so the page's DOM holds
no text. The page's script keeps its ``Terminal`` in a closure, but stores it with a
plain assignment, ``this.terminal = new Terminal(…)``; a setter on ``Object.prototype``,
installed before any of the page's scripts run, sees that assignment and keeps the
terminal where the test can reach it. Its buffer is then read with xterm.js's public
API: the very cells the page draws.
"""

from __future__ import annotations

from typing import Literal

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.wait import WebDriverWait

KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "terminal",
                          {value, writable: true, configurable: true, enumerable: true});
    window.keptTerminal = value;
  },
});
"""

READ_SCREEN = """
const terminal = window.keptTerminal;
if (terminal === undefined) return "";
const lines = [];
for (let y = 0; y < terminal.rows; y++) {
  lines.push(terminal.buffer.active.getLine(y).translateToString(true));
}
return lines.join("\\n");
"""

# xterm.js reads the keyboard through a hidden text area; keys sent there are typed.
KEYBOARD = ".xterm-helper-textarea"


class Terminal:
    """The app in a browser tab: open it, read its screen, type on it."""

    def __init__(self, driver: WebDriver) -> None:
        self.driver = driver

    def open(self, url: str) -> None:
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": KEEP_TERMINAL})
        self.driver.get(url)

    def screen(self) -> str:
        text = self.driver.execute_script(READ_SCREEN)
        assert isinstance(text, str)
        return text

    def press(self, keys: str) -> None:
        self.driver.find_element(By.CSS_SELECTOR, KEYBOARD).send_keys(keys)

    def wait_for(self, shown: str, gone: str | None = None, seconds: float = 30) -> str:
        """The screen once it shows ``shown`` (and no longer ``gone``), within
        ``seconds``; a failure quotes the screen as it was."""

        def ready(_: WebDriver) -> str | Literal[False]:
            text = self.screen()
            return text if shown in text and (gone is None or gone not in text) else False

        try:
            return WebDriverWait(self.driver, seconds, poll_frequency=0.1).until(ready)
        except TimeoutException:
            raise AssertionError(f"after {seconds} s the page shows no {shown!r}"
                                 + (f" without {gone!r}" if gone else "")
                                 + f":\n{self.screen()}") from None
