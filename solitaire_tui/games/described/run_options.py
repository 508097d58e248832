"""A described game's fields in the statistics panel: the players to compare on the
same deals."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Label

from rules.roster import FAMILY
from solitaire_tui.ui.run_options import RunOptions
from solitaire_tui.widgets.toggles import Tick


class DescribedRunOptions(RunOptions):
    def compose(self) -> ComposeResult:
        chosen = self.initial.get("strategies", ["greedy"])
        yield Label("Players, same deals:")
        for name in FAMILY:
            yield Tick(name, name in chosen, compact=True, id=f"strategy-{name}")

    @property
    def value(self) -> dict[str, Any]:
        return {"strategies": [name for name in FAMILY
                               if self.query_one(f"#strategy-{name}", Tick).value]}
