"""How the commands that take a game take it (issue 54): by its key, by its number as
the menu shows it, or by the start of its key in any case; what names no game, or
more than one, is refused in one sentence listing the choices, with exit status 2.
Also ``deal --deal N`` beside ``deal N``, and ``play GAME --help`` saying what the
command does with a screen and without one."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from unittest import mock

import pytest
from textual.binding import Binding

from solitaire_tui import cli
from solitaire_tui.commands import arguments
from solitaire_tui.commands.arguments import Parser
from solitaire_tui.games.game import Game
from solitaire_tui.games.registry import GAMES
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.start import Start
from tests.support.commands import run

PLAY_CHOICES = ("choose 1 hit-or-miss, 2 relay, 3 one-handed, 4 sequence, 5 add-residue,"
                " 6 betsy-ross, 7 calculation or 8 hopscotch, by its number, its name or the"
                " start of its name")
# Every game with a solver: Sequence, Add/Residue and the described games.
SOLVE_CHOICES = ("choose 4 sequence, 5 add-residue, 6 betsy-ross, 7 calculation or"
                 " 8 hopscotch, by its number, its name or the start of its name")
SHOWN = ("1 hit-or-miss, 2 relay, 3 one-handed, 4 sequence, 5 add-residue, 6 betsy-ross,"
         " 7 calculation, 8 hopscotch")


def opening(opened: list[Start | None]) -> Callable[[Start | None, str | None], int]:
    """``cli._open_app`` as a test has it: the app not run, what it would open kept."""

    def open_app(start: Start | None, theme: str | None) -> int:
        opened.append(start)
        return 0

    return open_app


def shortest_start(key: str) -> str:
    """The shortest start of ``key`` that no other game's key starts with."""
    return next(key[:size] for size in range(1, len(key) + 1)
                if [game.key for game in GAMES if game.key.startswith(key[:size])] == [key])


# --- 1. a game by key, number or start of its key ---------------------------------------


def test_the_numbers_are_the_menus() -> None:
    """The menu's digits open GAMES[n - 1] (``MenuScreen.action_open_number``), every
    digit, as one's own games may follow the suite's; the command line numbers the
    games the same way."""
    opened = {binding.key: int(found[1]) for binding in MenuScreen.BINDINGS
              if isinstance(binding, Binding)
              and (found := re.fullmatch(r"open_number\((\d+)\)", binding.action))}
    assert sorted(opened) == [str(digit) for digit in range(1, 10)]
    assert {int(key): GAMES[index].key for key, index in opened.items()
            if index < len(GAMES)} == {number: key for key, number in cli.numbers().items()}


@pytest.mark.parametrize("command", ["play", "stats"])
def test_every_game_is_taken_by_key_number_and_start_in_any_case(command: str) -> None:
    parser = cli.build_parser()
    for number, game in enumerate(GAMES, 1):
        start = shortest_start(game.key)
        for typed in (game.key, game.key.upper(), str(number), f" {number} ", start,
                      start.upper(), game.key[:-1], game.key.title()):
            assert parser.parse_args([command, typed]).game == game.key, (command, typed)


