"""The relay's field in the statistics panel: how many players."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Label

from rules import relay
from solitaire_tui.ui.run_options import RunOptions, numbers, pick


class RelayRunOptions(RunOptions):
    def compose(self) -> ComposeResult:
        yield Label("Players")
        yield pick(numbers(relay.MIN_PLAYERS, relay.MAX_PLAYERS),
                   self.initial.get("players", relay.Options.players), "players")

    @property
    def value(self) -> dict[str, Any]:
        return {"players": self.chosen("players")}
