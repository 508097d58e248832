"""Players for Add/Residue."""

from __future__ import annotations

from collections.abc import Sequence

from rules import add_residue
from rules.add_residue import Move, Pile, State
from rules.strategies import BASIC, Player, RandomPlayer, check_name

NAMES = BASIC  # the players by name, as the command line and the kernels know them


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


def player(name: str, seed: int) -> Player[State, Move]:
    """The player a strategy name stands for; ``seed`` drives the random one."""
    if check_name(name, NAMES, "Add/Residue") == "greedy":
        return GreedyPlayer()
    return RandomPlayer(add_residue.legal_moves, seed)


def seated(levels: Sequence[str | None], seed: int) -> dict[int, Player[State, Move]]:
    """The computer players at a table, by seat: seat s plays ``levels[s]`` with seed
    ``seed + s`` (None: a person's seat), as the kernels seed game ``seed``'s seats."""
    return {seat: player(level, seed + seat) for seat, level in enumerate(levels)
            if level is not None}
