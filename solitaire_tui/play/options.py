"""A game's screen options as plain JSON and back: one codec per game.

A screen's options (the rules' ``Options``, or Add/Residue's ``Table``) leave the
screen three ways: to the statistics panel as a run of the same game (``panel``,
and ``panel_note`` where that run cannot be quite the same),
to the store as the choice kept for next time (``store.choices``), and with a game
kept unfinished (``store.unfinished``). The last two are one JSON (``encode``), read
back by one function (``decode``): for next time, the options the screen has
(``now``) give what belongs to the deal rather than to the choice; for a game kept
unfinished there are none, and the JSON has it all. A game without options keeps
None, and ``NO_OPTIONS`` reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

Options = TypeVar("Options")


class OptionsCodec(Generic[Options]):
    def panel(self, options: Options) -> dict[str, Any]:
        """The statistics panel's options for a game played with ``options``: the
        same game, played by the computer."""
        return {}

    def panel_note(self, options: Options) -> str:
        """What the panel says on opening of the options ``panel`` gave, where they
        are not the game's own (empty where they are)."""
        return ""

    def encode(self, options: Options) -> Any:
        """``options`` whole, as plain JSON (by default the panel's)."""
        return self.panel(options)

    def decode(self, data: Any, now: Options | None) -> Options:
        """The options ``encode`` gave; options that cannot be read (written by
        another release, or another program) raise a ``ValueError`` (a
        ``RulesError`` is one), ``TypeError`` or ``KeyError``."""
        raise NotImplementedError


class NoOptions(OptionsCodec[None]):
    """A game whose screen has no options (its panel may still have some)."""

    def __init__(self, panel: Mapping[str, Any] | None = None) -> None:
        self._panel = dict(panel or {})

    def panel(self, options: None) -> dict[str, Any]:
        return dict(self._panel)

    def encode(self, options: None) -> Any:
        return None

    def decode(self, data: Any, now: None) -> None:
        return None


NO_OPTIONS = NoOptions()
