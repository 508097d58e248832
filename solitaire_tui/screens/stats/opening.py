"""What the statistics panel opens on, worked out from what opened it and the history,
without Textual: the options in its form, its seed, its first count of games, and the
past run it shows at once.

Opened on a run from the history, the panel takes that run's options, seed and games.
Opened from a game, it takes the game's options; from the menu, the options of the
game's newest run that can still be run (a player of one's own it ran may be gone, or
not read yet), so that the panel keeps no settings of its own between sessions. Either
way it shows the newest run of those very options, if there is one, and says so
(``LAST_RUN``) until the form asks for other options (``OPENED_ON``).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from rules.errors import RulesError
from solitaire_tui.games.game import Game
from solitaire_tui.stats import compare, runs
from solitaire_tui.stats.estimate import default_games
from solitaire_tui.stats.limits import Limits
from solitaire_tui.store.history import Entry, newest

# Games and Seed are not options: they leave the panel on the run it opened on.
LAST_RUN = "Your last run of these options"
OPENED_ON = "Below, your last run of the options this panel opened on (r runs those above)"
PLAYED_ON = "Below, the run played last, of other options than those above (r runs those)"
FROM_HISTORY = "From the history: run"  # a run chosen in the history
# The line's words while it shows a saved run. The players' folder, read in a worker
# as the panel opens, may answer before or after them; after, it leaves them be when
# every file there is a player (the players' row shows who was read).
SAVED_RUN = (LAST_RUN, OPENED_ON, FROM_HISTORY)


@dataclass(frozen=True)
class Opening:
    options: dict[str, Any]
    seed: int
    games: int
    sized: bool  # the Games field as the panel sized it, not a run's own count
    last: Entry | None  # the newest run of these very options, shown at once


def opening(game: Game, options: Mapping[str, Any] | None, entry: Entry | None,
            kept: list[Entry], limits: Limits, cores: int) -> Opening:
    """The panel of ``game`` opened on ``entry`` (a run from the history), or on
    ``options`` (from a game; None: from the menu); ``kept``: the history, newest
    first."""
    data = entry.data if entry is not None else {}
    chosen = dict(data.get("options", options or {}))
    if entry is None and options is None:
        chosen = last_options(game, kept)
    try:
        setup: runs.Setup | None = compare.run_setup(game, chosen)
    except RulesError:
        setup = None
    requested = data.get("requested")
    games = min(limits.games, int(requested or (
        runs.DEFAULT_GAMES if setup is None
        else default_games(setup, cores, [kept_entry.data for kept_entry in kept]))))
    return Opening(chosen, int(data.get("seed", runs.random_seed())), games,
                   sized=not requested,
                   last=None if entry is not None or setup is None
                   else newest(kept, game.key, setup.options))


def last_options(game: Game, kept: list[Entry]) -> dict[str, Any]:
    """The options of ``game``'s newest run in the history that can still be run (a
    player of one's own it ran may be gone, or not read yet); else the game's own."""
    for entry in kept:
        options = entry.data.get("options") if entry.game == game.key else None
        if isinstance(options, dict):
            with suppress(RulesError):
                compare.run_setup(game, options)
                return dict(options)
    return {}


def last_run_words(note: str, these: bool) -> str:
    """What the line under the bar calls the run the panel opened on, the form asking
    for its options (``these``) or for others; after what is said first of them."""
    return f"{note} {LAST_RUN if these else OPENED_ON}".lstrip()
