"""A page of Markdown over the current screen: a game's rules and keys, or the app's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from solitaire_tui.games import GAMES_BY_KEY
from solitaire_tui.help import keys_table, rules_section

if TYPE_CHECKING:
    from solitaire_tui.screens.game import GameScreen


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,question_mark,q", "dismiss", "Close", key_display="esc"),
    ]

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    @classmethod
    def for_game(cls, screen: GameScreen[Any, Any]) -> HelpScreen:
        bindings = [binding for binding in type(screen).BINDINGS
                    if isinstance(binding, Binding) and screen.offers(binding.action.split("(")[0])]
        title = GAMES_BY_KEY[screen.GAME].title
        return cls(
            f"**Playing now:** {title}, {screen.variant}"
            + (f", {screen.deck.label}" if screen.deck is not None else "")
            + ".\n\n" + rules_section(title)
            + "\n\n## Keys\n\n" + keys_table(bindings)
            + f"\n\nThe mouse works too: {screen.MOUSE_HELP}."
        )

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(self.markdown)
        yield Footer(compact=True)
