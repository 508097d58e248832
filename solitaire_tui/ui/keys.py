"""The keys every game screen shares, as data: one action has one key in every game.

A game screen adds its own play keys; these come after them in the footer.
Keys a game does not use are hidden by the screen's ``check_action``.
"""

from __future__ import annotations

import dataclasses

from textual.binding import Binding, BindingType

GAME_KEYS: list[BindingType] = [
    Binding("h", "hint", "Hint", tooltip="a move the helper would make, said, not played"),
    Binding("a", "auto", "Auto", tooltip="auto play on or off: the helper plays move by move"),
    Binding("e", "finish", "Finish", tooltip="the helper plays the game to its end at once"),
    # One cell for both: shown always, they change no key in the footer as auto play
    # starts and stops, which laid the whole screen out again (``widgets.footer``).
    Binding("plus,equals_sign", "speed(1)", "Speed", key_display="+ -",
            tooltip="auto play faster (+) or slower (-), before it starts too"),
    Binding("minus", "speed(-1)", "Slower", show=False),
    Binding("u,ctrl+z", "undo", "Undo", key_display="u", tooltip="undo a move (also ctrl+z)"),
    Binding("U,ctrl+y", "redo", "Redo", key_display="U", tooltip="redo a move (also ctrl+y)"),
    Binding("r", "restart", "Restart",
            tooltip="this game again from the start (asks first if one in play would be lost)"),
    Binding("n", "new_game", "New deal",
            tooltip="a new game, on a new deal where there are cards (asks first, as r does)"),
    Binding("g", "choose_deal", "Deal #", tooltip="a deal by its number, or a deck pasted"),
    Binding("o", "options", "Variant", tooltip="the game's options: its variant, or who plays"),
    Binding("t", "stats", "Stats", tooltip="the statistics panel: the computer plays many deals"),
    Binding("question_mark", "help", "Rules", key_display="?", tooltip="this page"),
    # While a finish is worked out esc stops it (the sign and the footer say so), and
    # does not leave the game; otherwise this key is hidden and esc goes back.
    Binding("escape", "stop_finishing", "Stop", key_display="esc",
            tooltip="stop the finish being worked out (e does too)"),
    Binding("escape", "back", "Back", key_display="esc",
            tooltip="back one screen (asks first if a game in play would be lost)"),
]

# esc goes back one screen (a replay to its panel, the panel to its game); M goes
# straight to the menu from any depth. Both are in every footer but the menu's.
APP_KEYS: list[BindingType] = [
    Binding("M,home", "to_menu", "Menu", key_display="M",
            tooltip="to the menu, from any screen (home too, where it scrolls nothing)"),
    Binding("q", "quit", "Quit", show=False,
            tooltip="quit the app (asks first if a game in play would be lost)"),
    Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
]


def game_keys(tooltips: dict[str, str] | None = None, **labels: str) -> list[BindingType]:
    """The shared keys, with some renamed for a game: ``game_keys(options="Players")``
    keeps the key and the action, and changes only the word in the footer;
    ``tooltips`` (by action, ``speed(1)`` for +) say what a key does in the game, as
    its help page lists them."""
    said = tooltips or {}
    return [
        dataclasses.replace(key, description=labels.get(key.action, key.description),
                            tooltip=said.get(key.action, key.tooltip))
        if isinstance(key, Binding) else key
        for key in GAME_KEYS
    ]


# The actions of the shared keys: the table says when each may run (``GameTable.allows``);
# a game's own keys are its screen's to allow (``GameScreen.can``).
SHARED_ACTIONS = frozenset(key.action.split("(")[0] for key in GAME_KEYS
                           if isinstance(key, Binding))
