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

A page that covers its screen whole (an opaque one: the rules page, the panel) leaves
the footer as it is: nothing of the screen shows under it, and hiding the keys there
laid the hidden screen out again as the page opened and again as it closed, most of
what the rules page's ``?`` and ``esc`` cost.

Its keys are composed with the screen, not once the screen first publishes its
bindings, as Textual's are: that composed the footer again and laid a new game screen
out again in its first frames, where a person's first key waited for it.

It is drawn again only when the keys it shows change. Textual's footer recomposes
on every ``refresh_bindings``, and a game screen refreshes its bindings after each
move: under fast auto play that rebuilt the footer's dozen widgets after every
move and was most of the cost of a move. And where they change, the keys still
shown stay as they are (``_changed_in_place``): a key enabled or dimmed is restyled
only; a key gone is hidden and one back shown, a new one mounted in its place.
Composed again, every key was mounted and restyled, some 15 ms of the key that made
a move before anything else was drawn. Only keys in a new order, or keys wider than
the cells, are composed again. A key shown or hidden moves the keys after it and
lays the whole screen out again (some 15 ms at 100×32), so the keys that come and go
with the moves (undo, redo, a move with no card to move) are dimmed instead
(``play.mode.usable_or_dimmed``); keys still come and go with a mode or a question.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from solitaire_tui.textual_private import (
    FooterKey,
    enable_footer_key,
    footer_key_enabled,
    footer_ready,
)

CELL = 13
# What the footer shows of a key: its name, action, words as shown and description,
# whether it can be used, and its tooltip.
Keys = tuple[tuple[str, str, str, str, bool, str], ...]


class KeyFooter(Footer):
    DEFAULT_CSS = """
    KeyFooter { layout: grid; grid-columns: 1fr; height: auto; }
    KeyFooter.-compact FooterKey { margin-right: 0; }  /* the grid spaces the keys */
    """

    _shown: Keys | None = None  # the keys last shown, as ``_keys`` describes them
    _cell = CELL  # the width of a key's cell for the keys last composed

    def compose(self) -> ComposeResult:
        # The screen's keys are known as it is composed: shown at once, rather than
        # once its bindings are first published (Textual's way), which composed the
        # footer again and laid the new screen out again in its first frames.
        footer_ready(self)
        self._shown = self._keys()
        self._cell = _cell(self._shown or ())
        yield from super().compose()
        self._set_columns(self.size.width or self.app.size.width)

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return  # removed since the recompose was asked for: no screen to ask
        keys = self._keys()
        if keys == self._shown:
            return
        changed_in_place = keys is not None and await self._changed_in_place(keys)
        self._shown = keys
        if not changed_in_place:
            self._cell = _cell(keys or ())
            await super().recompose()

    async def _changed_in_place(self, keys: Keys) -> bool:
        """Whether ``keys`` are shown by the keys already there, hidden, shown again,
        enabled or not and a new one mounted between them; if not, the footer is
        composed again."""
        if self._shown is None or _cell(keys) != self._cell:
            return False
        palette = None
        there: dict[tuple[str, str, str, str], FooterKey] = {}
        for widget in self.children:
            if not isinstance(widget, FooterKey) or widget.has_class("-grouped"):
                return False  # a group's keys and label are laid out by Textual
            if widget.has_class("-command-palette"):
                palette = widget  # the app's key, the same on every screen, last
            else:
                there[widget.key, widget.action, widget.key_display, widget.description] = widget
        wanted: dict[tuple[str, str, str, str], tuple[bool, str]] = {}
        for key, action, shown, words, enabled, tooltip in keys:
            if all(action != known[1] for known in wanted):  # the first key an action
                wanted[key, action, shown, words] = (enabled, tooltip)
        if [known for known in there if known in wanted] != [
                known for known in wanted if known in there]:
            return False  # in another order (keys of another focused widget)
        new: dict[FooterKey | None, list[FooterKey]] = {}  # by the key they go before
        for index, known in enumerate(wanted):
            if known not in there:
                key, action, shown, words = known
                later = [there[after] for after in list(wanted)[index + 1:] if after in there]
                widget = FooterKey(key, shown, words, action)
                widget.compact = self.compact
                new.setdefault(later[0] if later else palette, []).append(widget)
        for before, widgets in new.items():  # keys side by side mounted at once: one layout
            await self.mount_all(widgets, before=before)
            there.update(((widget.key, widget.action, widget.key_display,
                           widget.description), widget) for widget in widgets)
        for known, widget in there.items():
            if widget.display != (known in wanted):  # set alike, it lays the screen out
                widget.display = known in wanted
            if known in wanted:  # each only where it changed: a class set is checked
                enabled, tooltip = wanted[known]
                if footer_key_enabled(widget) != enabled:
                    enable_footer_key(widget, enabled)
                if widget.tooltip != (tooltip or None):
                    widget.tooltip = tooltip or None
        return True

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
        # A dialog hides the keys of the screens under it, not those of a page kept off
        # the stack (the rules page), which was laid out again as it next opened: a
        # third of what ``?`` cost after a dialog. ``display`` is set only where it
        # changes: set alike the first time, it lays the screen out too.
        mine = self.screen
        if screen is mine or (screen.styles.background.a < 1 and mine in self.app.screen_stack):
            shown = screen is mine
            if self.display != shown:
                self.display = shown

    def on_resize(self, event: events.Resize) -> None:
        self._set_columns(event.size.width)

    def _set_columns(self, width: int) -> None:
        self.styles.grid_size_columns = max(1, width // self._cell)


def _cell(keys: Keys) -> int:
    """The width of a key's cell: ``CELL``, or the widest key with a blank each side."""
    return max([CELL, *(len(shown) + len(words) + 2 for _, _, shown, words, *_ in keys)])
