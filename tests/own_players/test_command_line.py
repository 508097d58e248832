"""Players of one's own on the command line: ``stats sequence --player FILE`` beside the
built-in players on the same deals, ``play sequence --player FILE``, and a player that
goes wrong said in one sentence (exit 2) with what was played kept."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from solitaire_tui.cli import main
from solitaire_tui.games.sequence.kernel import player_kernel
from solitaire_tui.own_players import files, source
from solitaire_tui.own_players.playing import Loaded, next_move, play_deal, rules_module
from tests.support import players
from tests.support.players import EXAMPLES


@pytest.fixture(autouse=True)
def nothing_loaded() -> Iterator[None]:
    files.forget()
    yield
    files.forget()


def example(name: str) -> str:
    return str(EXAMPLES / f"{name}.py")


def as_python(name: str, folder: Path) -> str:
    """The example ``name`` as Python (``players.as_python``), under its own name."""
    return str(players.as_python(Path(example(name)), folder))


@pytest.mark.slow
def test_players_of_ones_own_are_compared_with_the_built_in_ones_on_the_same_deals(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "sequence", "--strategy", "greedy",
                 "--player", as_python("first_fit", tmp_path),
                 "--player", as_python("rules_of_thumb", tmp_path), "-n", "300", "--seed", "40",
                 "--move-seconds", "60", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    versions = {version["version"]: version for version in data["versions"]}
    assert list(versions) == ["greedy", "first_fit.py", "rules_of_thumb.py"]
    greedy = player_kernel("greedy").results(40, 300)
    assert versions["greedy"]["wins"] == versions["first_fit.py"]["wins"] == greedy[:, 0].sum()
    # Each later player's games paired with the first's, deal by deal.
    module = source.load_module(EXAMPLES / "rules_of_thumb.py")
    game = Loaded(rules_module("rules.own_players.sequence"), module.play,
                  EXAMPLES / "rules_of_thumb.py", False, budget=60)
    own = np.array([play_deal(game, deal, None) for deal in range(40, 340)])
    assert versions["rules_of_thumb.py"]["wins"] == own[:, 0].sum()
    here = versions["rules_of_thumb.py"]["histograms"]["won_only_here"]
    assert here.get("1", 0) == int(np.count_nonzero(own[:, 0] & ~greedy[:, 0]))


def test_the_table_puts_the_players_side_by_side(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "sequence", "--strategy", "greedy",
                 "--player", as_python("first_fit", tmp_path), "-n", "300", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "points over greedy (95%)" in out
    assert "first_fit.py" in out.split("\n\n")[0]


def test_a_player_that_goes_wrong_ends_the_run_in_one_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.py"
    path.write_text("def play(view):\n    if view.deal == 120:\n        return {}['x']\n"
                    "    return view.moves[0]\n")
    assert main(["stats", "sequence", "--player", str(path), "-n", "500", "--seed", "100",
                 "--json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 20  # deals 100..119, kept
    assert captured.err == ("solitaire-tui: broken.py, line 3, raised KeyError at move 1"
                            " of deal 120: 'x'; the 20 games before it are counted above.\n")


def test_a_player_that_goes_wrong_on_the_first_deal_is_not_called_cancelled(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.py"
    path.write_text("def play(view):\n    return {}['x']\n")
    assert main(["stats", "sequence", "--player", str(path), "-n", "50", "--seed", "7"]) == 2
    captured = capsys.readouterr()
    assert "0 games (stopped where a player went wrong, said below)" in captured.out
    assert "cancelled" not in captured.out
    assert captured.err == ("solitaire-tui: broken.py, line 2, raised KeyError at move 1 of"
                            " deal 7: 'x'; it was the run's first deal, so no game was"
                            " counted.\n")


@pytest.mark.parametrize(("argv", "said"), [
    (["--player", "nowhere.py"], "there is no player file 'nowhere.py'"),
    (["--player", example("first_fit"), "--move-seconds", "0"], "a move's seconds must be"),
])
def test_a_wrong_player_option_is_one_line(argv: list[str], said: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["stats", "sequence", "-n", "10", *argv])
    except SystemExit as stop:  # argparse's own exit, for a value it cannot read
        status = int(str(stop.code))
    assert status == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_play_with_a_player_of_ones_own(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "sequence", "--headless", "--deal", "5", "--json", "--player",
                 example("rules_of_thumb")]) == 0
    data = json.loads(capsys.readouterr().out)
    module = source.load_module(EXAMPLES / "rules_of_thumb.py")
    game = Loaded(rules_module("rules.own_players.sequence"), module.play,
                  EXAMPLES / "rules_of_thumb.py", False, budget=60)
    won, cards, moves = play_deal(game, 5, None)
    assert data["result"] == {"won": bool(won), "final_cards": cards, "moves": moves}
    assert data["options"] == {"strategy": "rules_of_thumb.py"}


def test_the_games_screen_does_not_take_a_player_of_ones_own_yet(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "sequence", "--deal", "5", "--player", example("first_fit")]) == 2
    assert "add --headless" in capsys.readouterr().err


@pytest.mark.slow
def test_a_review_lists_every_decision_of_any_players_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    from rules import sequence as sq
    from rules.own_players.sequence import name_of, start
    from rules.players.sequence_review import review

    assert main(["play", "sequence", "--deal", "9", "--player", example("rules_of_thumb"),
                 "--review", "--json", "--moves"]) == 0
    data = json.loads(capsys.readouterr().out)
    module = source.load_module(EXAMPLES / "rules_of_thumb.py")
    game = Loaded(rules_module("rules.own_players.sequence"), module.play,
                  EXAMPLES / "rules_of_thumb.py", False, budget=60)
    state, moves = start(9), []
    while not sq.is_over(state):
        move, after = next_move(game, state, 9, None)
        moves.append((state, move))
        state = after
    decisions = review(start(9), [move for _, move in moves], 9)
    assert [entry["move"] for entry in data["review"]] == [d.number for d in decisions]
    for entry, decision in zip(data["review"], decisions, strict=True):
        assert entry["played"] == name_of(decision.state, decision.played)
        assert entry["best_chance"] == max(entry["chances"].values())
        assert entry["played_chance"] == entry["chances"][entry["played"]]
    assert main(["play", "sequence", "--deal", "9", "--strategy", "greedy", "--review"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("Review: ") and out[3].startswith("move ")


@pytest.mark.integration  # starts processes of its own
def test_ctrl_c_to_the_terminals_group_prints_the_games_played_so_far() -> None:
    """A terminal's Ctrl+C reaches the run's worker processes too: they leave the
    stopping to the run, which prints what was played and exits 130."""
    import sys

    from tests.support.commands import interrupted

    _, out = interrupted([sys.executable, "-m", "solitaire_tui", "stats", "sequence",
                          "--player", example("first_fit"), "-n", "1e7", "--seed", "0",
                          "--json"], group=True)
    data = json.loads(out)
    assert data["cancelled"] is True and 0 < data["games"] < 10**7
    greedy = player_kernel("greedy").results(0, data["games"])  # first_fit is the greedy rule
    assert data["wins"] == int(greedy[:, 0].sum())
