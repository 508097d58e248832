"""A page of Markdown over the current screen: a game's rules and keys, or the app's.

The words come from the screen that opens it (a game's rules page is in its home);
the keys are the screen's own bindings, as its footer shows them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown


def keys_table(bindings: Iterable[Any]) -> str:
    """The keys shown in the footer as a Markdown table, each action once."""
    rows = ["| key | does |", "|---|---|"]
    seen = set()
    for binding in bindings:
        if not isinstance(binding, Binding) or not binding.show or binding.action in seen:
            continue
        seen.add(binding.action)
        keys = binding.key_display or binding.key.replace(",", " or ")
        rows.append(f"| `{keys}` | {binding.description} |")
    return "\n".join(rows)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,question_mark,q", "dismiss", "Close", key_display="esc"),
    ]

    CSS_PATH = "help.tcss"

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(self.markdown)
        yield Footer(compact=True)
