"""The Sequence Solitaire solver: its verdicts against a plain exhaustive search, its
winning lines against the rules, its batch against its single solves."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from rules import sequence as sq
from rules.cards import Card, deal_cards
from rules.fast import sequence_solver as solver
from rules.players.sequence_greedy import GreedyPlayer
from rules.players.sequence_solver import Peek, SolverPlayer
from tests.support.decks import ranks
from tests.support.sequence import PILE_ORDER, TooBig, endgame, replays_to_a_win, winnable

EXHAUSTIVE = 10**7  # nodes: more than any endgame here needs, so no verdict is unknown
# Positions the plain search below may remember before a drawn endgame is passed over:
# one drawn in six needs more (up to millions: a minute of Python), and tells no more.
PLAIN_POSITIONS = 30_000


def agrees_with_exhaustive(state: sq.State, drawn: bool = False) -> str:
    """The solver's verdict, which the plain search's is; an endgame ``drawn`` by
    hypothesis too big for the plain search is passed over."""
    solution = solver.solve(state, max_nodes=EXHAUSTIVE)
    try:
        truth = winnable(state, {}, PLAIN_POSITIONS if drawn else float("inf"))
    except TooBig:
        reject()
    assert solution.verdict == ("won" if truth else "lost")
    assert not truth or replays_to_a_win(state, solution.moves)
    return solution.verdict


@pytest.mark.slow
def test_the_solver_agrees_with_exhaustive_search_on_numbered_endgames() -> None:
    verdicts = [agrees_with_exhaustive(endgame(deal_cards(deal), deal, left))
                for deal in range(24) for left in (0, 2, 4)]
    assert "lost" in verdicts


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(tail=st.permutations(PILE_ORDER[-8:]), seed=st.integers(0, 2**64 - 1),
       left=st.integers(0, 5))
def test_the_solver_agrees_with_exhaustive_search_on_shuffled_tails(
        tail: list[Card], seed: int, left: int) -> None:
    """Decks in pile order but for a shuffled end: a mix of won and lost endgames. Up
    to five cards left, as on random decks: of these endgames with six left, six in
    seven were past PLAIN_POSITIONS and passed over, each after its 30,000 positions
    (half the test's time, for an example checked about one run in five)."""
    agrees_with_exhaustive(endgame(PILE_ORDER[:-8] + tuple(tail), seed, left), drawn=True)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(deck=st.permutations(PILE_ORDER), seed=st.integers(0, 2**64 - 1),
       left=st.integers(0, 5))
def test_the_solver_agrees_with_exhaustive_search_on_random_decks(
        deck: list[Card], seed: int, left: int) -> None:
    agrees_with_exhaustive(endgame(tuple(deck), seed, left), drawn=True)


def test_shuffled_tails_give_both_verdicts() -> None:
    """The shuffled-tail endgames above are not all one verdict, so both are tested."""
    verdicts = {solver.solve(endgame(PILE_ORDER[:-9] + PILE_ORDER[-9:][::step], seed, 4),
                             max_nodes=EXHAUSTIVE).verdict
                for step in (1, -1) for seed in range(5)}
    assert verdicts == {"won", "lost"}


def test_a_tiny_budget_leaves_a_deal_unknown_never_lost() -> None:
    for deal in range(20):
        solution = solver.solve(sq.new_game(sq.Options(), deal_cards(deal)), max_nodes=50)
        assert (solution.verdict, solution.moves) == ("unknown", ())
        assert solution.nodes == 50


def test_the_table_finds_every_lost_position_as_its_part_in_use_grows() -> None:
    """Marked lost positions move as the table's front in use doubles: each is still
    found, in the slot its log says, and a position never marked is not."""
    size = 1 << 16
    table, log = np.zeros(size, np.uint64), np.empty(size // 2, np.int64)
    keys = np.random.default_rng(17).integers(1, 2**63, 5 * solver.SMALLEST_TABLE,
                                              dtype=np.uint64) | np.uint64(1)
    filled = 0
    for key in keys:
        filled = solver._mark_lost(table, log, filled, key)
    assert solver._in_use(table, filled) > 4 * solver.SMALLEST_TABLE
    assert filled == len(set(keys.tolist()))
    assert sorted(table[log[:filled]].tolist()) == sorted(set(keys.tolist()))
    assert all(solver._known_lost(table, filled, key) for key in keys)
    assert not solver._known_lost(table, filled, np.uint64(2**63 + 5))


def test_the_batch_agrees_with_single_solves() -> None:
    budget, count = 5_000, 200
    rows = solver.deal_results(0, count, budget)
    assert rows.shape == (count, len(solver.FIELDS))
    for deal in range(count):
        state = sq.new_game(sq.Options(), deal_cards(deal))
        solution = solver.solve(state, max_nodes=budget)
        won, final_cards, moves, unknown, nodes, lost = (int(v) for v in rows[deal])
        assert lost == (solution.verdict == "lost")
        assert (won, unknown, nodes, moves) == (solution.verdict == "won",
                                                solution.verdict == "unknown",
                                                solution.nodes, len(solution.moves))
        assert final_cards == 52 if won else 0 <= final_cards < 52
        assert not won or replays_to_a_win(state, solution.moves)
    assert rows[:, 0].any() and rows[:, 3].any()  # both kinds of deals are compared


def test_a_time_limit_gives_up_as_unknown_and_says_it_was_stopped() -> None:
    """Deal 2264 takes the solver far longer than the limit (more than its default budget)."""
    solution = solver.solve(sq.new_game(sq.Options(), deal_cards(2264)), max_nodes=10**9,
                            max_seconds=0.01)
    assert solution.verdict == "unknown" and solution.stopped
    assert solution.nodes < 10**9


def test_a_budget_that_runs_out_is_not_a_stop() -> None:
    solution = solver.solve(sq.new_game(sq.Options(), deal_cards(2264)), max_nodes=5_000)
    assert solution.verdict == "unknown" and not solution.stopped
    assert solution.nodes == 5_000


@pytest.mark.parametrize("deal", [0, 2, 18, 71])
@pytest.mark.slow
def test_the_verdict_depends_on_the_budget_alone(deal: int) -> None:
    """A clock that does not run out, a watcher and progress reports change nothing:
    the same verdict, line and node count as the search without them."""
    state = sq.new_game(sq.Options(), deal_cards(deal))
    plain = solver.solve(state, max_nodes=700_000)
    heard: list[int] = []
    watched = solver.solve(state, max_nodes=700_000, max_seconds=3600,
                           stop=lambda: False, progress=heard.append)
    assert (watched.verdict, watched.moves, watched.nodes, watched.stopped) == (
        plain.verdict, plain.moves, plain.nodes, False)
    assert heard == sorted(heard) and all(n <= plain.nodes for n in heard)


def test_stop_ends_a_search_and_progress_is_heard() -> None:
    heard: list[int] = []
    solution = solver.solve(sq.new_game(sq.Options(), deal_cards(2264)), max_nodes=10**9,
                            stop=lambda: any(heard), progress=heard.append)
    assert solution.verdict == "unknown" and solution.stopped
    assert heard == sorted(heard) and 0 < heard[-1] <= solution.nodes < 10**9


def test_a_peek_stopped_short_is_not_remembered() -> None:
    peek = Peek()
    state = sq.new_game(sq.Options(), deal_cards(2264))
    assert peek.solve(state, stop=lambda: True).stopped
    assert peek.known(state) is None


def test_the_deck_in_pile_order_wins_in_52_moves() -> None:
    state = sq.new_game(sq.Options(), PILE_ORDER)
    solution = solver.solve(state)
    assert solution.verdict == "won" and len(solution.moves) == 52
    assert replays_to_a_win(state, solution.moves)


@pytest.mark.parametrize(
    "deck",
    [
        PILE_ORDER[:-1],  # a king short
        PILE_ORDER[:12] + PILE_ORDER[13:] + ranks(12),  # a queen for the last king
        ranks(5, 6),
    ],
    ids=["short", "wrong-card", "two"],
)
def test_decks_that_cannot_be_won_are_lost(deck: tuple[Card, ...]) -> None:
    solution = solver.solve(sq.new_game(sq.Options(), deck))
    assert solution.verdict == "lost"


def test_a_short_endgame_is_searched_whole_and_its_loss_proved() -> None:
    """Deal 20 played by the greedy player to 13 cards left is lost, proved in about
    300,000 positions; searching for wins with the pilots and beams first spent the
    whole default budget on it and left it unknown."""
    state = sq.new_game(sq.Options(), deal_cards(20))
    greedy = GreedyPlayer()
    while len(state.deck) + (state.hand is not None) > solver.SEARCHED_WHOLE:
        state = sq.apply(state, greedy.choose(state))
    solution = solver.solve(state)
    assert solution.verdict == "lost" and solution.nodes < 1_000_000


def test_the_solver_player_follows_a_winning_line_and_falls_back_to_greedy() -> None:
    player = SolverPlayer()
    state = sq.new_game(sq.Options(), PILE_ORDER)
    while not sq.is_over(state):
        state = sq.apply(state, player.choose(state))
    assert sq.is_won(state)
    lost = sq.new_game(sq.Options(), ranks(5, 6))
    assert player.choose(lost) == sq.ToStorage(0)  # greedy: the lowest storage pile


def test_the_solver_player_searches_once_a_game_it_cannot_win(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A lost deal is searched at its first move only: every position after it is lost
    too, so the greedy player plays it out. The same deal again is answered from
    memory; a new deal is searched, and a won one followed without searching again."""
    searched: list[int] = []
    solve = solver.solve

    def counted(state: sq.State, **options: object) -> object:
        searched.append(state.moves)
        return solve(state, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(solver, "solve", counted)
    player = SolverPlayer()
    greedy = GreedyPlayer()
    for _ in range(2):
        state = sq.new_game(sq.Options(), ranks(5, 6))
        while not sq.is_over(state):
            move = player.choose(state)
            assert move == greedy.choose(state)
            state = sq.apply(state, move)
        assert not sq.is_won(state) and state.moves > 1
    state = sq.new_game(sq.Options(), PILE_ORDER)
    while not sq.is_over(state):
        state = sq.apply(state, player.choose(state))
    assert sq.is_won(state)
    assert searched == [0, 0]


def test_a_mid_game_position_keeps_its_storage_piles() -> None:
    """The solver works from any position: here the storage piles already hold the
    cards the final piles wait for, in an order that can be unpicked."""
    start = sq.new_game(sq.Options(), ranks(4, 3, 2, 1) + PILE_ORDER[4:])
    state = start
    for pile in range(4):
        state = sq.apply(state, sq.ToStorage(pile))
    solution = solver.solve(state)
    assert solution.verdict == "won"
    assert replays_to_a_win(state, solution.moves)
    assert np.array_equal(solver.deal_results(0, 1, 10)[:, 3], [1])


def test_a_peek_knows_every_position_along_a_winning_line() -> None:
    """Once the solver has won a position, each position along its line is known won,
    with the rest of the line, and asking again searches nothing."""
    peek = Peek()
    for deal in range(20):
        state = sq.new_game(sq.Options(), deal_cards(deal))
        first = peek.solve(state)
        if first.verdict != "won":
            continue
        at = state
        for done, move in enumerate(first.moves):
            known = peek.known(at)
            assert known is not None and known.moves == first.moves[done:]
            assert peek.solve(at) is known
            at = sq.apply(at, move)
        assert sq.is_won(at)
        peek.forget()
        assert peek.known(state) is None
        return
    raise AssertionError("no deal of 0..19 was won by the solver")


def test_a_peek_knows_the_positions_after_a_lost_one_are_lost() -> None:
    """Every move from a lost position reaches a lost one: known without a search, so
    a lost game played on (by auto play) is not searched again at every move."""
    peek = Peek()
    for deal in range(24):
        state = endgame(deal_cards(deal), deal, 4)
        if peek.solve(state, progress=None).verdict != "lost" or sq.is_over(state):
            continue
        for move in sq.legal_moves(state):
            after = sq.apply(state, move)
            peek.follows(state, move)
            known = peek.known(after)
            assert known is not None and known.verdict == "lost"
            assert solver.solve(after, max_nodes=EXHAUSTIVE).verdict == "lost"
        return
    raise AssertionError("no endgame of deals 0..23 was lost")
