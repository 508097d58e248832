"""``solitaire-tui solve`` and ``search`` as a user runs them: the JSON carries what the
searches found, lines replay through the rules, bad input is one line and status 2."""

from __future__ import annotations

import json

import pytest

from rules import add_residue, hit_or_miss, sequence
from rules.cards import parse_deck
from rules.play import final_state
from rules.players.add_residue_search import solve as solve_add_residue
from rules.sequence import ToFinal, ToStorage
from rules.zero_strike import passes_if_zero_strike
from solitaire_tui.cli import main
from solitaire_tui.decks import numbered

QUICK_WIN = 23  # a deal the solver wins within a few thousand positions


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line a refused command prints, after checking its status is 2 (from
    argparse, or from the rules' own refusal)."""
    try:
        status = main(list(argv))
    except SystemExit as exit_info:
        status = exit_info.code  # type: ignore[assignment]
    assert status == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    return lines[0]


def moves_of_text(texts: list[str]) -> list[sequence.Move]:
    """Moves as ``str(move)`` writes them: hand→F1, S2→F3, hand→S4."""
    moves: list[sequence.Move] = []
    for text in texts:
        source, target = text.split("→")
        number = int(target[1:]) - 1
        if target.startswith("S"):
            moves.append(ToStorage(number))
        else:
            moves.append(ToFinal(None if source == "hand" else int(source[1:]) - 1, number))
    return moves


def test_a_won_deal_comes_with_a_line_that_the_rules_play_to_a_win(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "solve", "sequence", "--deal", str(QUICK_WIN), "--nodes", "2e6",
                    "--seconds", "600")
    assert (data["verdict"], data["deal"]) == ("won", QUICK_WIN)
    assert isinstance(data["nodes"], int) and 0 < data["nodes"] <= 2_000_000
    assert isinstance(data["moves"], list) and isinstance(data["seconds"], float)
    line = iter(moves_of_text(data["moves"]))
    start = sequence.new_game(sequence.Options(), numbered(QUICK_WIN).cards)
    assert sequence.is_won(final_state(sequence, start, lambda _: next(line)))


def test_the_text_lists_the_line_with_its_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "sequence", "--deal", str(QUICK_WIN), "--seconds", "600"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Sequence Solitaire, deal {QUICK_WIN}, solved with every card known"
    assert lines[-1].startswith("Won: this line wins")
    assert f"({len(lines) - 2} moves)" in lines[-1]


def test_a_budget_too_small_is_unknown_never_lost(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "solve", "sequence", "--deal", "0", "--nodes", "100")
    assert (data["verdict"], data["moves"]) == ("unknown", [])


def test_a_deck_in_order_is_solved_from_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    deck = " ".join(str(rank) for _ in range(4) for rank in range(1, 14))
    data = run_json(capsys, "solve", "sequence", "--deck", deck, "--seconds", "600")
    assert data["verdict"] == "won" and data["deal"] is None


@pytest.mark.parametrize("argv", [
    ["solve", "sequence", "--deck", "AS AS"],
    ["solve", "sequence", "--deal", "-1"],
    ["solve", "sequence", "--deal", "1", "--seconds", "0"],
    ["solve", "sequence"],
    ["solve", "add-residue", "--players", "4", "--numbers", "13"],
    ["solve", "add-residue", "--numbers", "21"],
    ["search", "zero-strike", "--nodes", "many"],
])
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str],
                                            argv: list[str]) -> None:
    assert refused(capsys, *argv).startswith("solitaire-tui")


def test_an_unsolved_size_is_refused_naming_the_solved_ones(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "solve", "add-residue", "--players", "4", "--numbers", "13") == (
        "solitaire-tui: perfect play is solved for 2 players with n up to 5 and 3 players"
        " with n up to 3; not 4 players with n = 13")


@pytest.mark.parametrize(("players", "n"), [(2, 3), (2, 4), (3, 2)])
def test_add_residue_values_are_the_searchs(capsys: pytest.CaptureFixture[str], players: int,
                                            n: int) -> None:
    data = run_json(capsys, "solve", "add-residue", "--players", str(players), "--numbers", str(n))
    value = solve_add_residue(add_residue.Options(players, n))
    expected = value.value if isinstance(value.value, int) else list(value.value)
    assert data["value"] == expected
    assert data["best_moves"] == [str(move) for move in value.best_moves]
    assert data["scores"] == list(value.scores)


def test_add_residue_text_names_the_winner_or_the_draw(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "add-residue", "--numbers", "3"]) == 0
    out = capsys.readouterr().out
    assert "Value 0: neither player wins: a draw" in out
    assert "Best first moves: " in out


def test_zero_strike_search_finds_a_game_the_rules_confirm(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "search", "zero-strike", "--nodes", "1e6", "--games", "5000",
                    "--seed", "7")
    assert isinstance(data["deck"], str) and isinstance(data["passes"], int)
    assert passes_if_zero_strike(parse_deck(data["deck"])) == data["passes"] >= 2
    from rules.fast import hit_or_miss as fast

    wins = int(fast.deal_results(7, 5000, hit_or_miss.Options(1))[:, 0].sum())
    assert (data["games"], data["wins"]) == (5000, wins)


def test_the_verdict_is_the_budgets_and_a_clock_that_stops_it_says_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Deal 18 is won within the default budget: with no clock by default, a slow or
    busy machine gives the same answer. Deal 2264 needs more than the default budget:
    a clock of a twentieth of a second stops it, and the answer says so."""
    from rules.fast.sequence_solver import solve

    data = run_json(capsys, "solve", "sequence", "--deal", "18")
    alone = solve(sequence.new_game(sequence.Options(), numbered(18).cards))
    assert (data["verdict"], data["nodes"], data["stopped_by_clock"]) == (
        "won", alone.nodes, False)
    assert main(["solve", "sequence", "--deal", "2264", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "Unknown: stopped by the clock after" in out and "(0.05 s)" in out
    data = run_json(capsys, "solve", "sequence", "--deal", "2264", "--seconds", "0.05")
    assert data["verdict"] == "unknown" and data["stopped_by_clock"] is True
