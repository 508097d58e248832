"""A family's game's fields in the statistics panel: the players to compare on the
same deals, the built-in ones and the player's own (the files of the data
directory's ``players/<game>/``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label

from solitaire_tui.games.family.own import side_by_side
from solitaire_tui.own_players.folder import Found
from solitaire_tui.stats.compare import COMPARE
from solitaire_tui.ui.run_options import RunOptions
from solitaire_tui.widgets.toggles import Tick


class FamilyRunOptions(RunOptions):
    """The built-in players (``builtin``, ``chosen`` ticked unless the run names its
    own) on one row; the player's own, when there are any, on a row of their own
    below (one row has no room for them at 80 columns)."""

    DEFAULT_CSS = """
    FamilyRunOptions { layout: vertical; }
    FamilyRunOptions > Horizontal { height: auto; }
    FamilyRunOptions > #own-row { display: none; }
    FamilyRunOptions > #own-row.-some { display: block; }
    """

    def __init__(self, options: Mapping[str, Any], builtin: Sequence[str],
                 chosen: Sequence[str]) -> None:
        super().__init__(options)
        self.builtin, self.chosen_first = tuple(builtin), tuple(chosen)
        # The own players' ticks now: those of the folder read before are taken apart
        # after a read, and a query found both a moment ("mine.py, mine.py").
        self._own: list[Tick] = []

    def compose(self) -> ComposeResult:
        chosen = self._initial_names(self.chosen_first)
        with Horizontal():
            yield Label("Players, same deals:")
            for name in self.builtin:
                yield Tick(name, name in chosen, compact=True, id=f"strategy-{name}")
        with Horizontal(id="own-row"):
            yield Label("Your players:")

    def show_own(self, found: Found) -> None:
        """A tick for each of the player's own players, as read again: ticked as it
        was, or as the run opened asked."""
        chosen = set(self._initial_names(())) | set(self._own_chosen())
        for tick in self._own:
            tick.remove()
        self._own = [Tick(player.name, player.name in chosen, compact=True, classes="own",
                          name=player.name) for player in found.players]
        row = self.query_one("#own-row")
        row.set_class(bool(found.players), "-some")
        row.mount_all(self._own)

    def _initial_names(self, otherwise: Sequence[str]) -> list[str]:
        """The players of the run the panel opened on (a comparison's versions, where
        one of one's own was among several: ``versions.side_by_side``); ``otherwise``
        where it named none."""
        spec = self.initial.get(COMPARE)
        if isinstance(spec, dict) and spec.get("option") == "strategies":
            return [name for version in spec.get("values", ()) for name in version]
        return list(self.initial.get("strategies", otherwise))

    def _own_chosen(self) -> list[str]:
        return [str(tick.name) for tick in self._own if tick.value]

    @property
    def value(self) -> dict[str, Any]:
        return side_by_side([name for name in self.builtin
                             if self.query_one(f"#strategy-{name}", Tick).value]
                            + self._own_chosen(), self.builtin)
