"""The app's last resort: once it begins to quit, the process is gone within seconds.

Quitting hands the terminal back through Textual's shutdown, which may wait forever on
a terminal that is gone (three apps whose tmux server was killed were found asleep 40
minutes later, their main thread in Textual's ``WriterThread.stop``; the cause is told
in ``docs/upstream/textual-writer-hang.md``). Nothing the player sees can be waiting
then, so a process still here ``GRACE_SECONDS`` after it began to quit is stuck: a
daemon timer keeps what the app would keep, for ``KEEP_SECONDS`` at most, puts back
what it can of the terminal and ends the process with the status it was quitting with.

Plain threads, termios and ``os``: no Textual, so this works whatever state Textual's
shutdown is in, and is tested without it. Not a Textual worker, as the app's other
work is: a worker is started by the event loop, and it is the loop (its thread waiting
in Textual's shutdown) that is stuck; and it is armed from signal handlers too.
(``tests/test_architecture.py`` holds the few modules that start threads of their own.)
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

try:
    import termios
except ImportError:  # Windows: no terminal modes, and Textual's own driver there
    termios = None  # type: ignore[assignment]

GRACE_SECONDS = 3.0  # from the start of quitting to the last resort (an end in order: ~0.3 s)
KEEP_SECONDS = 1.5  # the most the last resort waits for what is kept: 4.5 s in all

# What Textual turns on at a terminal, turned off: bracketed paste, in-band resizes,
# mouse reports (and in pixels), the kitty keyboard, focus reports; then line wrap on,
# the main screen back and the cursor shown.
RESETS = (b"\x1b[?2004l\x1b[?2048l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l"
          b"\x1b[<u\x1b[?1004l\x1b[?7h\x1b[?1049l\x1b[?25h")


def _descriptor(stream: Any) -> int | None:
    """The stream's file descriptor, if it is a terminal (a closed or missing stream,
    as in some daemons, is none)."""
    try:
        descriptor = int(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return None
    return descriptor if os.isatty(descriptor) else None


@dataclass(frozen=True)
class Terminal:
    """The terminal as the app found it: the keys' modes (read before Textual changes
    them) and the device it draws on, to write the resets to on a descriptor of its
    own, so that making it non-blocking changes nobody else's (a shell's) descriptor."""

    keys: int | None = None  # the descriptor Textual reads keys from
    attributes: list[Any] | None = None  # its termios attributes as found
    screen: str | None = None  # the device's path

    @classmethod
    def found(cls, keys: Any = None, screen: Any = None) -> Terminal:
        """The terminal of ``keys`` and ``screen`` (streams; by default Textual's own:
        stdin and stderr), as it is now; an empty one where they are not terminals."""
        if termios is None:
            return cls()
        keys_at = _descriptor(sys.__stdin__ if keys is None else keys)
        screen_at = _descriptor(sys.__stderr__ if screen is None else screen)
        attributes = None
        if keys_at is not None:
            with contextlib.suppress(termios.error):
                attributes = termios.tcgetattr(keys_at)
        path = None
        if screen_at is not None:
            with contextlib.suppress(OSError):
                path = os.ttyname(screen_at)
        return cls(keys_at if attributes is not None else None, attributes, path)

    def put_back(self) -> None:
        """The modes as found, and the resets written if the terminal takes them at
        once: a terminal that is gone, or stalled, takes nothing and stops nothing."""
        if self.keys is not None and self.attributes is not None:
            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(self.keys, termios.TCSANOW, self.attributes)
        if self.screen is None:
            return
        try:
            out = os.open(self.screen, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
        except OSError:  # hung up: nothing shows it any more
            return
        try:
            with contextlib.suppress(OSError):
                os.write(out, RESETS)
        finally:
            os.close(out)


class LastResort:
    """``arm(code)`` when quitting begins; ``grace`` seconds later, if the process is
    still here, ``keep()`` runs (for ``keep_seconds`` at most, on a daemon thread of
    its own: it may be stuck too), ``terminal`` is put back and ``end(code)`` ends the
    process, without waiting for any thread (``os._exit``)."""

    def __init__(self, keep: Callable[[], object], terminal: Terminal, *,
                 grace: float = GRACE_SECONDS, keep_seconds: float = KEEP_SECONDS,
                 end: Callable[[int], object] = os._exit) -> None:
        self.keep = keep
        self.terminal = terminal
        self.grace = grace
        self.keep_seconds = keep_seconds
        self.end = end
        self._armed = threading.Lock()  # taken by the first ``arm``, never given back

    def arm(self, code: int) -> None:
        """Start the count (from a signal handler too); quitting again (a second
        signal, ``q`` while quitting) neither restarts it nor changes the code."""
        if not self._armed.acquire(blocking=False):
            return
        timer = threading.Timer(self.grace, self._fire, (code,))
        timer.name, timer.daemon = "last resort", True
        timer.start()

    def _fire(self, code: int) -> None:
        keeping = threading.Thread(target=self._keep, name="last resort: keep", daemon=True)
        keeping.start()
        keeping.join(self.keep_seconds)
        self.terminal.put_back()
        self.end(code)

    def _keep(self) -> None:
        with contextlib.suppress(Exception):  # whatever fails, the process still ends
            self.keep()


def stacks() -> str:
    """Where each thread of the process stands, as a traceback shows it: what a stuck
    process says of itself in the log, as ``py-spy dump`` would."""
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    return "\n".join(f"{names.get(ident, ident)}:\n{''.join(traceback.format_stack(frame))}"
                     for ident, frame in sys._current_frames().items())
