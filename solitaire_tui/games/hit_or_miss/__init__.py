"""Hit or Miss (Roll-Call) and its zero-strike search: the game's home in the app."""
