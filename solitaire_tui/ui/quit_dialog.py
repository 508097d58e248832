"""Asking before something costly or lossy: a yes-or-no question over the screen.

``Confirm`` asks one question with its reasons (y or enter: yes; n or esc: no). Its
use for quitting: each screen says what leaving it would do to what it holds
(``loses_on_quit``): a run stops and is lost; a game in play is kept for the menu to
offer next time (or, if it could not be saved, lost). The app asks only when some
screen on its stack has something to say, and quits at once otherwise
(``QuitDialog``). ``WaitingGame`` asks the menu's one question of three answers: go
on with the game of that kind left unfinished, deal anew, or go back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Label

from rules.words import sentence_start


def losses(screens: Iterable[Screen[object]]) -> list[str]:
    """What quitting now does to what the screens hold, a phrase a screen that holds
    something: what is lost, and a game in play that is kept."""
    lost = []
    for screen in screens:
        loses = getattr(screen, "loses_on_quit", None)
        phrase = loses() if callable(loses) else None
        if isinstance(phrase, str) and phrase:
            lost.append(phrase)
    return lost


class Confirm(ModalScreen[bool]):
    """"<question> <reasons>" — y or enter answer yes; n or esc no."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    CSS_PATH = "quit_dialog.tcss"

    def __init__(self, question: str, reasons: Sequence[str], keys: str) -> None:
        """``keys``: the last line, saying what the keys do."""
        super().__init__()
        self.question, self.reasons, self.keys = question, tuple(reasons), keys

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.question, style="bold"))
            for reason in self.reasons:  # a bullet, and its words indented as they wrap
                with Horizontal(classes="reason"):
                    yield Label("•", classes="bullet")
                    yield Label(Text(f"{sentence_start(reason)}."))
            yield Label(Text(self.keys, style="dim"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class QuitDialog(Confirm, inherit_bindings=False):
    """"Quit? <what is lost>" — y, q or ctrl+c again quit; n or esc go back."""

    BINDINGS = [
        Binding("y,q,ctrl+c", "answer(True)", "Quit", priority=True),
        Binding("n,escape", "answer(False)", "Stay"),
    ]

    def __init__(self, lost: list[str]) -> None:
        super().__init__("Quit solitaire-tui?", lost, "y: quit · n or esc: go back")


class WaitingGame(Confirm, inherit_bindings=False):
    """"An unfinished game waits" — c or enter go on with it (True), n deals a new one
    (False), esc goes back to the menu (None)."""

    BINDINGS = [
        Binding("c,enter", "answer(True)", "Resume"),
        Binding("n", "answer(False)", "New deal"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, waiting: str) -> None:
        super().__init__("Go on with the unfinished game?", [waiting],
                         "c or enter: go on with it · n: a new deal · esc: back")

    def action_back(self) -> None:
        self.dismiss(None)


def confirm_unless(screen: Screen[Any], question: str, do: Callable[[], None],
                   phrase: Callable[[], str | None],
                   keys: str = "y or enter: yes · n or esc: no") -> None:
    """``do`` at once, or after a yes if something would be lost: what happens to it
    is said (``phrase``, None when nothing would be)."""
    said = phrase()
    if said is None:
        do()
    else:
        screen.app.push_screen(Confirm(question, [said], keys),
                               lambda yes: do() if yes else None)