@pytest.mark.parametrize("typed", ["4", "seq", "SEQ", "Sequence", "s"])
def test_play_4_and_play_seq_play_sequence(capsys: pytest.CaptureFixture[str],
                                           typed: str) -> None:
    code, out, err = run(capsys, "play", typed, "--deal", "3", "--strategy", "greedy", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["game"] == "sequence"


def test_play_by_number_opens_that_games_screen(capsys: pytest.CaptureFixture[str]) -> None:
    opened: list[Start | None] = []
    with mock.patch.object(cli, "_open_app", opening(opened)):
        assert run(capsys, "play", "4", "--deal", "3")[0] == 0
    assert opened and opened[0] is not None and opened[0].game == "sequence"


@pytest.mark.parametrize(("typed", "key"), [
    ("4", "sequence"), ("seq", "sequence"), ("SEQUENCE", "sequence"), ("5", "add-residue"),
    ("add", "add-residue"), ("A", "add-residue")])
def test_solve_takes_its_games_the_same_ways(typed: str, key: str) -> None:
    needs = ["--deal", "1"] if key == "sequence" else []  # its solver's deal
    assert cli.build_parser().parse_args(["solve", typed, *needs]).target == key


def test_search_targets_are_not_games() -> None:
    """``search`` takes a search by name, not a game: its names are not numbered."""
    parser = cli.build_parser()
    assert parser.parse_args(["search", "zero-strike"]).target == "zero-strike"
    with pytest.raises(SystemExit):
        parser.parse_args(["search", "1"])


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "chess"], f"solitaire-tui play: there is no game 'chess': {PLAY_CHOICES}"),
    (["play", "0"], f"solitaire-tui play: there is no game '0': {PLAY_CHOICES}"),
    (["play", "9"], f"solitaire-tui play: there is no game '9': {PLAY_CHOICES}"),
    (["play", "04"], f"solitaire-tui play: there is no game '04': {PLAY_CHOICES}"),
    (["play", "sequense"], "solitaire-tui play: there is no game 'sequense' (did you mean"
     f" 'sequence'?): {PLAY_CHOICES}"),
    (["stats", ""], f"solitaire-tui stats: no game was named: {PLAY_CHOICES}"),
    (["stats", "-"], f"solitaire-tui stats: there is no game '-': {PLAY_CHOICES}"),
    (["solve", "1"], "solitaire-tui solve: there is no game '1': " + SOLVE_CHOICES),
    (["solve", "relay"], "solitaire-tui solve: there is no game 'relay': " + SOLVE_CHOICES),
])
def test_what_names_no_game_is_one_sentence_listing_the_choices_and_status_2(
        capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    command = argv[0]
    assert run(capsys, *argv) == (2, "", f"{said} (see 'solitaire-tui {command} --help')\n")


def games_parser() -> Parser:
    """A command whose games share starts, which the registry's five do not."""
    parser = Parser(prog="cards")
    games = arguments.add_games(parser, {"sequence": 1, "seven": 2, "seq": None, "relay": 3},
                                dest="game", help="the game")
    for name in ("sequence", "seven", "seq", "relay"):
        games.add_parser(name)
    return parser


@pytest.mark.parametrize(("typed", "game"), [
    ("seq", "seq"), ("SEQU", "sequence"), ("sev", "seven"), ("2", "seven"), ("r", "relay"),
    ("3", "relay")])
def test_a_start_is_taken_when_it_is_one_games_and_a_whole_name_comes_first(
        typed: str, game: str) -> None:
    assert games_parser().parse_args([typed]).game == game


@pytest.mark.parametrize(("typed", "said"), [
    ("se", "'se' starts more than one game's name: choose 1 sequence, 2 seven or seq, by its"
     " number or more of its name"),
    ("Sev3", "there is no game 'Sev3': choose 1 sequence, 2 seven, seq or 3 relay, by its"
     " number, its name or the start of its name"),
])
def test_an_ambiguous_start_is_one_sentence_listing_the_games_it_starts(
        capsys: pytest.CaptureFixture[str], typed: str, said: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        games_parser().parse_args([typed])
    assert exit_.value.code == 2
    assert capsys.readouterr() == ("", f"cards: {said} (see 'cards --help')\n")


def test_a_name_is_found_without_a_word_of_any_game() -> None:
    """``chosen`` works on the names it is given: the registry's, or any."""
    assert arguments.chosen("B", {"alpha": 1, "beta": 2}) == "beta"
    assert arguments.chosen("1", {"alpha": 1, "beta": 2}) == "alpha"
    with pytest.raises(argparse.ArgumentError, match=r"^there is no game 'c'"):
        arguments.chosen("c", {"alpha": 1, "beta": 2})


@pytest.mark.parametrize(("command", "shown"), [
    ("play", SHOWN),
    ("stats", SHOWN),
    ("solve", "4 sequence, 5 add-residue, 6 betsy-ross, 7 calculation, 8 hopscotch")])
def test_help_says_numbers_and_starts_are_taken(capsys: pytest.CaptureFixture[str],
                                               command: str, shown: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    text = " ".join(out.split())
    assert code == 0
    assert ("GAME is a game's number as the menu shows it, its name, or the start of its name"
            f" (upper or lower case alike): {shown}.") in text
    assert "the game: its number in the menu, its name or the start of its name (e.g." in text
    assert not re.search(r"[a-z]-\n", out)  # no name broken at its hyphen


def test_help_gives_an_example_of_each_way() -> None:
    assert arguments.example(cli.numbers()) == "1, hit or hit-or-miss"
    assert arguments.example({"sequence": 4, "add-residue": 5}) == "4, seq or sequence"
    assert arguments.example({"ab": 1, "abc": 2}) == "1 or ab"


# --- 2. deal --deal N ------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["--deal", "42"], ["42", "--deal", "42"],
                                  ["--deal", "4_2", "42"], ["--deal=42"]])
def test_deal_takes_its_number_as_deal_too(capsys: pytest.CaptureFixture[str],
                                           argv: list[str]) -> None:
    bare = run(capsys, "deal", "42")
    assert bare[0] == 0 and len(bare[1].split()) == 52
    assert run(capsys, "deal", *argv) == bare


def test_deal_option_takes_the_other_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "deal", "--deal", "0", "--ranks") == run(capsys, "deal", "0", "--ranks")


