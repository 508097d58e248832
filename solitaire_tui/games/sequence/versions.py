"""Sequence Solitaire's players side by side: the options of a run of several on the
same deals, one function for the command line and the panel."""

from __future__ import annotations

from typing import Any

from rules.roster import SEQUENCE as NAMES
from solitaire_tui.stats.compare import COMPARE


def side_by_side(names: list[str]) -> dict[str, Any]:
    """The options of a run of the players ``names`` on the same deals: where a player
    of one's own is among several, a comparison, so that each later player's
    difference from the first is paired deal by deal (points over greedy), on the
    command line as in the panel; the built-in players alone are one run's parts."""
    options: dict[str, Any] = {"strategies": names}
    if len(names) > 1 and set(names) - set(NAMES):
        options[COMPARE] = {"option": "strategies", "values": [[name] for name in names]}
    return options
