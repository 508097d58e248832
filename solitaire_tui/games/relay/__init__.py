"""The Hit or Miss relay (POJ 2035): the game's home in the app."""
