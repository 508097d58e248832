"""Asking before quitting loses something: a game not over, a run still playing.

Each screen says what leaving it would lose (``loses_on_quit``); the app asks only
when some screen on its stack would lose something, and quits at once otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Label


def losses(screens: Iterable[Screen[object]]) -> list[str]:
    """What quitting now would lose, a phrase a screen that would lose something."""
    lost = []
    for screen in screens:
        loses = getattr(screen, "loses_on_quit", None)
        phrase = loses() if callable(loses) else None
        if isinstance(phrase, str) and phrase:
            lost.append(phrase)
    return lost


class QuitDialog(ModalScreen[bool]):
    """"Quit? <what is lost>" — y, q or ctrl+c again quit; n or esc go back."""

    BINDINGS = [
        Binding("y,q,ctrl+c", "answer(True)", "Quit", priority=True),
        Binding("n,escape", "answer(False)", "Stay"),
    ]

    CSS_PATH = "quit_dialog.tcss"

    def __init__(self, lost: list[str]) -> None:
        super().__init__()
        self.lost = lost

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]Quit solitaire-tui?[/b]")
            for phrase in self.lost:
                yield Label(f"• {phrase[:1].upper()}{phrase[1:]}.")
            yield Label("[dim]y: quit · n or esc: go back[/dim]")

    def action_answer(self, quit_now: bool) -> None:
        self.dismiss(quit_now)
