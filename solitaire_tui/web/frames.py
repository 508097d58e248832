"""What a visitor's browser may send over the websocket, read and held to bounds.

textual-serve's page sends JSON arrays: ``["stdin", text]`` (keys, the mouse, a
paste), ``["resize", {"width": W, "height": H}]``, ``["ping", text]``, ``["focus"]``
and ``["blur"]``. Anything else is refused with one reason (which the server logs
in one line): a frame is whatever a visitor's script chose to send. A terminal size
is clamped to ``MOST_SIZE``: an app draws every cell of the size it is told, and
100,000 × 100,000 took gigabytes within seconds.

Keys are paced by what they cost the app, not by frames: one frame can hold
thousands of keys, and each key waiting in the app's queue holds about a kilobyte
(a flood of frames at 200 a second still grew an app by 10 MB a second). A key is a
character or an escape sequence; a paste costs a key a KiB. What a terminal sends by
itself (a focus report, an answer to the app's question, the mouse moving) is not a
person's key or click, so it does not keep a visit from being idle.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from solitaire_tui.stats.limits import GUEST_SIZE

MOST_SIZE = GUEST_SIZE
LEAST_SIZE = (10, 4)
DEFAULT_SIZE = (80, 24)
LONGEST_PING = 64  # the page's ping is a time in milliseconds
# Keys a second a visit may send on average, in bursts of twice as many: a hand types
# a few, the mouse's moves come at the screen's 60 a second, and an app takes some
# 3,300 a second on two cores shared by every visitor. A frame costs at least one.
KEYS_A_SECOND = 200
KEYS_AT_ONCE = 2 * KEYS_A_SECOND  # more keys than this in one frame (outside a paste)
PASTED_A_KEY = 1024  # characters of a paste that cost as much as one key
# One key as a browser's terminal sends it: a control sequence, SS3 and its letter,
# escape and a character (alt+key), or one character.
KEY = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1bO.|\x1b.|.", re.DOTALL)
CSI = re.compile(r"\x1b\[([0-?]*)[ -/]*([@-~])")
# A control sequence that is the terminal's own word, not a key: focus in and out
# (``ESC[I``, ``ESC[O``), its size, the cursor's place, answers to the app's questions.
REPORT_ENDS = frozenset("IOtRycn")
MOTION = 32  # the bit of an SGR mouse report's button that says the mouse only moved
# The app keeps a bracketed paste whole until it ends, however long: a paste that
# never ends would grow it without bound. A deck is a few hundred characters.
LONGEST_PASTE = 256 * 1024
PASTE_STARTS, PASTE_ENDS = "\x1b[200~", "\x1b[201~"
KINDS = ("stdin", "resize", "ping", "focus", "blur")


class BadFrame(ValueError):
    """A frame that is not one the page sends; its message says why, briefly."""


class TooLong(BadFrame):
    """A paste longer than ``LONGEST_PASTE``: the visit ends."""


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


def is_person(key: str) -> bool:
    """Whether one key (``KEY``) is a person's: a key or a click (or the wheel), not a
    report the terminal sends by itself, nor the mouse moving over the page."""
    found = CSI.fullmatch(key)
    if found is None:
        return True  # a character, alt+key, SS3 (F1..F4)
    parameters, end = found.groups()
    if parameters[:1] in ("?", ">", "="):  # DECRPM, device attributes: answers
        return False
    if parameters[:1] == "<":  # an SGR mouse report: button;x;y
        button = parameters[1:].split(";", 1)[0]
        return end in "Mm" and button.isdigit() and not int(button) & MOTION
    return not (end in REPORT_ENDS and (end not in "IO" or not parameters))


@dataclass(frozen=True)
class Typed:
    """What a stdin frame holds, for the pace and the idle clock."""

    keys: int  # its cost: a key each outside a paste, a key a KiB inside
    outside: int  # keys outside a paste (a frame of more is not a person's)
    person: bool  # whether a person's key, click or paste is among them


@dataclass
class Pace:
    """How long to wait before reading a visit's next frame, so that keys are read at
    ``rate`` a second at most (after a burst of ``2 × rate``): a flood then waits in
    the visitor's own socket instead of in their app's memory."""

    rate: float = KEYS_A_SECOND
    clock: Callable[[], float] = time.monotonic
    _allowed: float | None = field(default=None, init=False)  # keys that may come at once
    _at: float = field(default=0.0, init=False)

    @property
    def burst(self) -> float:
        return 2 * self.rate

    def delay(self, keys: int = 1) -> float:
        """Count a frame of ``keys`` keys just read (every frame costs one at least);
        the seconds to wait before reading another."""
        now = self.clock()
        allowed = self.burst if self._allowed is None else self._allowed
        self._allowed = min(self.burst, allowed + (now - self._at) * self.rate) - max(1, keys)
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

    def feed(self, keys: str) -> Typed:
        """Follow a stdin frame's keys; what they hold (``TooLong``: a paste too long)."""
        outside: list[str] = []
        pasted = 0
        if self.pasting < 0:
            keys = self._after_start(keys, outside)
        while self.pasting >= 0:
            end = keys.find(PASTE_ENDS)
            if end < 0:
                self.pasting += len(keys)
                pasted += len(keys)
                if self.pasting > LONGEST_PASTE:
                    raise TooLong(f"a paste longer than {LONGEST_PASTE // 1024} KiB")
                break
            self.pasting = -1
            pasted += end + 1  # the end, however short the paste, is a person's
            keys = self._after_start(keys[end + len(PASTE_ENDS):], outside)
        found = [key for part in outside for key in KEY.findall(part)]
        return Typed(len(found) + math.ceil(pasted / PASTED_A_KEY), len(found),
                     pasted > 0 or any(map(is_person, found)))

    def _after_start(self, keys: str, outside: list[str]) -> str:
        """The keys after a paste's start (a paste then begins), or "" if none starts;
        those before it are added to ``outside``."""
        tail = self._tail
        start = (tail + keys).find(PASTE_STARTS)
        if start < 0:
            outside.append(keys)
            self._tail = (tail + keys)[-(len(PASTE_STARTS) - 1):]
            return ""
        outside.append(keys[:max(0, start - len(tail))])
        self.pasting, self._tail = 0, ""
        return (tail + keys)[start + len(PASTE_STARTS):]
