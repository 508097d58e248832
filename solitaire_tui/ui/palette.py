"""Textual's command palette (``ctrl+p``: Theme, Card back; and the lists they open),
with PageUp and PageDown made safe to press at once (``widgets.pages``): Textual's own
pass the key to the palette's list, which ends the app when pressed as the first
results arrive. ``PaletteApp`` opens this palette wherever Textual's app opens its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import App
from textual.binding import Binding
from textual.command import CommandList, CommandListItem, CommandPalette, SimpleProvider
from textual.theme import ThemeProvider
from textual.widget import AwaitMount

from solitaire_tui.widgets.pages import page


class Palette(CommandPalette):
    BINDINGS = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def action_page(self, direction: int) -> None:
        commands = self.query_one(CommandList)
        commands.call_after_refresh(page, commands, direction)


class PaletteApp(App[None]):
    """An app whose command palettes (``ctrl+p``, and the lists its commands open) are
    ``Palette``s: Textual's three ways of opening one, each as Textual opens it."""

    def action_command_palette(self) -> None:
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(Palette(id="--command-palette"))

    def search_commands(self, commands: Sequence[CommandListItem],
                        placeholder: str = "Search for commands…") -> AwaitMount:
        # A provider instance where Textual's types say a class, as Textual passes it.
        provider = SimpleProvider(self.screen, list(commands))
        return self.push_screen(Palette(providers=[provider],  # type: ignore[list-item]
                                        placeholder=placeholder))

    def search_themes(self) -> None:
        self.push_screen(Palette(providers=[ThemeProvider], placeholder="Search for themes…"))
