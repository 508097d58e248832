"""The console the command line prints its tables on."""

from __future__ import annotations

from rich.console import Console

PIPED_WIDTH = 150  # columns of a table printed to a file or a pipe


def table_console() -> Console:
    """Standard output as Rich prints to it: at the terminal's width, or, piped, at a
    width a file can take (Rich assumes 80 columns there, which cuts the figures of a
    table of several players)."""
    screen = Console()
    return screen if screen.is_terminal else Console(width=PIPED_WIDTH)
