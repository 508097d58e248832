"""The app's screens: the menu, one per game, and the dialogs they open."""
