"""Sequence Solitaire: the game's home in the app."""
