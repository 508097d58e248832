"""Asking for a deal: a number to replay, or a deck pasted as text."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from rules.errors import RulesError
from rules.words import sentence_start
from solitaire_tui.decks import Deck, parse_choice
from solitaire_tui.widgets.field import TextField


class DealDialog(ModalScreen[Deck | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    CSS_PATH = "deal_dialog.tcss"

    def __init__(self, *, ranks_only: bool) -> None:
        super().__init__()
        self.ranks_only = ranks_only

    def compose(self) -> ComposeResult:
        cards = "cards such as KC 10H 9C …" + (" (or bare ranks 13 10 9 …)"
                                                if self.ranks_only else "")
        with Vertical():
            yield Label("[b]Play a deal[/b]: type its number, or paste a deck of 52 " + cards)
            yield TextField(placeholder="deal number or deck", id="choice")
            yield Label("", id="error")
            yield Label("[dim]enter: play · esc: cancel[/dim]")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            deck = parse_choice(event.value, ranks_only=self.ranks_only)
        except RulesError as error:
            message = str(error)
            self.query_one("#error", Label).update(Text(sentence_start(message)))
            return
        self.dismiss(deck)

    def action_cancel(self) -> None:
        self.dismiss(None)
