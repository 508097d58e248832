"""Add/Residue played perfectly: game values, optimal moves and the sizes solvable.

A position's future depends only on the piles and m (the scores so far only add on),
so perfect play is a search over piles and m with a transposition table.

Solution concepts:

- **2 players**: zero-sum. The mover maximises its own final score minus the
  other's (negamax); the game value is the first player's final score minus the
  second's.
- **3 players**: max-n. Each mover maximises its own final score and, among moves
  that give it the same, takes the first in the rules' order (add 1..n, then mod
  1..n). Scores then depend on that tie-break, which is part of the concept: the
  value is the vector of final scores it leads to.

``best_moves`` lists every move that achieves the mover's optimum; the ``scores``
follow the first of them at every turn (with 2 players any optimal line keeps the
margin, not always each score).

``solve`` uses the compiled search (``rules.fast.add_residue_search``) unless asked
for the pure-Python reference here, which is small-n only and exists to check it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rules import add_residue
from rules.add_residue import Move, Options, Pile, State
from rules.errors import OptionsError
from rules.roster import check_solvable

Piles = tuple[tuple[frozenset[int], frozenset[int]], ...]  # (add, mod) from the mover on


@dataclass(frozen=True)
class GameValue:
    """A position under perfect play: its value (2 players: first player's final
    score minus the second's; 3 players: every seat's final score), the final scores
    along the first optimal line, every optimal move for the mover, and the cost:
    positions searched and seconds. The compiled search keeps a table a size, so
    what an earlier call searched costs nothing again."""

    value: int | tuple[int, ...]
    scores: tuple[int, ...]
    best_moves: tuple[Move, ...]
    nodes: int
    seconds: float


def solve(options: Options, state: State | None = None, *, reference: bool = False) -> GameValue:
    """Perfect play from ``state`` (the start when None); ``reference`` uses the
    pure-Python search, for small n."""
    check_solvable(options)
    state = state or add_residue.new_game(options)
    if state.options != options:
        raise OptionsError(f"the position is a game of {state.options}, not {options}")
    started = time.perf_counter()
    if reference:
        worths, future, nodes = _reference_position(state)
    else:
        from rules.fast.add_residue_search import solve_position

        worths, future, nodes = solve_position(state)
    seconds = time.perf_counter() - started
    players = options.players
    mover = state.to_move
    scores = tuple(state.scores[seat] + future[(seat - mover) % players]
                   for seat in range(players))
    top = max(worths.values(), default=0)
    return GameValue(
        value=scores[0] - scores[1] if players == 2 else scores,
        scores=scores,
        best_moves=tuple(move for move, worth in worths.items() if worth == top),
        nodes=nodes,
        seconds=seconds,
    )


def worth(players: int, future: tuple[int, ...]) -> int:
    """What the mover maximises, from the future scores seen from it."""
    return future[0] - future[1] if players == 2 else future[0]


def _reference_position(state: State) -> tuple[dict[Move, int], tuple[int, ...], int]:
    """(worth of each legal move, future scores from the mover on, positions searched)."""
    players = state.options.players
    piles: Piles = tuple((state.add[(state.to_move + k) % players],
                          state.mod[(state.to_move + k) % players]) for k in range(players))
    memo: dict[tuple[Piles, int], tuple[int, ...]] = {}
    worths = {move: worth(players, _after(piles, state.m, move, memo))
              for move in add_residue.legal_moves(state)}
    return worths, _future(piles, state.m, memo), len(memo)


def _after(piles: Piles, m: int, move: Move,
           memo: dict[tuple[Piles, int], tuple[int, ...]]) -> tuple[int, ...]:
    """Future scores from the mover on, once it has made ``move``."""
    add, mod = piles[0]
    after = add_residue.value_after(m, move)
    if move.pile is Pile.ADD:
        mine, gain = (add - {move.number}, mod), 0
    else:
        mine, gain = (add, mod - {move.number}), after
    rest = _future((*piles[1:], mine), after, memo)  # from the next seat on
    return (gain + rest[-1], *rest[:-1])


def _future(piles: Piles, m: int,
            memo: dict[tuple[Piles, int], tuple[int, ...]]) -> tuple[int, ...]:
    """Future scores from the mover on under perfect play, plainly: every position
    by its full m, the first best move in the rules' order."""
    key = (piles, m)
    if key in memo:
        return memo[key]
    add, mod = piles[0]
    moves = [Move(Pile.ADD, c) for c in sorted(add)] + [Move(Pile.MOD, c) for c in sorted(mod)]
    best: tuple[int, ...] = (0,) * len(piles)
    for k, move in enumerate(moves):
        future = _after(piles, m, move, memo)
        if k == 0 or worth(len(piles), future) > worth(len(piles), best):
            best = future
    memo[key] = best
    return best
