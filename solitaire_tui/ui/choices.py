"""A screen's row of the choices the player made last time (``store.choices``).

The app keeps the choices and passes them to the screens (``play.services``); a
screen run on its own in a test's app may have none, and then nothing is read or
kept. A failure to keep one costs only choosing again next time, so it is said, not
raised.
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

from solitaire_tui.store.choices import Choices
from solitaire_tui.ui.notices import store_errors


def kept_choice(choices: Choices | None, row: str) -> dict[str, Any] | None:
    """What was kept in ``row``, or None (nothing kept, or no choices at all)."""
    return choices.get(row) if choices is not None else None


def keep_choice(node: Widget, choices: Choices | None, row: str,
                value: dict[str, Any]) -> None:
    """Keep ``value`` in ``row`` for next time; a store that fails is said on screen."""
    if choices is not None:
        with store_errors(node):
            choices.put(row, value)
