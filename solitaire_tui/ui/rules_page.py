"""A game screen's rules page (``?``): the game's rules, the keys its screen offers and
what the mouse does, titled with what is being played; composed once the board is
drawn (``help.help_ahead``), so that even the first ``?`` only lays it out and draws it.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from textual.app import App
from textual.binding import BindingType

from solitaire_tui.play.table import STANDARD, GameTable
from solitaire_tui.ui.help import game_page, help_ahead, show_help


class Shown(Protocol):
    """What the page needs of its game screen (a ``GameScreen``)."""

    MOUSE_HELP: ClassVar[str]
    BINDINGS: ClassVar[list[BindingType]]
    game: Any  # the game's home (``ui.game_screen.Screens``): its title and rules
    table: GameTable[Any, Any]

    @property
    def app(self) -> App[Any]: ...

    @property
    def is_attached(self) -> bool: ...


class RulesPage:
    def __init__(self, screen: Shown) -> None:
        self._screen = screen

    @property
    def markdown(self) -> str:
        """The page's words: every deal of a game shares them (``show_help``)."""
        screen = self._screen
        return game_page(screen.game.rules_page(), type(screen).BINDINGS,
                         screen.table.offers, screen.MOUSE_HELP)

    @property
    def title(self) -> str:
        """On the page's frame: the game, its variant and its deal."""
        game, table = self._screen.game, self._screen.table
        return " · ".join([game.title] + ([table.variant] if table.variant != STANDARD else [])
                          + ([table.deck.label] if table.deck else []))

    def ahead(self) -> None:
        """Composed once the board is drawn, for the first ``?``."""
        if self._screen.is_attached:
            help_ahead(self._screen.app, self.markdown)

    def show(self) -> None:
        show_help(self._screen.app, self.markdown, self.title)
