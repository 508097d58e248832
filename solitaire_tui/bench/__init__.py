"""Measuring the product, apart from it: ``solitaire-tui bench`` (each kernel against
the plain rules) and ``bench --engine`` (the warm-up, the calls a player waits for,
keys, searches, start-up, estimates, the judge, workers, players of one's own).

A game is measured through its optional ``bench`` module (``measures.of``), so the
``Game`` interface keeps only what playing needs and adding a game asks nothing of
the measuring. Nothing outside this package imports it but the command line, and
only when ``bench`` is asked for.
"""
