"""The panel's Compare field: one version of the options, or one of the comparisons
the game offers (``Game.comparisons``), every version played on the same deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solitaire_tui.games.game import Game
from solitaire_tui.stats.compare import COMPARE, Comparison
from solitaire_tui.textual_private import SteadySelect
from solitaire_tui.ui.run_options import RunOptions

NOTHING = -1  # the field's value for a run of one version


def _choices(offered: Sequence[Comparison]) -> list[tuple[str, int]]:
    return [("nothing", NOTHING), *((one.title, index) for index, one in enumerate(offered))]


class CompareField(SteadySelect):
    """On the comparison ``options`` name, if the game offers it; its value is that
    comparison's place among the game's (``NOTHING``: none)."""

    def __init__(self, game: Game, options: Mapping[str, Any]) -> None:
        offered = game.comparisons(options)
        spec = options.get(COMPARE)
        chosen = next((index for index, one in enumerate(offered) if one.spec == spec),
                      NOTHING)
        self._shown = _choices(offered)
        super().__init__(self._shown, value=chosen, allow_blank=False, compact=True,
                         id="compare")
        self.game = game

    def follow(self, fields: RunOptions) -> None:
        """The comparisons as the fields now are (a game offers the versions the other
        fields can be played with), and the fields the chosen one sets standing aside
        (``RunOptions.compared``): what they hold would not be played."""
        options = fields.value
        shown = _choices(self.game.comparisons(options))
        if shown != self._shown:
            chosen = self.value
            self._shown = shown
            self.set_options(shown)
            self.value = chosen
        comparison = self.chosen(options)
        fields.compared(None if comparison is None else comparison.option)

    def chosen(self, options: Mapping[str, Any]) -> Comparison | None:
        """The comparison chosen, of the game's for ``options`` (the fields' now)."""
        value = self.value
        if not isinstance(value, int) or value == NOTHING:
            return None
        return self.game.comparisons(options)[value]
