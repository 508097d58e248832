"""The app's own screens, which span the games: the menu, the statistics panel and
the history of runs. Each game's screens are in its home (``games``)."""
