"""What a screen asks the app for: another screen (or tells it: the menu is back).
Screens post these and the app answers them (``SolitaireApp``), so no screen needs to
know how the app opens a game, the statistics panel or a replay."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from textual.message import Message

from solitaire_tui.decks import Deck
from solitaire_tui.replay import Replay


@dataclass
class OpenGame(Message):
    """Play ``game`` (its key), on ``deck`` with ``options`` where they are given."""

    game: str
    deck: Deck | None = None
    options: Any = None


@dataclass
class OpenStats(Message):
    """The statistics panel for ``game``, its fields filled with ``options`` (None, as
    from the menu: as the game was last run); ``note``: what the panel says first of
    them (``OptionsCodec.panel_note``)."""

    game: str
    options: Mapping[str, Any] | None = None
    note: str = ""


@dataclass
class OpenReplay(Message):
    """A game of a run, or a game a search found, on its screen as a replay."""

    replay: Replay


class MenuShown(Message):
    """The menu is on top again: no screen that comes and goes is open (the app then
    lets the garbage collector see all of the heap again, ``SolitaireApp._look_at_heap``)."""


@dataclass
class OptionsChosen(Message):
    """A player chose ``game``'s options (as its panel names them): entering the game
    again plays them without asking."""

    game: str
    options: dict[str, Any]
