"""What a game screen is given by the app, rather than looking it up on the app: the
store's records, unfinished games and choices (each saving through the app's writer,
``store.writer``), the engine's warm-up, and where the player's own players are kept.
A screen in a test's app may have no choices and no warm-up."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from solitaire_tui.engine import Warmup
from solitaire_tui.stats.limits import OWNER, Limits
from solitaire_tui.store.choices import Choices
from solitaire_tui.store.records import Records
from solitaire_tui.store.unfinished import Unfinished


@dataclass(frozen=True)
class Services:
    records: Records
    unfinished: Unfinished  # the games in play, kept for the menu to offer
    choices: Choices | None = None  # the choices kept for next time
    engine: Warmup | None = None  # the engine's warm-up, whose parts work may wait for
    # The data directory whose players/ folder holds the player's own players
    # (``own.folder``); None for a guest of ``serve``, who loads no code.
    players: Path | None = None
    limits: Limits = OWNER  # what the app may be asked for (a guest's searches take turns)
