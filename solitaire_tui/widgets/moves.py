"""A row of buttons for a game's moves, so every key has a mouse twin."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button


class MoveButtons(Horizontal):
    """Buttons that run a screen action when clicked: ``(label, action)`` pairs."""

    DEFAULT_CSS = """
    MoveButtons { height: auto; width: 100%; margin: 1 0 0 0; }
    MoveButtons > Button { margin: 0 1 0 0; min-width: 10; }
    """

    def __init__(self, *moves: tuple[str, str]) -> None:
        super().__init__()
        self.moves = moves

    def compose(self) -> ComposeResult:
        for label, action in self.moves:
            button = Button(label, action=f"screen.{action}", compact=True)
            button.can_focus = False  # the keys belong to the game, not to a button
            yield button