@pytest.mark.parametrize(("argv", "said"), [
    (["deal", "42", "--deal", "43"],
     "solitaire-tui: the deal was given twice, as 42 and as --deal 43: give one number\n"),
    (["deal", "--deal", "7", "1_000"],
     "solitaire-tui: the deal was given twice, as 1000 and as --deal 7: give one number\n"),
    (["deal"], "solitaire-tui: deal needs a deal number, given as `solitaire-tui deal D` or"
     " `solitaire-tui deal --deal D`\n"),
    (["deal", "sequence", "--deal", "42"],
     "solitaire-tui deal: argument D: deal takes no game, such as sequence: a deal number"
     " means the same 52 cards in every game dealt from cards, so give the number alone, as"
     " `solitaire-tui deal 42` or `solitaire-tui deal --deal 42` (see 'solitaire-tui deal"
     " --help')\n"),
])
def test_deal_refuses_two_numbers_none_or_a_game_in_one_sentence(
        capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    assert run(capsys, *argv) == (2, "", said)


@pytest.mark.parametrize("bad", ["-1", "x", str(2**64), "1.5", ""])
def test_deal_option_is_checked_as_the_bare_number_is(capsys: pytest.CaptureFixture[str],
                                                      bad: str) -> None:
    for argv in (["deal", bad], ["deal", f"--deal={bad}"]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1, argv
        assert "a deal number must be a whole number" in err, argv


# --- 3. play GAME --help says what play does -------------------------------------------


def description(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, _ = run(capsys, *argv, "--help")
    assert code == 0
    return " ".join(out.split("\n\n")[1].split())  # usage, blank line, description


def test_play_sequence_help_says_you_play_on_the_screen_and_the_computer_headless(
        capsys: pytest.CaptureFixture[str]) -> None:
    said = description(capsys, "play", "sequence")
    assert "The choices are made by computer players" not in said
    assert said == (
        "Build four piles counting by 1, 2, 3 and 4 to the king. Opens the game's screen,"
        " where you make your own choices; with --headless (which --moves, --json and"
        " --review imply) the computer (--strategy, or a player of your own with --player)"
        " makes them all, to the game's end without a screen, and the result is printed.")


def test_play_help_of_a_game_without_choices(capsys: pytest.CaptureFixture[str]) -> None:
    assert description(capsys, "play", "relay") == (
        "1 to 10 players pass their matches down the line. Opens the game's screen, where"
        " you play it yourself; with --headless (which --moves and --json imply) it is"
        " played to its end without a screen and the result printed.")


def test_stats_help_still_says_computer_players_choose(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert description(capsys, "stats", "sequence").endswith(
        "The choices are made by computer players.")


FAST = {"sequence": ["--deal", "3", "--strategy", "greedy"], "add-residue": ["--seed", "1"]}


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_what_play_help_says_is_what_play_does(capsys: pytest.CaptureFixture[str],
                                               game: Game) -> None:
    """Without --headless the screen opens; with it, or with each option the help says
    implies it, the game is played without one and its result printed."""
    key = game.key
    said = description(capsys, "play", key)
    implying = re.search(r"--headless \(which (.*?) impl", said)
    assert implying is not None
    options = re.findall(r"--[a-z]+", implying[1])
    given = FAST.get(key, ["--deal", "3"])
    opened: list[Start | None] = []
    with mock.patch.object(cli, "_open_app", opening(opened)):
        assert run(capsys, "play", key, *given)[0] == 0
        assert len(opened) == 1
        for option in ("--headless", *options):
            code, out, _ = run(capsys, "play", key, *given, option)
            assert code == 0 and out, option
        assert len(opened) == 1  # none of them opened the screen
