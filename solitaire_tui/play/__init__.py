"""A game at the table, without a screen: what is played and what it counts for.

The game screens draw what is here and send it the player's keys; everything they
decide beyond drawing is decided here, in plain code that the tests reach without a
running app (``tests/play/``). Nothing in this package imports Textual.
"""
