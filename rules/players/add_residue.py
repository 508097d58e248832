"""Players for Add/Residue."""

from __future__ import annotations

from collections.abc import Sequence

from rules import add_residue
from rules.add_residue import Move, Options, Pile, State
from rules.players import Player, RandomPlayer
from rules.roster import ADD_RESIDUE, ITERATIONS, check_name, check_solvable


class GreedyPlayer:
    """Takes the most points this turn; among equal moves, leaves the smallest m so
    the next player has the least to score, then keeps the rules' order.

    One move deep: a baseline for stronger players to beat.
    """

    def choose(self, state: State) -> Move:
        def key(move: Move) -> tuple[int, int]:
            m = add_residue.value_after(state.m, move)
            gain = m if move.pile is Pile.MOD else 0
            return (-gain, m)

        return min(add_residue.legal_moves(state), key=key)


class StrongPlayer:
    """Monte-Carlo tree search over ITERATIONS seeded playouts a move
    (``rules.fast.add_residue_search.strong_code``): plans for any table, where the
    exact search cannot reach. Compiled, and loaded only when first asked to move.
    """

    def __init__(self, seed: int, iterations: int = ITERATIONS) -> None:
        self._rng = seed
        self._iterations = iterations

    def choose(self, state: State) -> Move:
        from rules.fast.add_residue_search import strong_move

        move, self._rng = strong_move(state, self._rng, self._iterations)
        return move


class PerfectPlayer:
    """Plays the first optimal move in the rules' order, as
    ``rules.players.add_residue_search`` defines optimal: with 2 players it never
    ends below the game value, whatever the other does. Only for the sizes that
    search can solve, which it refuses up front; the table is built on first use.
    """

    def __init__(self, options: Options) -> None:
        check_solvable(options)

    def choose(self, state: State) -> Move:
        from rules.fast.add_residue_search import perfect_move

        return perfect_move(state)


class WeighingPlayer:
    """The hints' helper where the game is too large to solve: every legal move
    weighed by an even share of the strong player's search, the best share played
    (``rules.players.add_residue_review.best``), on the draws a review weighs the same
    decision of game ``seed`` with, so it plays the review's best move. It is the
    stronger of the two (``python -m rules.players.add_residue_measures
    --weighing-vs-strong GAMES``; docs/playing.md has the figures)."""

    NAME = "strong, weighing every move"

    def __init__(self, seed: int) -> None:
        self._seed = seed

    def choose(self, state: State) -> Move:
        from rules.players.add_residue_review import best

        return best(state, self._seed)


def player(name: str, seed: int, options: Options) -> Player[State, Move]:
    """The player a strategy name stands for at a table of ``options``; ``seed``
    drives the random and strong ones. Perfect refuses a table it cannot solve."""
    level = check_name(name, ADD_RESIDUE, "Add/Residue")
    if level == "greedy":
        return GreedyPlayer()
    if level == "strong":
        return StrongPlayer(seed)
    if level == "perfect":
        return PerfectPlayer(options)
    return RandomPlayer(add_residue.legal_moves, seed)


def seated(levels: Sequence[str | None], seed: int,
           options: Options) -> dict[int, Player[State, Move]]:
    """The computer players at a table of ``options``, by seat: seat s plays
    ``levels[s]`` with seed ``seed + s`` (None: a person's seat), as the kernels seed
    game ``seed``'s seats."""
    return {seat: player(level, seed + seat, options) for seat, level in enumerate(levels)
            if level is not None}
