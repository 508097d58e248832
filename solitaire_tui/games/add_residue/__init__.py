"""Add/Residue: the game's home in the app."""
