"""What the command line does with an error nobody foresaw: the traceback goes to a
log file in the data directory, and the person gets one line saying where.

A traceback on the screen helps nobody who only wanted a result; in the log it is
kept for whoever mends the bug. Bad input never comes here: it is one plain line
and exit status 2 (``cli.main``).
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

from solitaire_tui.printable import escaped_lines
from solitaire_tui.store.database import data_dir

LOG_NAME = "errors.log"
# A log past this size starts again, the one before kept beside it as errors.log.old:
# a crash that comes again and again (a served app's, say) fills no disk.
MOST_LOG_BYTES = 1_000_000


def _log() -> Path:
    """The log's path, its directory made, and the log started again if it is full."""
    path = data_dir() / LOG_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if path.stat().st_size > MOST_LOG_BYTES:
            path.replace(path.with_name(LOG_NAME + ".old"))
    except OSError:
        pass  # none yet
    return path


def logged(error: BaseException | None = None) -> str:
    """Append ``error`` (by default the exception being handled) to the log; say where
    it went (or, if the log cannot be written, the error itself in one line). The app
    passes the error, as it learns of a failed worker after the worker has ended."""
    text = traceback.format_exc() if error is None else "".join(
        traceback.format_exception(type(error), error, error.__traceback__))
    try:
        path = _log()
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{escaped_lines(text)}")
    except OSError:
        return text.strip().splitlines()[-1]
    return f"the details are in {path}"


def keep_stderr() -> None:
    """Send what this process writes to stderr (a crash's traceback, as Textual
    prints it on leaving) to the log instead: a served app's stderr would go to the
    server's log, which is the owner's to read, not a visitor's to fill."""
    try:
        descriptor = os.open(_log(), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    except OSError:
        descriptor = os.open(os.devnull, os.O_WRONLY)
    os.dup2(descriptor, 2)
    os.close(descriptor)
