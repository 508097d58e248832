"""Pure game logic for solitaire-tui: no Textual, no Rich, no I/O.

Each game module has the same shape: ``Options``, an immutable ``State``,
``new_game(options, deck)``, ``legal_moves(state)``, ``apply(state, move)``,
``is_over(state)`` and ``result(state)``.
"""
