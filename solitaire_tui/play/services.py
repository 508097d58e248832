"""What a game screen is given by the app, rather than looking it up on the app: the
store's records and choices, and the engine's warm-up. A screen in a test's app may
have no choices and no warm-up."""

from __future__ import annotations

from dataclasses import dataclass

from solitaire_tui.engine import Warmup
from solitaire_tui.store.choices import Choices
from solitaire_tui.store.records import Records


@dataclass(frozen=True)
class Services:
    records: Records
    choices: Choices | None = None  # the choices kept for next time
    engine: Warmup | None = None  # the engine's warm-up, whose parts work may wait for
