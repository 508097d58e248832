"""The command line as a user meets it: output, exit codes and one-line errors."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from rules import add_residue, hit_or_miss
from rules.cards import deal_cards, format_cards
from rules.play import final_state
from solitaire_tui import cli
from solitaire_tui.decks import numbered
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.start import Start
from tests.support.commands import run

DATA = Path(__file__).parents[1] / "data"


def test_deal_prints_the_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "0")
    assert code == 0 and out.startswith("KC 10H 9C 10S 3C JS ") and len(out.split()) == 52
    assert run(capsys, "deal", "0", "--ranks")[1].startswith("13 10 9 10 3 11 ")
    assert run(capsys, "deal", "0", "--glyphs")[1].startswith("K♣ 10♥ 9♣")
    assert run(capsys, "deal", "1_000")[1] == format_cards(deal_cards(1000)) + "\n"


@pytest.mark.parametrize("bad", ["-1", "x", str(2**64), "1.5"])
def test_bad_deal_number_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    code, out, err = run(capsys, "deal", bad)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "a deal number must be a whole number" in err


def test_play_hit_or_miss_matches_the_rules_module(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "hit-or-miss", "--deal", "5", "--variant", "roll-call",
                       "--json")
    assert code == 0
    data = json.loads(out)
    options = hit_or_miss.Options(strikes=3)
    expected = hit_or_miss.result(final_state(hit_or_miss,
                                              hit_or_miss.new_game(options, deal_cards(5))))
    assert data["deal"] == 5 and data["game"] == "hit-or-miss"
    assert data["result"]["won"] == expected.won
    assert data["result"]["passes"] == expected.passes
    assert data["result"]["cards_left"] == expected.cards_left


def test_play_moves_lists_every_turn(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "hit-or-miss", "--deal", "5", "--moves")
    lines = out.splitlines()
    turns = int(lines[-1].split(" cards turned")[0].rsplit(" ", 1)[1])
    assert code == 0 and len(lines) == turns + 2  # heading, one line a turn, outcome
    assert lines[1].split() == ["pass", "1", "count", "1", deal_cards(5)[0].glyph,
                                "hit" if deal_cards(5)[0].rank == 1 else "miss"]


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "relay", "--deal", "7", "--players", "3", "--headless"],
        ["play", "one-handed", "--deal", "7", "--headless"],
        ["play", "sequence", "--deal", "7", "--strategy", "random", "--headless"],
        ["play", "add-residue", "--players", "3", "--numbers", "5", "--seed", "1", "--headless"],
        ["play", "hit-or-miss", "--deal", "7", "--order", "shuffled", "--variant", "two-strike",
         "--headless"],
        ["play", "hit-or-miss", "--deck", format_cards(deal_cards(9), glyphs=True), "--headless"],
        ["play", "relay", "--deck", " ".join(str(c.rank) for c in deal_cards(9)), "--headless"],
    ],
)
def test_every_game_plays_headless(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    heading, outcome = out.splitlines()
    assert heading.startswith(GAMES_BY_KEY[argv[1]].title)
    assert outcome.startswith(("Won", "Lost", "Unwinnable", "P1", "P2", "P3"))


def test_the_same_deal_gives_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "sequence", "--deal", "77", "--strategy", "random", "--json")[1]
    again = run(capsys, "play", "sequence", "--deal", "77", "--strategy", "random", "--json")[1]
    assert first == again


def test_a_random_deal_is_named_so_it_can_be_replayed(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "play", "one-handed", "--json")[1])
    replay = json.loads(run(capsys, "play", "one-handed", "--deal", str(data["deal"]),
                            "--json")[1])
    assert replay == data


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "one-handed", "--deck", "AS 2S ZZ"], "card 3, 'ZZ', is not a card"),
        (["play", "one-handed", "--deck", "1 2 3"], "needs suits"),
        (["play", "sequence", "--deck", "AS 2S"], "not a full deck of 52 different cards"),
        (["play", "hit-or-miss", "--order", "shuffled"], "needs a strike limit"),
        (["play", "hit-or-miss", "--variant", "bogus"], "unknown variant 'bogus'"),
        (["play", "relay", "--players", "11"], "players must be a whole number from 1 to 10"),
        (["play", "add-residue", "-n", "0"], "n must be a whole number from 1 to 20"),
        (["play", "add-residue", "--players", "3", "--strategy", "greedy", "--strategy",
          "random", "--headless"], "once for each of the 3 seats"),
        (["play", "add-residue", "--deal", "4"], "unrecognized arguments: --deal 4"),
        (["play", "chess"], "there is no game 'chess': choose 1 hit-or-miss, 2 relay"),
        (["play", "relay", "--deal", "1", "--deck", "AS"], "not allowed with argument --deal"),
        (["bench", "--first-call", "99"], "bench has cases 0.."),
        (["solve", "chess"], "there is no game 'chess': choose 4 sequence, 5 add-residue"),
        (["serve", "--port", "0"], "port must be a whole number from 1 to 65535, not '0'"),
        (["serve", "--port", "65536"], "port must be a whole number from 1 to 65535"),
        # TEST-NET-1 (RFC 5737): an address no machine has as its own.
        (["serve", "--host", "192.0.2.1"], "cannot listen on 192.0.2.1 (cannot assign"),
        (["serve", "--host", "a" * 64 + ".example"], "is not an address this machine can"),
        (["serve", "--host", ""], "--host must be an address or a host name, not ''"),
        (["serve", "--host", "0.0.0.0", "--no-token"], "--no-token is only for a server on"),
        (["serve", "--token", "short"], "a token must be 16 to 256 letters"),
        (["serve", "--public-url", "ftp://cards.example"], "--public-url must be an address"),
        (["serve", "--public-url", "https://cards.example/path"], "--public-url must be"),
        (["serve", "--max-visitors", "0"], "visitors must be a whole number from 1 to 1000"),
        (["serve", "--idle-minutes", "0"], "idle minutes must be a number from 0.1"),
    ],
)
def test_bad_input_is_one_plain_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_serve_on_a_port_in_use_is_one_plain_line_and_status_2(
    capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        code, out, err = run(capsys, "serve", "--port", str(port))
    assert code == 2 and out == ""
    assert err == f"solitaire-tui: port {port} on 127.0.0.1 is in use: choose another with --port\n"


def test_help_on_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["deal", "--help"], ["judge", "--help"], ["play", "--help"],
                 *(["play", game, "--help"] for game in
                   ("hit-or-miss", "relay", "one-handed", "sequence", "add-residue"))):
        code, out, _ = run(capsys, *argv)
        assert code == 0 and "usage:" in out, argv


def test_version_names_the_installed_release(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    assert run(capsys, "--version") == (0, f"solitaire-tui {version('solitaire-tui')}\n", "")


def test_n_is_a_number_of_games_and_its_old_meaning_works_with_a_notice(
        capsys: pytest.CaptureFixture[str]) -> None:
    new = run(capsys, "play", "add-residue", "--numbers", "5", "--seed", "1", "--headless")
    old = run(capsys, "play", "add-residue", "-n", "5", "--seed", "1", "--headless")
    assert old[:2] == new[:2] and old[0] == 0 and new[2] == ""
    assert old[2] == ("solitaire-tui: -n here is the old spelling of --numbers; it still"
                      " works, but -n now means only a number of games (in stats)\n")
    for argv in (["play", "add-residue"], ["solve", "add-residue"]):
        code, out, _ = run(capsys, *argv, "--help")
        assert code == 0 and "--numbers N" in out and not re.search(r"(?<![-\w])-n\b", out)
    code, out, _ = run(capsys, "solve", "add-residue", "--help")
    assert "default: 5, not the game's 13" in " ".join(out.split())


def test_help_speaks_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "stats", "--help")[1]
    assert "95% interval" in " ".join(out.split()) and "%%" not in out
    assert "Constructive" not in run(capsys, "search", "--help")[1]
    assert "1 to 10 players" in run(capsys, "play", "--help")[1]


@pytest.mark.integration
def test_judge_through_the_installed_command() -> None:
    """The console script itself, on real stdin: what the contest and CI run."""
    sample = (DATA / "poj2035_sample.in").read_bytes()
    done = subprocess.run([sys.executable, "-m", "solitaire_tui", "judge"], input=sample,
                          capture_output=True, check=False)
    assert done.returncode == 0
    assert done.stdout == (DATA / "poj2035_sample.out").read_bytes()
    bad = subprocess.run([sys.executable, "-m", "solitaire_tui", "judge"], input=b"1\n4 1 2\n",
                         capture_output=True, check=False)
    assert bad.returncode == 2 and bad.stdout == b""
    assert bad.stderr == b"solitaire-tui: case 1: 2 card values where 52 are needed" \
                         b" (some are missing)\n"


def test_no_command_opens_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[Start | None, str | None, list[int] | None]] = []
    monkeypatch.setattr(cli, "_open_app", lambda start, theme, guest=None: opened.append(
        (start, theme, guest)))
    assert cli.main([]) == 0
    assert cli.main(["--theme", "card-table"]) == 0
    assert cli.main(["--guest", "1", "1e5"]) == 0  # as ``serve`` starts a visitor's app
    assert opened == [(None, None, None), (None, "card-table", None), (None, None, [1, 100_000])]


def test_play_without_headless_opens_the_game_on_its_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[Start | None] = []
    themes: list[str | None] = []

    def open_app(start: Start | None, theme: str | None) -> None:
        opened.append(start)
        themes.append(theme)

    monkeypatch.setattr(cli, "_open_app", open_app)
    assert cli.main(["play", "hit-or-miss", "--deal", "12", "--variant", "roll-call"]) == 0
    assert cli.main(["--theme", "nord", "play", "add-residue", "--players", "3", "-n", "7",
                     "--theme", "card-table"]) == 0
    assert cli.main(["--theme", "nord", "play", "relay"]) == 0
    hit, add, _ = opened
    assert themes == [None, "card-table", "nord"]  # after the game's name, or before
    assert hit is not None and hit.deck == numbered(12)
    assert hit.options == hit_or_miss.Options(strikes=3, seed=12)
    assert add == Start("add-residue", None, add_residue.Options(3, 7))


@pytest.mark.integration
def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """``… --moves | head -1``: the pipe closes under a long listing; no traceback."""
    command = subprocess.Popen([sys.executable, "-m", "solitaire_tui", "play", "relay", "--deal",
                                "8", "--players", "10", "--moves"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert command.stdout is not None and command.stderr is not None
    first = command.stdout.readline()
    command.stdout.close()  # as head does after its line
    error = command.stderr.read()
    assert command.wait(60) == cli.CLOSED_PIPE
    assert first.startswith(b"Hit or Miss relay") and error == b""


def test_an_unexpected_error_is_one_line_naming_the_log_that_holds_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    monkeypatch.setenv("SOLITAIRE_TUI_DATA_DIR", str(tmp_path))

    def broken(args: object) -> None:
        raise ZeroDivisionError("a bug, not bad input")

    monkeypatch.setattr(cli, "_play", broken)
    code, out, err = run(capsys, "play", "relay", "--headless")
    log = tmp_path / "errors.log"
    assert code == 1 and out == "" and err.count("\n") == 1
    assert str(log) in err and "Traceback" not in err
    assert "ZeroDivisionError: a bug, not bad input" in log.read_text()


@pytest.mark.integration
@pytest.mark.parametrize("argv", [[], ["play", "one-handed", "--deal", "7"]])
def test_without_a_terminal_the_app_says_so_and_exits_2_at_once(argv: list[str]) -> None:
    """A script or cron with no terminal: one sentence pointing at --headless, not a
    full-screen app drawing escape codes nowhere and waiting for keys forever."""
    done = subprocess.run([sys.executable, "-m", "solitaire_tui", *argv],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=60, env={name: value for name, value in os.environ.items()
                                           if name != "TEXTUAL_DRIVER"})
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "--headless" in done.stderr
    assert "\x1b" not in done.stderr


def test_play_without_a_strategy_plays_sequence_as_the_screens_helper_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire_tui.games.family.own import PLAY_DEFAULT
    from solitaire_tui.games.sequence.play import HELPERS

    assert next(iter(HELPERS)) == PLAY_DEFAULT
    data = json.loads(run(capsys, "play", "sequence", "--deal", "7", "--json")[1])
    assert data["options"]["strategy"] == PLAY_DEFAULT


def test_play_add_residue_refuses_a_perfect_player_where_it_cannot_play(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "add-residue", "--strategy", "perfect")
    assert code == 2 and out == "" and "cannot play perfectly" in err


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "sequence", "--deal", "3", "--bogus"],
     "solitaire-tui play sequence: unrecognized arguments: --bogus (see 'solitaire-tui play"
     " sequence --help')"),
    (["stats", "relay", "--playerz", "3"], "(did you mean '--players'?)"),
    (["play", "sequense"], "(did you mean 'sequence'?)"),
    (["stats", "sequence", "--strategy", "fiar"], "(did you mean 'fair'?)"),
    (["play", "hit-or-miss", "--theme", "nrod"], "(did you mean 'nord'?)"),
])
def test_a_slip_is_refused_by_the_command_given_with_what_was_meant(
        capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and said in err and len(err.splitlines()) == 1
