"""Hit or Miss's fields in the statistics panel: the variant and the pass order.

The variant is typed, with the named ones suggested as you type: the game takes any
strike limit (``strikes=N``), which no list could hold. The rules read it when the
run starts, and a name they do not know is their one sentence.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label

from rules.hit_or_miss import PassOrder
from solitaire_tui.ui.run_options import RunOptions, pick
from solitaire_tui.widgets.field import TextField

VARIANTS = ("unlimited", "roll-call", "two-strike", "strikes=")


class HitOrMissRunOptions(RunOptions):
    HELP = """\
- **Variant**: when a game is lost. A *strike* is a pass through the stock with no
  hit. `unlimited` plays on until the game is won or can be proved lost; `roll-call`
  loses at 3 strikes in a row, `two-strike` at 2, and `strikes=N` at N (any N from 1
  to 100,000).
- **Pass order**: how the miss pile becomes the next pass's stock: `same` (turned
  over, the misses in their order), `reversed` (not turned: each pass runs
  backwards) or `shuffled` (shuffled between passes, by the deal's own seed; it needs
  a strike limit, as unlimited some card always matches in the end)."""
    def compose(self) -> ComposeResult:
        yield Label("Variant (or strikes=N)")
        variant = TextField(str(self.initial.get("variant", VARIANTS[0])), id="variant",
                            compact=True, suggester=SuggestFromList(VARIANTS, case_sensitive=False))
        variant.tooltip = "unlimited, roll-call, two-strike, or strikes=N for any N"
        yield variant
        yield Label("Pass order")
        yield pick([(order.value, order.value) for order in PassOrder],
                   self.initial.get("order"), "order")

    @property
    def value(self) -> dict[str, Any]:
        return {"variant": self.query_one("#variant", Input).value.strip(),
                "order": self.chosen("order")}
