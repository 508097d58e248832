"""Sequence Solitaire's fields in the statistics panel: the players to compare on the
same deals."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Label

from rules.roster import SEQUENCE, SEQUENCE_COMPARED
from solitaire_tui.ui.run_options import RunOptions
from solitaire_tui.widgets.toggles import Tick


class SequenceRunOptions(RunOptions):
    def compose(self) -> ComposeResult:
        yield Label("Players, same deals:")
        chosen = self.initial.get("strategies", SEQUENCE_COMPARED)
        for name in SEQUENCE:
            yield Tick(name, name in chosen, compact=True, id=f"strategy-{name}")

    @property
    def value(self) -> dict[str, Any]:
        return {"strategies": [name for name in SEQUENCE
                               if self.query_one(f"#strategy-{name}", Tick).value]}
