"""The described games as the app knows them: runs that play what the plain rules
play, deal for deal, replays of a run's games, headless play, and their words."""

from __future__ import annotations

import json

import pytest

from rules.calculation import game as calc
from rules.cards import deal_cards
from rules.errors import OptionsError
from rules.play import final_state
from rules.players.calculation import FairPlayer, peek, review
from solitaire_tui.cli import main
from solitaire_tui.games.described import words
from solitaire_tui.games.described.game import DescribedGame
from solitaire_tui.games.registry import DESCRIBED
from tests.support.pure.calculation import pure

GAMES = pytest.mark.parametrize("game", DESCRIBED, ids=[game.key for game in DESCRIBED])


def stem(game: DescribedGame) -> str:
    return game.key.replace("-", "_")


@GAMES
@pytest.mark.slow
def test_a_run_plays_each_players_games_as_the_plain_rules_do(game: DescribedGame) -> None:
    setup = game.setup({"strategies": ["greedy", "random", "quick"]})
    rows = setup.make_kernel().results(1_000, 300)
    for deal, row in zip(range(1_000, 1_300), rows, strict=True):
        for player, columns in enumerate(("greedy", "random", "quick")):
            assert tuple(row[3 * player:3 * player + 3]) == pure(deal, (stem(game), columns))


@GAMES
def test_a_runs_game_replays_as_it_was_played(game: DescribedGame) -> None:
    setup = game.setup({"strategies": ["random", "greedy", "quick"]})
    for part, name in enumerate(("random", "greedy", "quick")):
        for deal in (3, 77):
            replay = game.replay(setup, part, deal)
            assert replay.deck is not None and replay.choose is not None
            end = final_state(calc, calc.new_game(game.description, replay.deck.cards),
                              replay.choose)
            assert (end.final_cards, end.moves) == pure(deal, (stem(game), name))[1:]


def test_a_run_refuses_a_player_named_twice_or_unknown() -> None:
    game = DESCRIBED[0]
    with pytest.raises(OptionsError, match="name each"):
        game.setup({"strategies": ["greedy", "greedy"]})
    with pytest.raises(OptionsError):
        game.setup({"strategies": ["expert"]})


@GAMES
def test_headless_play_ends_as_the_plain_rules_say(
        game: DescribedGame, capsys: pytest.CaptureFixture[str]) -> None:
    """By the greedy player, and by default the fair player, the screen's helper."""
    assert main(["play", game.key, "--headless", "--deal", "12", "--moves",
                 "--strategy", "greedy"]) == 0
    printed = capsys.readouterr().out.splitlines()
    won, final_cards, moves = pure(12, (stem(game), "greedy"))
    assert printed[0] == f"{game.title}, greedy player, deal 12"
    assert len(printed) == moves + 2
    assert printed[-1].startswith("Won" if won else "Lost")
    assert won or f"with {final_cards} of 52 cards" in printed[-1]
    assert main(["play", game.key, "--headless", "--deal", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    end = final_state(calc, calc.new_game(game.description, deal_cards(12)),
                      FairPlayer(12).choose)
    assert (data["options"], data["seed"]) == ({"strategy": "fair"}, 12)
    assert data["result"] == {"won": calc.is_won(end), "final_cards": end.final_cards,
                              "moves": end.moves}


def test_each_game_has_a_line_of_its_own_said_from_its_description() -> None:
    blurbs = {game.key: game.blurb for game in DESCRIBED}
    assert len(set(blurbs.values())) == len(blurbs)
    assert blurbs["hopscotch"].endswith("bases of one suit.")
    assert "a waste pile, 3 passes" in blurbs["betsy-ross"]
    assert "4 storage piles, 1 pass" in blurbs["calculation"]


def test_the_figures_say_the_pass_where_the_stock_is_turned_again() -> None:
    for game in DESCRIBED:
        state = calc.new_game(game.description, deal_cards(1))
        said = words.figures(state)
        dealt = sum(foundation.dealt for foundation in game.description.foundations)
        turned = 0 if game.description.waste else 1  # the first card is in hand at once
        assert said.startswith(f"final {dealt}/52 · stock {52 - dealt - turned}")
        assert ("pass 1 of 3" in said) == game.description.waste


def test_a_reviews_chance_speaks_of_a_second_pass_only_where_there_is_one() -> None:
    """Calculation turns its stock once: its review said "from the second pass on"."""
    for game in DESCRIBED:
        said = game.table().REVIEW_CHANCE
        assert ("second pass" in said) == (game.description.passes > 1), game.key


@GAMES
def test_solve_prints_a_line_the_rules_win_with_or_says_why_not(
        game: DescribedGame, capsys: pytest.CaptureFixture[str]) -> None:
    """``solve GAME``: the solver's line, move by move as ``play --moves`` writes them,
    replayed by the plain rules to a win; a bad budget is one sentence, exit 2."""
    start = calc.new_game(game.description, deal_cards(21))
    solution = peek().solve(start)
    assert main(["solve", game.key, "--deal", "21"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == f"{game.title}, deal 21, solved with every card known"
    if solution.verdict == "won":
        line = iter(solution.moves)
        assert calc.is_won(final_state(calc, start, lambda _: next(line)))
        assert len(printed) == len(solution.moves) + 2
        assert printed[-1].startswith(f"Won: this line wins ({len(solution.moves)} moves)")
    else:
        assert printed[-1].startswith(("Lost", "Give it a larger budget"))
    assert main(["solve", game.key, "--deal", "21", "--json", "--nodes", "50"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["game"], data["max_nodes"]) == (game.key, 50)
    assert data["verdict"] in ("unknown", "won") and data["nodes"] <= 50
    with pytest.raises(SystemExit) as exit_:
        main(["solve", game.key, "--deal", "21", "--nodes", "0"])
    assert exit_.value.code == 2


def test_a_solver_run_counts_the_undecided_and_the_lost_apart() -> None:
    """The run's kernel is the solver's, deal for deal, with its flags as readings."""
    game = DESCRIBED[0]
    kernel = game.setup({"strategies": ["solver"]}).make_kernel()
    rows = kernel.results(40, 6)
    (reading,) = kernel.readings
    assert reading.flags == {"unknown", "lost"}
    for deal, row in zip(range(40, 46), rows, strict=True):
        solution = peek().solve(calc.new_game(game.description, deal_cards(deal)))
        assert bool(reading.won(rows)[deal - 40]) == (solution.verdict == "won")
        assert bool(reading.scores(rows)["unknown"][deal - 40]) == (
            solution.verdict == "unknown")
        assert row[4] == solution.nodes


def test_play_review_lists_the_reviews_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    """``play --review``: the fair player's game, each decision weighed on its own
    rollouts, none of its moves costly."""
    game = DESCRIBED[1]
    assert main(["play", game.key, "--headless", "--deal", "4", "--review", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    start = calc.new_game(game.description, deal_cards(4))
    played: list[calc.Move] = []
    player = FairPlayer(4)
    state = start
    while not calc.is_over(state):
        played.append(player.choose(state))
        state = calc.apply(state, played[-1])
    decisions = review(start, played, 4)
    assert [entry["move"] for entry in data["review"]] == [d.number for d in decisions]
    assert not any(entry["costly"] for entry in data["review"])
