"""A screen's row of the choices the player made last time (``store.choices``).

The app keeps the choices (``SolitaireApp.choices``); a screen run on its own in a
test's app may have none, and then nothing is read or kept. A failure to keep one
costs only choosing again next time, so it is said, not raised.
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

from solitaire_tui.store.choices import Choices
from solitaire_tui.store.database import StoreError


def kept_choice(node: Widget, row: str) -> dict[str, Any] | None:
    """What was kept in ``row``, or None (nothing kept, or no choices at all)."""
    choices: Choices | None = getattr(node.app, "choices", None)
    return choices.get(row) if choices is not None else None


def keep_choice(node: Widget, row: str, value: dict[str, Any]) -> None:
    """Keep ``value`` in ``row`` for next time; a store that fails is said on screen."""
    choices: Choices | None = getattr(node.app, "choices", None)
    if choices is None:
        return
    try:
        choices.put(row, value)
    except StoreError as error:
        node.notify(str(error), severity="warning", timeout=10)
