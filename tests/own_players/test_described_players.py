"""Players of one's own at the described games: the same file plays any of them, in
worker processes given the description as data, as the built-in players play on the
same deals; on the command line (``stats GAME --player``, ``play GAME --player``) as
at Sequence Solitaire; and at a game of one's own (``<data>/games/``) too."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from rules.calculation.description import parse
from rules.fast import calculation as fast
from rules.own_players import calculation as own_rules
from solitaire_tui.cli import main
from solitaire_tui.games.described.game import shipped
from solitaire_tui.games.family.own import replayed
from solitaire_tui.own_players import files, running
from solitaire_tui.own_players.playing import Fault, Loaded, play_deal, rules_module
from solitaire_tui.own_players.source import chooser, load_module
from solitaire_tui.store.database import DATA_DIR_VARIABLE
from tests.games.described.test_own import MINE, games
from tests.support.players import COMPARING, EXAMPLES, written

FIRST_FIT = EXAMPLES / "family_first_fit.py"
RULES = own_rules.__name__
GAMES = {description.key: description for description in shipped()}


@pytest.fixture(autouse=True)
def nothing_loaded() -> Iterator[None]:
    files.forget()
    yield
    files.forget()


@pytest.mark.parametrize("key", ["calculation", "hopscotch", "betsy-ross", "sequence"])
@pytest.mark.slow
def test_the_greedy_rule_written_once_plays_every_described_game_as_the_kernel(
        key: str) -> None:
    """family_first_fit.py is the family's greedy player in a few lines: in a run's
    worker processes it plays each deal of each game as the compiled greedy player."""
    description = GAMES[key]
    player = files.load(str(FIRST_FIT), key, RULES)
    kernel = running.kernel(player, COMPARING, own_rules.options(description))
    rows = kernel.results(500, 400)
    assert np.array_equal(rows, fast.deal_results(description, 500, 400, "greedy"))


def test_a_player_is_given_the_moves_of_the_game_it_plays(tmp_path: Path) -> None:
    """At Betsy Ross a player that turns whenever it can goes through every pass; the
    same turn at Calculation, which has no waste pile, stops the game in one sentence."""
    path = written(tmp_path, "def play(view):\n    return 'turn' if view.hand is None or"
                             " 'turn' in view.moves else view.moves[-1]\n")
    player = chooser(load_module(path), path)

    def game(key: str) -> Loaded:
        return Loaded(rules_module(RULES), player, path, False, COMPARING,
                      own_rules.options(GAMES[key]))

    _, final_cards, moves = play_deal(game("betsy-ross"), 3, None)
    assert moves - (final_cards - 8) == 3 * 44 + 2  # every pass turned through, then plays
    with pytest.raises(Fault, match=re.escape(  # the 48 cards turned, none in hand
            "mine.py chose 'turn' at move 49 of deal 3: 'turn' names no move; moves are"
            " 1-4 (to storage)")):
        play_deal(game("calculation"), 3, None)


def test_stats_compares_ones_own_player_with_the_built_in_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "hopscotch", "--strategy", "greedy", "--strategy", "random",
                 "--player", str(FIRST_FIT), "-n", "300", "--seed", "40",
                 "--move-seconds", "60", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    versions = {version["version"]: version for version in data["versions"]}
    assert list(versions) == ["greedy", "random", "family_first_fit.py"]
    greedy = fast.deal_results(GAMES["hopscotch"], 40, 300, "greedy")
    assert versions["family_first_fit.py"]["wins"] == versions["greedy"]["wins"] == int(
        greedy[:, 0].sum())
    assert versions["family_first_fit.py"]["difference"]["points"] == 0


def test_play_lists_ones_own_players_moves_and_a_fault_is_one_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "betsy-ross", "--headless", "--deal", "5", "--player",
                 str(FIRST_FIT), "--moves"]) == 0
    said = capsys.readouterr().out
    assert "Betsy Ross, family_first_fit.py player, deal 5" in said and "turn" in said
    wrong = written(tmp_path, "def play(view):\n    return 's9'\n")
    assert main(["play", "calculation", "--headless", "--deal", "5", "--player",
                 str(wrong)]) == 2
    error = capsys.readouterr().err
    assert "mine.py chose 's9' at move 1 of deal 5: 's9' names no move" in error
    assert "Traceback" not in error


@pytest.mark.integration
def test_a_game_of_ones_own_has_players_of_ones_own(tmp_path: Path) -> None:
    """In a process of its own, as the registry is read once a process."""
    games(tmp_path, **{"four-kings.toml": MINE})
    played = subprocess.run(
        [sys.executable, "-m", "solitaire_tui", "stats", "four-kings", "--player",
         str(FIRST_FIT), "-n", "200", "--seed", "7", "--json"],
        env={**os.environ, DATA_DIR_VARIABLE: str(tmp_path)}, capture_output=True,
        text=True, timeout=300)
    assert played.returncode == 0, played.stderr
    data = json.loads(played.stdout)
    greedy = fast.deal_results(parse(MINE), 7, 200, "greedy")
    assert data["wins"] == int(greedy[:, 0].sum()) and data["games"] == 200
    assert data["options"]["strategies"] == ["family_first_fit.py"]


def test_a_replay_of_ones_own_players_game_is_its_game(tmp_path: Path) -> None:
    """A deal from a run's list, replayed: each move is the player's, worked out in its
    worker process, as the run played it."""
    from rules.calculation import game as calc
    from rules.cards import deal_cards
    from rules.play import final_state

    description = GAMES["calculation"]
    options = own_rules.options(description)
    files.load(str(FIRST_FIT), "calculation", RULES)
    choose = replayed("calculation", FIRST_FIT.name, 9, options)
    assert choose is not None and replayed("calculation", "greedy", 9) is None
    end = final_state(calc, calc.new_game(description, deal_cards(9)), choose)
    row = fast.deal_results(description, 9, 1, "greedy")[0]
    assert (int(calc.is_won(end)), end.final_cards, end.moves) == tuple(row)


@pytest.mark.parametrize(("extra", "said"), [
    (["--strategy", "fair"], "--player plays instead of --strategy: give one of them"),
    (["--player", str(FIRST_FIT)], "a single game has one player: give --player once"),
])
def test_a_single_game_has_one_player(extra: list[str], said: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "hopscotch", "--headless", "--deal", "2", "--player",
                 str(FIRST_FIT), *extra]) == 2
    assert said in capsys.readouterr().err


def test_a_name_a_player_made_up_is_said_short(tmp_path: Path) -> None:
    path = written(tmp_path, "def play(view):\n    return 'x' * 10_000\n")
    game = Loaded(rules_module(RULES), chooser(load_module(path), path), path, False,
                COMPARING, own_rules.options(GAMES["calculation"]))
    with pytest.raises(Fault) as fault:
        play_deal(game, 1, None)
    assert len(fault.value.sentence) < 400 and "names no move" in fault.value.sentence


def test_a_review_of_a_waste_game_says_waste(capsys: pytest.CaptureFixture[str]) -> None:
    """Where the hand card lies on a waste pile, the review says so, as --moves does."""
    assert main(["play", "betsy-ross", "--headless", "--deal", "5", "--player",
                 str(FIRST_FIT), "--review"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "played" in line]
    assert any("waste→F" in line for line in lines) and not any("hand" in line for line in lines)
