"""The keys every game screen shares, as data: one action has one key in every game.

A game screen adds its own play keys; these come after them in the footer.
Keys a game does not use are hidden by the screen's ``check_action``.
"""

from __future__ import annotations

import dataclasses

from textual.binding import Binding, BindingType

GAME_KEYS: list[BindingType] = [
    Binding("h", "hint", "Hint"),
    Binding("a", "auto", "Auto"),
    Binding("e", "finish", "Finish"),
    Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+"),
    Binding("minus", "speed(-1)", "Slower", key_display="-"),
    Binding("u,ctrl+z", "undo", "Undo", key_display="u"),
    Binding("U,ctrl+y", "redo", "Redo", key_display="U"),
    Binding("r", "restart", "Restart"),
    Binding("n", "new_game", "New deal"),
    Binding("g", "choose_deal", "Deal #"),
    Binding("o", "options", "Variant"),
    Binding("t", "stats", "Stats"),
    Binding("question_mark", "help", "Rules", key_display="?"),
    # While a finish is worked out esc stops it (the sign says so), not the game.
    Binding("escape", "stop_finishing", "Stop", key_display="esc", show=False),
    Binding("escape", "back", "Back", key_display="esc"),
]

# esc goes back one screen (a replay to its panel, the panel to its game); M goes
# straight to the menu from any depth. Both are in every footer but the menu's.
APP_KEYS: list[BindingType] = [
    Binding("M,home", "to_menu", "Menu", key_display="M"),
    Binding("q", "quit", "Quit", show=False),
    Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
]


def game_keys(**labels: str) -> list[BindingType]:
    """The shared keys, with some renamed for a game: ``game_keys(options="Players")``
    keeps the key and the action, and changes only the word in the footer."""
    return [
        dataclasses.replace(key, description=labels.get(key.action, key.description))
        if isinstance(key, Binding) else key
        for key in GAME_KEYS
    ]
