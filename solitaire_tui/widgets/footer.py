"""Textual's footer, wrapped onto as many rows as the keys need.

A game has a dozen keys; on one row at 80 columns the footer cuts their names
short. Here each key gets a cell at least ``CELL`` wide, or as wide as the widest key
it shows (a drop-down's "esc Dismiss menu"), as many cells to a row as the width
allows, so every name is whole at 80 columns and wider screens use fewer rows.

A footer shows only while its screen is the one in front: under a dialog its keys
wait for the dialog to close. It gives its rows up there too (``display``, not
``visible``): a screen under a dialog is laid out the same whether or not its keys
had been drawn before the dialog opened (at a game's start they had not, through a
key they had, and the board stood two rows higher). A class on the screen under the
dialog would do it too, but restyles every widget of the screen each time.

It is drawn again only when the keys it shows change. Textual's footer recomposes
on every ``refresh_bindings``, and a game screen refreshes its bindings after each
move: under fast auto play that rebuilt the footer's dozen widgets after every
move and was most of the cost of a move.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

CELL = 13
# What the footer shows of a key: its name, action, words as shown and description,
# whether it can be used, and its tooltip.
Keys = tuple[tuple[str, str, str, str, bool, str], ...]


class KeyFooter(Footer):
    DEFAULT_CSS = """
    KeyFooter { layout: grid; grid-columns: 1fr; height: auto; }
    KeyFooter.-compact FooterKey { margin-right: 0; }  /* the grid spaces the keys */
    """

    _shown: Keys | None = None  # the keys last composed, as ``_keys`` describes them
    _cell = CELL  # the width of a key's cell for the keys last composed

    def compose(self) -> ComposeResult:
        yield from super().compose()
        self._set_columns(self.size.width or self.app.size.width)

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return  # removed since the recompose was asked for: no screen to ask
        keys = self._keys()
        if keys != self._shown:
            self._shown = keys
            self._cell = max([CELL, *(len(shown) + len(words) + 2  # a blank each side
                                      for _, _, shown, words, *_ in keys or ())])
            await super().recompose()

    def _keys(self) -> Keys | None:
        """What the footer shows of the screen's keys now (``Keys``)."""
        if not self._bindings_ready:
            return None
        return tuple((key, binding.action, self.app.get_key_display(binding),
                      binding.description, enabled, tooltip)
                     for key, (_, binding, enabled, tooltip)
                     in self.screen.active_bindings.items() if binding.show)

    def on_mount(self) -> None:
        self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def on_unmount(self) -> None:
        self.app.screen_change_signal.unsubscribe(self)

    def _screen_changed(self, screen: Screen[object]) -> None:
        self.display = screen is self.screen

    def on_resize(self, event: events.Resize) -> None:
        self._set_columns(event.size.width)

    def _set_columns(self, width: int) -> None:
        self.styles.grid_size_columns = max(1, width // self._cell)
