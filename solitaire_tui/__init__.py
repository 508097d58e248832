"""solitaire-tui: five solitaire and number games in the terminal."""

__version__ = "0.1.0"
