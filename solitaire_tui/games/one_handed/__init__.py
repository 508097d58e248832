"""One-Handed Solitaire: the game's home in the app."""
