"""The players of every game of the Calculation family (``rules.calculation``): the
greedy player, the baseline; the fair player, which weighs each move by the greedy
player's games after it over orders of the cards it has not seen; and the solver,
which knows the order of the stock (a peek); and the review of a game, on the fair
player's own rollouts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules import review as rules_review
from rules.calculation import game
from rules.calculation.game import TURN, Move, State, ToFinal, ToStorage
from rules.players.base import Player, RandomPlayer
from rules.players.solver import Peek, SolverPlayer
from rules.review import Decision
from rules.roster import FAMILY, FAMILY_SAMPLES, FAMILY_SOLVER_NODES, GREEDY, Solution, check_name


class GreedyPlayer:
    """Plays to a foundation whenever it can, storage tops before the hand card (in
    the rules' order of legal moves); otherwise puts the hand card on the lowest
    storage pile, the leftmost of equals, or, with none, turns the stock. On the
    described Sequence Solitaire it is ``rules.players.sequence.GreedyPlayer``."""

    def choose(self, state: State) -> Move:
        moves = game.legal_moves(state)
        for move in moves:
            if isinstance(move, ToFinal):
                return move
        if state.hand is not None and state.storage:
            heights = [len(pile) for pile in state.storage]
            return ToStorage(heights.index(min(heights)))
        return TURN


class QuickPlayer:
    """The greedy player, but a turned card that fits no foundation goes where
    Sequence's rule of thumb does least harm (``rules.fast.calculation_thumb``): at
    once, as a run's quick player plays, move for move (compiled)."""

    def choose(self, state: State) -> Move:
        from rules.fast import calculation as fast  # numba: only once it is asked for

        source, target = fast.quick_move(state)
        if source == fast.TURN:
            return TURN
        if target >= fast.TO_STORAGE:
            return ToStorage(target - fast.TO_STORAGE)
        return ToFinal(None if source == fast.HAND else source, target)


class FairPlayer:
    """Each legal move played, then the game finished by the greedy player over
    ``samples`` orders of the cards still to be turned for the first time (the same
    orders for every move, drawn from ``seed`` and the move's number): the move with
    the most wins, then the most cards on the foundations. It sees what a person sees:
    the order of the stock only once it has been turned. Compiled
    (``rules.fast.calculation``), as a run's fair player plays it, move for move."""

    def __init__(self, seed: int, samples: int = FAMILY_SAMPLES) -> None:
        self.seed, self.samples = seed, samples

    def choose(self, state: State) -> Move:
        from rules.fast.calculation import fair_move  # numba: only once it is asked for

        return game.legal_moves(state)[fair_move(state, self.samples, self.seed)]


def solve(state: State, **budget: Any) -> Solution[Move]:
    """The compiled solver's answer for ``state`` (``max_nodes``, ``max_seconds``,
    ``stop`` and ``progress`` as it takes them), loaded on the first call."""
    from rules.fast.calculation_solver import solve as search  # numba: only once it is asked for

    return search(state, **budget)


def peek(max_nodes: int = FAMILY_SOLVER_NODES) -> Peek[State, Move]:
    """The family's solver, which knows the stock's order, asked about one game's
    positions as they come (``rules.fast.calculation_solver``)."""
    return Peek(solve, game.apply, max_nodes)


def player(name: str, seed: int, game_name: str) -> Player[State, Move]:
    """The player ``name`` stands for in the game ``game_name``; ``seed`` drives the
    random and the fair one (a batch game's deal number), as the family's kernel
    plays them."""
    level = FAMILY.index(check_name(name, FAMILY, game_name))
    if level == GREEDY:
        return GreedyPlayer()
    if level == FAMILY.index("random"):
        return RandomPlayer(game.legal_moves, seed)
    if level == FAMILY.index("quick"):
        return QuickPlayer()
    if level == FAMILY.index("solver"):
        return SolverPlayer(peek(), GreedyPlayer(), lambda state: state.moves)
    return FairPlayer(seed)


def chance_words(passes: int) -> str:
    """What a review's chance is, in the game's words (``rules.review``): a game of
    one pass through the stock has no pass whose order is seen."""
    seen = " (from the second pass on, the one order seen)" if passes > 1 else ""
    return ("how often the fair player's own rollouts win after the move: the greedy"
            f" player's games over the {FAMILY_SAMPLES} orders of the unseen cards its hint"
            f" weighs{seen}")


def review(start: State, played: Sequence[Move], deal: int,
           stop: Callable[[], bool] = lambda: False,
           progress: Callable[[int, int], None] = lambda done, of: None
           ) -> list[Decision[State, Move]]:
    """Every decision of the game played from ``start`` (``rules.review``), each move
    weighed on the very rollouts the fair player's hint weighs there (seeded with the
    deal, ``deal``, and the position's move count), so that the review's best move is
    the hint's, or as good on the same orders."""
    from rules.fast.calculation import fair_wins  # numba: only once it is asked for

    def weigh(state: State, moves: Sequence[Move], _: int) -> list[list[float]]:
        won = fair_wins(state, FAMILY_SAMPLES, deal)
        assert len(won) == len(moves)  # a row a legal move, in the rules' order
        return won.astype(float).tolist()  # type: ignore[no-any-return]

    return rules_review.review(game, start, played, weigh, deal, stop, progress)
