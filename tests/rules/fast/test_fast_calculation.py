"""The Calculation family's kernel agrees with ``rules.calculation`` on every field,
for every shipped description, by every player: one compile for them all. The quick
player's rule of thumb and the fair player's choice are checked against the same
written again in plain Python."""

from __future__ import annotations

import pytest

from rules.calculation import game as calc
from rules.cards import deal_cards, shuffle
from rules.fast import calculation as fast
from rules.fast import sequence as fast_sequence
from rules.play import final_state
from rules.players.calculation import FairPlayer, GreedyPlayer, QuickPlayer
from rules.roster import FAMILY_SAMPLES
from tests.support.pure.calculation import pure, shipped
from tests.support.replay import first_difference, pure_rows

GAMES = ("sequence", "calculation", "hopscotch", "betsy_ross")
STRATEGIES = ("greedy", "random", "quick")
# Two thousand deals a game and player (the plain rules take about 3 ms a game); a
# thousand of the quick player, whose plain rule of thumb takes some 8 ms a game.
DEALS = {"greedy": 2_000, "random": 2_000, "quick": 1_000}
FAIR_DEALS = 6  # the fair player: some 0.1 s a game, compiled; seconds a game, plain


@pytest.mark.slow
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("stem", GAMES)
def test_the_kernel_agrees_with_the_rules_on_numbered_deals(stem: str, strategy: str) -> None:
    kernel = fast.deal_results(shipped(stem), 0, DEALS[strategy], strategy)
    rows = pure_rows(pure, (stem, strategy), deals=DEALS[strategy])
    assert first_difference(fast.FIELDS, kernel, rows) is None


@pytest.mark.parametrize("strategy", ["greedy", "random"])
@pytest.mark.slow
def test_the_described_sequence_plays_as_the_suites_own_kernel(strategy: str) -> None:
    """Kernel against kernel, so many deals cost little: the described Sequence is the
    suite's Sequence Solitaire on a hundred thousand deals, around the top too."""
    for start in (0, 2**64 - 50_000):
        family = fast.deal_results(shipped("sequence"), start, 50_000, strategy)
        own = fast_sequence.deal_results(start, 50_000, strategy)
        assert first_difference(fast.FIELDS, family, [tuple(row) for row in own], start) is None


def test_a_description_is_data_to_the_kernel() -> None:
    """Every game and player runs in the one compiled batch: one version of it
    whatever the description (a new game adds no compile)."""
    for stem in GAMES:
        for strategy in STRATEGIES:
            fast.deal_results(shipped(stem), 0, 10, strategy)
    assert len(fast.share.signatures) == 1


def plain_fair_move(state: calc.State, samples: int, seed: int) -> int:
    """The fair player's choice as its docstring says it, in plain Python: each legal
    move, then the greedy player, over the same orders of the unseen stock for every
    move (none to draw from the second pass on); the most wins, then the most cards."""
    moves = calc.legal_moves(state)
    if len(moves) == 1:
        return 0
    best: tuple[int, int] = (-1, -1)
    chosen = 0
    for index, move in enumerate(moves):
        rng, wins, cards = (seed + state.moves) % 2**64, 0, 0
        for _ in range(samples if state.passes == 1 else 1):
            stock = list(state.stock)
            if state.passes == 1:
                rng = shuffle(stock, rng)
            start = calc.State(state.options, state.finals, state.storage, state.waste,
                               tuple(stock), state.passes, state.moves)
            end = final_state(calc, calc.apply(start, move), GreedyPlayer().choose)
            wins += calc.is_won(end)
            cards += end.final_cards
        if (wins, cards) > best:
            best, chosen = (wins, cards), index
    return chosen


@pytest.mark.parametrize("stem", GAMES[1:])
def test_the_fair_players_choice_is_its_rollouts_written_plainly(stem: str) -> None:
    """At positions along greedy games, with a few samples (the plain rollouts are
    slow): the compiled choice is the plain one, the second pass's included."""
    for deal in range(6):
        state = calc.new_game(shipped(stem), deal_cards(deal))
        while not calc.is_over(state):
            if state.moves % 7 == 0 or (state.passes > 1 and state.moves % 3 == 0):
                assert fast.fair_move(state, 4, deal) == plain_fair_move(state, 4, deal), (
                    stem, deal, state.moves)
            state = calc.apply(state, GreedyPlayer().choose(state))


@pytest.mark.parametrize("stem", GAMES)
def test_the_quick_players_games_are_the_runs_games(stem: str) -> None:
    """The quick player a hint asks plays, move by move, the game a run's plays; on
    Betsy Ross, with no storage pile to choose, it is the greedy player."""
    rows = fast.deal_results(shipped(stem), 300, 100, "quick")
    for deal, row in zip(range(300, 400), rows, strict=True):
        end = final_state(calc, calc.new_game(shipped(stem), deal_cards(deal)),
                          QuickPlayer().choose)
        assert tuple(row) == (calc.is_won(end), end.final_cards, end.moves), (stem, deal)
    if stem == "betsy_ross":
        assert (rows == fast.deal_results(shipped(stem), 300, 100, "greedy")).all()


@pytest.mark.parametrize("stem", GAMES[1:])
@pytest.mark.slow
def test_the_fair_players_games_are_the_runs_games(stem: str) -> None:
    """The player a hint asks plays, move by move, the game a run's fair player plays."""
    rows = fast.deal_results(shipped(stem), 100, FAIR_DEALS, "fair")
    for deal, row in zip(range(100, 100 + FAIR_DEALS), rows, strict=True):
        end = final_state(calc, calc.new_game(shipped(stem), deal_cards(deal)),
                          FairPlayer(deal, FAMILY_SAMPLES).choose)
        assert tuple(row) == (calc.is_won(end), end.final_cards, end.moves), (stem, deal)


@pytest.mark.parametrize("stem", ["calculation", "betsy_ross"])
def test_the_review_never_calls_the_fair_players_own_move_costly(stem: str) -> None:
    """One judge: the review weighs each decision on the rollouts the fair player's
    hint weighs there, so following the hint is never marked costly, and the hint's
    move has the best chance of each decision."""
    from rules.players.calculation import review

    for deal in (2, 9):
        start = calc.new_game(shipped(stem), deal_cards(deal))
        player = FairPlayer(deal)
        played = []
        state = start
        while not calc.is_over(state):
            played.append(player.choose(state))
            state = calc.apply(state, played[-1])
        decisions = review(start, played, deal)
        assert decisions
        for decision in decisions:
            assert decision.cost == 0 and not decision.costly
            assert decision.chances[decision.played] == max(decision.chances.values())
