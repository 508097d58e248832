"""The Calculation family's solver, for every shipped description: its winning lines
win by the plain rules, its "lost" is what an exhaustive search in plain Python says,
a run's kernel answers as a single search does, and a stop is heard."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.calculation import game as calc
from rules.cards import deal_cards
from rules.fast import calculation_solver as solver
from rules.players.calculation import GreedyPlayer, peek
from rules.roster import FAMILY_SOLVER_NODES, Solution
from tests.support.pure.calculation import shipped

GAMES = ("sequence", "calculation", "hopscotch", "betsy_ross")
NODES = 200_000  # small: most deals are decided in a few thousand positions
GREEDY = GreedyPlayer()
ENDGAME = 5  # cards left in stock and waste, at most, for the plain exhaustive search


def replayed(state: calc.State, moves: tuple[calc.Move, ...]) -> calc.State:
    for move in moves:
        state = calc.apply(state, move)
    return state


def winnable(state: calc.State) -> bool:
    """Whether any line wins from ``state``: every move tried, by the plain rules."""

    @cache
    def wins(at: calc.State) -> bool:
        if calc.is_won(at):
            return True
        return any(wins(calc.apply(at, move)) for move in calc.legal_moves(at))

    return wins(state)


def endgame(start: calc.State, moves: Callable[[calc.State], calc.Move]) -> calc.State:
    """The position ``moves`` reach from ``start`` once at most ENDGAME cards are left
    to turn (the hand or waste included)."""
    state = start
    while len(state.stock) + len(state.waste) > ENDGAME and not calc.is_over(state):
        state = calc.apply(state, moves(state))
    return state


@cache
def searched(stem: str, deal: int) -> tuple[calc.State, Solution[calc.Move]]:
    """Deal ``deal`` of ``stem`` from its start and the solver's answer within NODES,
    kept: the two tests below search the same first deals from their starts."""
    start = calc.new_game(shipped(stem), deal_cards(deal))
    return start, peek(NODES).solve(start)


@pytest.mark.parametrize("stem", GAMES)
@pytest.mark.slow
def test_every_winning_line_wins_by_the_rules(stem: str) -> None:
    won = 0
    for deal in range(20):
        start, solution = searched(stem, deal)
        assert solution.verdict in ("won", "unknown")  # these deals: none proved lost
        if solution.verdict == "won":
            won += 1
            assert calc.is_won(replayed(start, solution.moves))
    assert won >= 15  # the search is worth its name: most deals are won within NODES


@pytest.mark.slow
@pytest.mark.parametrize("stem", GAMES)
def test_lost_and_won_are_what_every_line_tried_says(stem: str) -> None:
    """Endgames the greedy player reached, and those on the solver's own winning line
    (which it must not find lost from there), decided by the solver and by trying
    every line in plain Python: the same verdict each time, losses among them."""
    verdicts = []
    for deal in range(15):
        start, found = searched(stem, deal)
        states = {endgame(start, GREEDY.choose)}
        if found.verdict == "won":
            line = iter(found.moves)
            states.add(endgame(start, lambda _, moves=line: next(moves)))
        for state in states:
            solution = peek(FAMILY_SOLVER_NODES).solve(state)
            assert solution.verdict != "unknown"
            assert (solution.verdict == "won") == winnable(state), deal
            verdicts.append(solution.verdict)
    assert {"won", "lost"} <= set(verdicts)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(deal=st.integers(0, 2**64 - 1), moves=st.integers(0, 40),
       order=st.permutations(range(4)))
def test_storage_piles_in_any_order_have_one_verdict(deal: int, moves: int,
                                                     order: list[int]) -> None:
    """The key holds the storage piles as a set: a position and the same piles in
    another order are both won or both lost, and every line found wins."""
    state = calc.new_game(shipped("calculation"), deal_cards(deal))
    for _ in range(moves):
        if calc.is_over(state):
            break
        state = calc.apply(state, GREEDY.choose(state))
    swapped = calc.State(state.options, state.finals,
                         tuple(state.storage[pile] for pile in order), state.waste,
                         state.stock, state.passes, state.moves)
    answers = [peek(NODES).solve(at) for at in (state, swapped)]
    for at, answer in zip((state, swapped), answers, strict=True):
        if answer.verdict == "won":
            assert calc.is_won(replayed(at, answer.moves))
    decided = {answer.verdict for answer in answers} - {"unknown"}
    assert len(decided) <= 1


@pytest.mark.slow
@pytest.mark.parametrize("stem", GAMES)
def test_a_runs_kernel_answers_as_one_search_does(stem: str) -> None:
    """Deal by deal, lanes and all: the verdict, the positions searched and the
    winning line's length."""
    rows = solver.deal_results(shipped(stem), 500, 12, NODES)
    assert len(rows) >= 12
    for deal, row in zip(range(500, 512), rows[:12], strict=True):
        solution = peek(NODES).solve(calc.new_game(shipped(stem), deal_cards(deal)))
        won, _, moves, unknown, nodes, lost = row
        assert (won, unknown, lost) == tuple(solution.verdict == verdict
                                             for verdict in ("won", "unknown", "lost"))
        assert nodes == solution.nodes
        assert moves == (len(solution.moves) if solution.verdict == "won" else 0)


def test_a_search_hears_its_stop_and_says_it_stopped() -> None:
    start = calc.new_game(shipped("sequence"), deal_cards(3))
    answer = peek(10**12).solve(start, stop=lambda: True)
    assert answer.stopped or answer.verdict == "won"  # a quick win may beat the stop
    if answer.stopped:
        assert answer.verdict == "unknown" and answer.moves == ()


def test_a_peek_played_on_from_an_undecided_position_does_not_search_again() -> None:
    """Auto play on from a position the solver left undecided: the next positions are
    known undecided (not searched: no positions counted) without a search; from a lost
    one, lost; a new game forgets them."""
    peek_ = peek(max_nodes=20)
    state = calc.new_game(shipped("calculation"), deal_cards(8))
    first = peek_.solve(state)
    assert first.verdict == "unknown" and first.nodes == 20
    move = GREEDY.choose(state)
    peek_.follows(state, move)
    after = peek_.known(calc.apply(state, move))
    assert after is not None and (after.verdict, after.nodes, after.moves) == ("unknown", 0, ())
    peek_.forget()
    assert peek_.known(calc.apply(state, move)) is None
