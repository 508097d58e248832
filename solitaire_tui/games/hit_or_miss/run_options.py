"""Hit or Miss's fields in the statistics panel: the variant and the pass order."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Label

from rules.hit_or_miss import PassOrder
from solitaire_tui.ui.run_options import RunOptions, pick

VARIANTS = ("unlimited", "roll-call", "two-strike", "strikes=1", "strikes=4", "strikes=5")


class HitOrMissRunOptions(RunOptions):
    def compose(self) -> ComposeResult:
        variant = str(self.initial.get("variant", VARIANTS[0]))
        names = VARIANTS if variant in VARIANTS else (*VARIANTS, variant)
        yield Label("Variant")
        yield pick([(name, name) for name in names], variant, "variant")
        yield Label("Pass order")
        yield pick([(order.value, order.value) for order in PassOrder],
                   self.initial.get("order"), "order")

    @property
    def value(self) -> dict[str, Any]:
        return {"variant": self.chosen("variant"), "order": self.chosen("order")}
