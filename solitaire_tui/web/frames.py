"""What a visitor's browser may send over the websocket, read and held to bounds.

textual-serve's page sends JSON arrays: ``["stdin", text]`` (keys, the mouse, a
paste), ``["resize", {"width": W, "height": H}]``, ``["ping", text]``, ``["focus"]``
and ``["blur"]``. Anything else is refused with one reason (which the server logs
in one line): a frame is whatever a visitor's script chose to send. A terminal size
is clamped to ``MOST_SIZE``: an app draws every cell of the size it is told, and
100,000 × 100,000 took gigabytes within seconds.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from solitaire_tui.stats.limits import GUEST_SIZE

MOST_SIZE = GUEST_SIZE
LEAST_SIZE = (10, 4)
DEFAULT_SIZE = (80, 24)
LONGEST_PING = 64  # the page's ping is a time in milliseconds
# Frames a second a visit may send on average, in bursts of as many: keys, clicks and
# the mouse's moves come far slower from a hand.
FRAMES_A_SECOND = 200
# The app keeps a bracketed paste whole until it ends, however long: a paste that
# never ends would grow it without bound. A deck is a few hundred characters.
LONGEST_PASTE = 256 * 1024
PASTE_STARTS, PASTE_ENDS = "\x1b[200~", "\x1b[201~"
KINDS = ("stdin", "resize", "ping", "focus", "blur")


class BadFrame(ValueError):
    """A frame that is not one the page sends; its message says why, briefly."""


@dataclass(frozen=True)
class Frame:
    kind: str
    text: str = ""  # stdin's keys, ping's stamp
    size: tuple[int, int] = DEFAULT_SIZE  # resize's


def clamped(width: object, height: object) -> tuple[int, int]:
    """A terminal size held to ``LEAST_SIZE``..``MOST_SIZE``; what is not a whole
    number (in the address, text) is the default size's."""
    size = []
    for value, default, least, most in zip((width, height), DEFAULT_SIZE, LEAST_SIZE,
                                           MOST_SIZE, strict=True):
        number = _whole(value)
        size.append(default if number is None else max(least, min(most, number)))
    return size[0], size[1]


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        return int(value)
    return None


def read_frame(text: str) -> Frame:
    """The frame ``text`` holds; ``BadFrame`` says why it is none."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFrame("not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise BadFrame("not a [kind, …] array")
    kind, rest = envelope[0], envelope[1:]
    if kind == "stdin" and len(rest) == 1 and isinstance(rest[0], str):
        return Frame(kind, text=rest[0])
    if kind == "resize" and len(rest) == 1 and isinstance(rest[0], dict):
        size = rest[0]
        if _whole(size.get("width")) is None or _whole(size.get("height")) is None:
            raise BadFrame("a resize without a whole width and height")
        return Frame(kind, size=clamped(size["width"], size["height"]))
    if kind == "ping" and len(rest) == 1 and isinstance(rest[0], str) and len(
            rest[0]) <= LONGEST_PING:
        return Frame(kind, text=rest[0])
    if kind in ("focus", "blur") and not rest:
        return Frame(kind)
    if kind in KINDS:
        raise BadFrame(f"a {kind} frame of the wrong shape")
    raise BadFrame(f"an unknown kind of frame ({kind[:20]!r})")


@dataclass
class Pace:
    """How long to wait before reading a visit's next frame, so that it is read at
    ``rate`` frames a second at most (after a burst of ``rate``): a flood then waits
    in the visitor's own socket instead of keeping their app and the server busy."""

    rate: float = FRAMES_A_SECOND
    clock: Callable[[], float] = time.monotonic
    _allowed: float | None = field(default=None, init=False)  # frames that may come at once
    _at: float = field(default=0.0, init=False)

    def delay(self) -> float:
        """Count a frame just read; the seconds to wait before reading another."""
        now = self.clock()
        allowed = self.rate if self._allowed is None else self._allowed
        self._allowed = min(self.rate, allowed + (now - self._at) * self.rate) - 1
        self._at = now
        return max(0.0, -self._allowed / self.rate)


@dataclass
class Pastes:
    """Follows the bracketed pastes in a visit's keys and refuses one longer than
    ``LONGEST_PASTE`` characters.

    It errs on the side of a paste going on: its start is seen even when cut between
    frames, its end only whole within one frame, as a browser sends a paste. An end
    cut between frames may reach the app as a lone escape key, some time apart from
    the rest, and the paste then goes on there."""

    pasting: int = -1  # characters pasted so far; -1 outside a paste
    _tail: str = ""  # the end of the keys before, where a start may have been cut

    def feed(self, keys: str) -> None:
        if self.pasting < 0:
            keys = self._after_start(self._tail + keys)
        while self.pasting >= 0:
            end = keys.find(PASTE_ENDS)
            if end < 0:
                self.pasting += len(keys)
                if self.pasting > LONGEST_PASTE:
                    raise BadFrame(f"a paste longer than {LONGEST_PASTE // 1024} KiB")
                return
            self.pasting = -1
            keys = self._after_start(keys[end + len(PASTE_ENDS):])

    def _after_start(self, keys: str) -> str:
        """The keys after a paste's start (a paste then begins), or "" if none starts."""
        start = keys.find(PASTE_STARTS)
        if start < 0:
            self._tail = keys[-(len(PASTE_STARTS) - 1):]
            return ""
        self.pasting, self._tail = 0, ""
        return keys[start + len(PASTE_STARTS):]
