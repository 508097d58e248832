"""The app's colours: Textual's own themes and ours, chosen with ``--theme`` or from
the command palette (ctrl+p) and remembered in the player's database.

Our themes are ordinary Textual themes, so everything the app draws with theme
variables ($panel, $accent, $error, …) follows them; the cards keep their own faces
and backs (``widgets.cards``), which read the same on any background.

``checked_theme`` runs before the app starts (``cli._open_app``), so it names the
themes from Textual's table and ours without building an app.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.theme import BUILTIN_THEMES, Theme

from rules.errors import OptionsError
from rules.words import close_to

# A card table's felt under cream cards: the board's background is the baize, the
# panels a shade lighter (an empty place's frame is drawn lighter still), the accents
# brass.
CARD_TABLE = Theme(
    name="card-table",
    primary="#d8c690",
    secondary="#2f6b45",
    accent="#e0b04a",
    warning="#e0b04a",
    error="#ff8a80",
    success="#a5e6a0",
    foreground="#f4f1e8",
    background="#1d4d2f",
    surface="#225836",
    panel="#2b6442",
    dark=True,
    variables={
        "footer-key-foreground": "#e0b04a",
        "block-cursor-background": "#d8c690",
        "block-cursor-foreground": "#123620",
        "input-selection-background": "#d8c690 35%",
    },
)

# The same table by daylight: a pale sage cloth, so that the cream cards stand out
# from it, in bottle-green and claret ink.
PARLOUR = Theme(
    name="parlour",
    primary="#1d5c3a",
    secondary="#7a1f2b",
    accent="#7a1f2b",
    warning="#8a5a00",
    error="#b00020",
    success="#1d6b36",
    foreground="#1f2a1c",
    background="#d5e0cc",
    surface="#c8d6bd",
    panel="#b7c9aa",
    dark=False,
    variables={
        "footer-key-foreground": "#7a1f2b",
        "input-selection-background": "#1d5c3a 25%",
    },
)

OURS = (CARD_TABLE, PARLOUR)


def theme_names() -> list[str]:
    """Every theme there is to choose: Textual's built-in ones and ours, by name."""
    return sorted({*BUILTIN_THEMES, *(theme.name for theme in OURS)})


def checked_theme(name: str) -> str:
    """``name`` if it is a theme there is; else an ``OptionsError`` naming them."""
    names = theme_names()
    if name not in names:
        raise OptionsError(f"There is no theme called {name!r}{close_to(name, names)}:"
                           f" choose one of {', '.join(names)}.")
    return name


def register_ours(app: App[Any]) -> None:
    """Make our themes choosable in ``app``, beside Textual's."""
    for theme in OURS:
        app.register_theme(theme)
