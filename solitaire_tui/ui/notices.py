"""What the store could not do, told in one notification: the screen carries on."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from textual.app import App
from textual.notifications import SeverityLevel
from textual.widget import Widget

from solitaire_tui.store.database import StoreError

SECONDS = {"warning": 10, "error": 15}  # how long each kind stays: an error names a path


@contextmanager
def store_errors(node: Widget | App[Any], severity: SeverityLevel = "warning") -> Iterator[None]:
    """Run the block; a ``StoreError`` it raises is told as a notification (a
    warning: what was kept is as it was, and nothing is lost but this change; an
    error: what was played could not be saved)."""
    try:
        yield
    except StoreError as error:
        node.notify(str(error), severity=severity, timeout=SECONDS.get(severity, 10))
