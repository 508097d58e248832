"""One home per game: each subpackage holds everything the app knows about one game
(``game.py`` is its ``Game``); ``registry`` lists them, ``game`` is the interface."""
