"""What every player has in common, and the uniformly random player that serves
every game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from rules.cards import below

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)


class Player(Protocol[S_contra, M_co]):
    def choose(self, state: S_contra) -> M_co: ...


class RandomPlayer(Generic[S, M]):
    """Picks uniformly among the legal moves, in the rules' own order of them."""

    def __init__(self, legal_moves: Callable[[S], Sequence[M]], seed: int) -> None:
        self._legal_moves = legal_moves
        self._rng = seed

    def choose(self, state: S) -> M:
        moves = self._legal_moves(state)
        self._rng, index = below(self._rng, len(moves))
        return moves[index]
