"""The panel's Run on field: where a run plays (empty: this machine; a cluster's
address otherwise), remembered for the next panel in the panel's own choices."""

from __future__ import annotations

from solitaire_tui.store.choices import Choices
from solitaire_tui.ui.notices import store_errors
from solitaire_tui.widgets.field import TextField

PANEL = "(statistics panel)"  # the panel's own choices (the cluster), beside the games'


class RunOn(TextField):
    """In a player's words; the cluster's own (Dask, a scheduler) only in its tooltip
    and the panel's help, where one is chosen. Offered only where runs may go to a
    cluster (``Limits.cluster``: never to a web guest)."""

    def __init__(self, choices: Choices) -> None:
        kept = (choices.get(PANEL) or {}).get("scheduler")
        super().__init__(kept if isinstance(kept, str) else "", id="scheduler", compact=True,
                         placeholder="this machine",
                         tooltip="or on a cluster: a Dask scheduler's address"
                                 " (tcp://host:8786), or local:N for N processes here;"
                                 " ? says more")
        self.choices = choices

    @property
    def address(self) -> str:
        """The address typed, "" for this machine."""
        return self.value.strip()

    def keep(self) -> None:
        """The address, for the next panel: a failure to keep it costs a retyping, and
        is said."""
        if self.address != (self.choices.get(PANEL) or {}).get("scheduler", ""):
            with store_errors(self.app, "error"):
                self.choices.put(PANEL, {"scheduler": self.address})
