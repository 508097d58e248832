"""Add/Residue (Leroy Quet, 2010): a number game for 2..6 players, no cards.

Each player holds an add pile and a mod pile, each of the numbers 1..n. A shared
value m starts at 0. On a turn the player spends one number c from one of its
own piles: from the add pile m becomes m + c; from the mod pile m becomes m mod c
and the player scores the new m. Turns rotate until every pile is empty; the
highest score wins and equal top scores share the win.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.errors import IllegalMove, OptionsError
from rules.values import Whole

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MIN_N, MAX_N = 1, 20
PLAYERS, N = Whole("players", MIN_PLAYERS, MAX_PLAYERS), Whole("n", MIN_N, MAX_N)  # as typed


class Pile(enum.Enum):
    ADD = "add"
    MOD = "mod"


@dataclass(frozen=True, order=True)
class Move:
    pile: Pile
    number: int

    def __str__(self) -> str:
        return f"{self.pile.value} {self.number}"


@dataclass(frozen=True)
class Options:
    players: int = 2
    n: int = 13

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise OptionsError(
                f"Add/Residue takes {MIN_PLAYERS}..{MAX_PLAYERS} players, not {self.players}"
            )
        if not MIN_N <= self.n <= MAX_N:
            raise OptionsError(f"n must be {MIN_N}..{MAX_N}, not {self.n}")


@dataclass(frozen=True)
class State:
    options: Options
    add: tuple[frozenset[int], ...]  # per player, the numbers left in its add pile
    mod: tuple[frozenset[int], ...]  # per player, the numbers left in its mod pile
    scores: tuple[int, ...]
    m: int = 0
    turn: int = 0  # moves made so far; the player to move is turn % players

    @property
    def to_move(self) -> int:
        return self.turn % self.options.players

    def pile(self, player: int, pile: Pile) -> frozenset[int]:
        return (self.add if pile is Pile.ADD else self.mod)[player]


@dataclass(frozen=True)
class Result:
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # every player with the top score, by seat

    def ranking(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """(score, players) from the best score down; a tie shares a place."""
        return tuple(
            (score, tuple(p for p, s in enumerate(self.scores) if s == score))
            for score in sorted(set(self.scores), reverse=True)
        )


def new_game(options: Options) -> State:
    full = frozenset(range(1, options.n + 1))
    return State(
        options,
        add=(full,) * options.players,
        mod=(full,) * options.players,
        scores=(0,) * options.players,
    )


# Every move there can be, made once: moves are immutable values, so each turn's list
# shares them rather than building its own (a third of a game's time otherwise).
_MOVES = {pile: {n: Move(pile, n) for n in range(MIN_N, MAX_N + 1)} for pile in Pile}


def legal_moves(state: State) -> tuple[Move, ...]:
    """The mover's moves, add pile then mod pile, each ascending: a fixed order the
    seeded players rely on."""
    player = state.to_move
    return (*map(_MOVES[Pile.ADD].__getitem__, sorted(state.add[player])),
            *map(_MOVES[Pile.MOD].__getitem__, sorted(state.mod[player])))


def moves_left(state: State) -> int:
    """Moves still to come: every number of every pile is played once."""
    return 2 * state.options.n * state.options.players - state.turn


def is_over(state: State) -> bool:
    return moves_left(state) == 0


def value_after(m: int, move: Move) -> int:
    return m + move.number if move.pile is Pile.ADD else m % move.number


def apply(state: State, move: Move) -> State:
    if is_over(state):
        raise IllegalMove("the game is over: every pile is empty")
    player = state.to_move
    if move.number not in state.pile(player, move.pile):
        raise IllegalMove(
            f"player {player + 1} has no {move.number} left in its {move.pile.value} pile"
        )
    m = value_after(state.m, move)
    piles = list(state.add if move.pile is Pile.ADD else state.mod)
    piles[player] = piles[player] - {move.number}
    scores = list(state.scores)
    if move.pile is Pile.MOD:
        scores[player] += m
    return State(
        state.options,
        add=tuple(piles) if move.pile is Pile.ADD else state.add,
        mod=tuple(piles) if move.pile is Pile.MOD else state.mod,
        scores=tuple(scores),
        m=m,
        turn=state.turn + 1,
    )


def result(state: State) -> Result:
    if not is_over(state):
        raise IllegalMove("the game is not over yet")
    best = max(state.scores)
    return Result(
        scores=state.scores,
        winners=tuple(p for p, score in enumerate(state.scores) if score == best),
    )
