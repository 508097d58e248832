"""Players of one's own at the Add/Residue table (``rules.own_players.add_residue``): the view,
moves by name, a seat of one's own beside built-in seats seeded as the compiled
kernel seeds them, and the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from rules import add_residue as ar
from rules.add_residue import Move, Pile
from rules.errors import IllegalMove
from rules.own_players import add_residue as own
from rules.own_players.add_residue import AddResidueView
from solitaire_tui.cli import main
from solitaire_tui.games.add_residue.kernel import kernel
from solitaire_tui.own_players import files
from tests.support.add_residue import GREEDY

EXAMPLES = Path(__file__).parents[2] / "examples" / "players"


@pytest.fixture(autouse=True)
def nothing_loaded() -> Iterator[None]:
    files.forget()
    yield
    files.forget()


def test_the_view_is_the_table_and_its_questions() -> None:
    state = ar.new_game(ar.Options(3, 4))
    for move in (Move(Pile.ADD, 3), Move(Pile.MOD, 2), Move(Pile.ADD, 4)):
        state = ar.apply(state, move)
    view = AddResidueView(state, deal=9)
    assert (view.m, view.seat, view.players, view.n) == (5, 1, 3, 4)
    assert view.scores == (0, 1, 0) and view.moves_made == 3 and view.moves_left == 21
    assert view.add == (1, 2, 4) and view.mod == (1, 2, 3, 4)
    assert view.add_of(2) == (1, 2, 3, 4) and view.mod_of(2) == (1, 3, 4)
    assert view.moves == ("add 1", "add 2", "add 4", "mod 1", "mod 2", "mod 3", "mod 4")
    assert view.after("mod 3") == 2 and view.gain("mod 3") == 2 and view.gain("add 1") == 0
    assert own.move_named(state, " MOD 3") == Move(Pile.MOD, 3)
    with pytest.raises(IllegalMove, match="names no move; moves are 'add N' or 'mod N'"):
        own.move_named(state, "mod")
    with pytest.raises(IllegalMove, match="there is no seat 4"):
        view.add_of(4)


def test_a_seat_of_ones_own_plays_beside_seats_seeded_as_the_kernels(tmp_path: Path) -> None:
    """The greedy rule written as a player, in seat 1 beside random seats, plays every
    game as the compiled kernel's greedy seat does."""
    path = tmp_path / "mine.py"
    path.write_text(GREEDY)
    files.load(str(path), "add-residue", own.__name__)
    options = ar.Options(3, 6)
    mine = kernel(options, ["mine.py", "random", "random"]).results(500, 400)
    compiled = kernel(options, ["greedy", "random", "random"]).results(500, 400)
    assert np.array_equal(mine, compiled)


@pytest.mark.slow
def test_the_command_line_seats_ones_own_player_first(
        capsys: pytest.CaptureFixture[str]) -> None:
    example = str(EXAMPLES / "add_residue_spoiler.py")
    assert main(["stats", "add-residue", "--player", example, "--strategy", "greedy",
                 "--strategy", "random", "--players", "3", "-n", "300", "--seed", "5",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"]["strategies"] == ["add_residue_spoiler.py", "greedy", "random"]
    assert data["games"] == 300 and len(data["seats"]) == 3
    assert sum(seat["wins"] + seat["ties"] for seat in data["seats"]) >= 300
    assert main(["play", "add-residue", "--player", example, "--headless", "--seed", "5",
                 "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["options"]["strategies"] == ["add_residue_spoiler.py", "greedy"]
    assert main(["stats", "add-residue", "--player", example, "--strategy", "greedy",
                 "--strategy", "random", "-n", "10"]) == 2
    assert "the other seat takes one --strategy, not 2" in capsys.readouterr().err
    assert main(["stats", "add-residue", "--player", example, "--player", example,
                 "-n", "10"]) == 2
    assert "give --player once" in capsys.readouterr().err


def test_play_reviews_an_add_residue_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "add-residue", "--numbers", "4", "--strategy", "greedy",
                 "--strategy", "random", "--seed", "3", "--review", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["review"] and all(entry["best_chance"] == max(entry["chances"].values())
                                  for entry in data["review"])
    assert {entry["seat"] for entry in data["review"]} == {"P1", "P2"} and data["seed"] == 3
    assert main(["play", "add-residue", "--numbers", "4", "--seed", "3", "--review"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("Review: ") and "perfectly" in out[2]
    assert out[3].startswith(("move 1, P1: played", "move 2, P2: played"))


def test_a_run_of_a_game_that_deals_nothing_numbers_its_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "add-residue", "--strategy", "greedy", "--strategy", "random",
                 "-n", "50", "--seed", "5"]) == 0
    assert ": games 5..54, 50 games" in capsys.readouterr().out
