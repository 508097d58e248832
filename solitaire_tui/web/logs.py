"""The server's log: one line a record, nothing a terminal would act on, and at most
so many lines of a kind a minute.

The log is the owner's, read in their terminal; what goes into it comes in part from
anyone who reaches the port (a path, a host name, a frame's words). A control
character there is a command to the terminal (``ESC]0;…BEL`` sets its title), so
every line is shown with its unprintable characters escaped. And what anyone can make
the server say (refusals, errors, cut handshakes) is throttled by kind, so that no
flood of requests becomes a flood of lines.
"""

from __future__ import annotations

import logging
import time

from solitaire_tui.printable import escaped

LINES_OF_A_KIND = 10  # a minute, for what anyone can make the server say


class Throttle(logging.Filter):
    """At most ``most`` records of each kind (its message's form) a minute; the next
    one let through says how many were left out meanwhile. ``level``: records below
    it pass as they are (a visit's coming and going is bounded by the seats)."""

    def __init__(self, most: int = LINES_OF_A_KIND, seconds: float = 60.0,
                 level: int = logging.NOTSET) -> None:
        super().__init__()
        self.most, self.seconds, self.level = most, seconds, level
        self._kinds: dict[str, tuple[float, int, int]] = {}  # since, passed, left out

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < self.level:
            return True
        kind = str(record.msg)
        passes, left_out = self.passes(kind)
        if passes and left_out:
            record.msg = f"{kind} ({left_out} more like it left out)"
        return passes

    def passes(self, kind: str) -> tuple[bool, int]:
        """Whether one more of ``kind`` passes now, and how many were left out before
        it (counted from then on afresh)."""
        now = time.monotonic()
        since, passed, left_out = self._kinds.get(kind, (now, 0, 0))
        if now - since >= self.seconds:
            since, passed = now, 0
        if passed >= self.most:
            self._kinds[kind] = since, passed, left_out + 1
            return False, left_out + 1
        self._kinds[kind] = since, passed + 1, 0
        return True, left_out


class OneLine(logging.Formatter):
    """Every record one line, escaped: an error's type and words, never its traceback
    (whose local variables would put what visitors sent into the log)."""

    def format(self, record: logging.LogRecord) -> str:
        error = record.exc_info[1] if record.exc_info else None
        record.exc_info = record.exc_text = None
        record.stack_info = None
        line = super().format(record)
        if error is not None:
            line += f" ({type(error).__name__}: {error})"
        return escaped(line)
