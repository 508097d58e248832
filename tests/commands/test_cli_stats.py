"""``solitaire-tui stats`` as a user runs it: figures equal the kernel's own, the
worker count changes nothing, bad options are one line, Ctrl+C keeps the partial run."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

import numpy as np
import pytest

from rules import add_residue as ar
from rules import hit_or_miss as hm
from rules.fast import add_residue as fast_add_residue
from rules.fast import hit_or_miss as fast
from rules.stats import wilson_interval
from solitaire_tui.cli import main
from solitaire_tui.commands.stats import INTERRUPTED, stats
from solitaire_tui.stats.runs import Setup
from solitaire_tui.store.database import Database
from solitaire_tui.store.history import History
from tests.support.commands import interrupted
from tests.support.runs import SlowCompile


def stats_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["stats", *argv, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_figures_equal_the_kernels_results(capsys: pytest.CaptureFixture[str]) -> None:
    data = stats_json(capsys, "hit-or-miss", "--variant", "unlimited", "-n", "20_000",
                      "--seed", "5")
    rows = fast.deal_results(5, 20_000, hm.Options())
    wins = int(rows[:, 0].sum())
    assert (data["game"], data["seed"], data["games"], data["wins"]) == ("hit-or-miss", 5,
                                                                         20_000, wins)
    assert (data["ci_low"], data["ci_high"]) == pytest.approx(wilson_interval(wins, 20_000))
    assert data["first_wins"] == (np.flatnonzero(rows[:, 0])[:1000] + 5).tolist()
    histograms = data["histograms"]
    assert isinstance(histograms, dict)
    assert sum(histograms["cards_left"].values()) == 20_000
    assert histograms["passes"] == {str(v): int(c) for v, c in
                                    zip(*np.unique(rows[:, 2], return_counts=True), strict=True)}


@pytest.mark.parametrize("argv", [
    ["relay", "--players", "3"],
    ["one-handed"],
    ["sequence", "--strategy", "random"],
    ["add-residue", "--players", "3", "--numbers", "5", "--strategy", "greedy",
     "--strategy", "random", "--strategy", "random"],
])
def test_the_worker_count_changes_no_figure(capsys: pytest.CaptureFixture[str],
                                            argv: list[str]) -> None:
    one = stats_json(capsys, *argv, "-n", "3000", "--seed", "11", "--workers", "1")
    two = stats_json(capsys, *argv, "-n", "3000", "--seed", "11", "--workers", "2")
    timing = {"seconds", "compile_seconds", "games_per_second", "workers"}
    assert {k: v for k, v in one.items() if k not in timing} == {
        k: v for k, v in two.items() if k not in timing}
    assert one["games"] == 3000


def test_add_residue_reports_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    data = stats_json(capsys, "add-residue", "--strategy", "greedy", "--strategy", "random",
                      "-n", "2000", "--seed", "0")
    seats = data["seats"]
    assert isinstance(seats, list) and [s["seat"] for s in seats] == ["P1 greedy", "P2 random"]
    assert data["wins"] == seats[0]["wins"]
    rows = fast_add_residue.deal_results(0, 2000, ar.Options(2, 13), ["greedy", "random"])
    winners = rows[:, -1]
    shared = int(np.count_nonzero(winners == 0b11))
    for seat, figures in enumerate(seats):
        alone = int(np.count_nonzero(winners == 1 << seat))
        assert (figures["wins"], figures["ties"], figures["losses"]) == (
            alone, shared, 2000 - alone - shared)
        assert (figures["tie_ci_low"], figures["tie_ci_high"]) == pytest.approx(
            wilson_interval(shared, 2000))
    # With two seats, one seat's losses are the other's wins alone.
    assert seats[0]["losses"] == seats[1]["wins"]


def test_sequence_compares_strategies_on_the_same_deals(
        capsys: pytest.CaptureFixture[str]) -> None:
    both = stats_json(capsys, "sequence", "--strategy", "greedy", "--strategy", "random",
                      "-n", "3000", "--seed", "7")
    alone = [stats_json(capsys, "sequence", "--strategy", name, "-n", "3000", "--seed", "7")
             for name in ("greedy", "random")]
    assert [part["strategy"] for part in both["strategies"]] == ["greedy", "random"]
    for part, single in zip(both["strategies"], alone, strict=True):
        assert (part["wins"], part["first_wins"], part["histograms"]) == (
            single["wins"], single["first_wins"], single["histograms"])
    assert both["options"] == {"strategies": ["greedy", "random"]}


def test_the_table_names_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "one-handed", "-n", "1e4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "One-Handed Solitaire: deals 3..10002, 10,000 games" in out
    assert "win rate" in out and "cards left" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["hit-or-miss", "-n", "2.5"], "games must be a whole number from 1 to 10¹⁸"),
    (["hit-or-miss", "-n", "0"], "games must be a whole number from 1 to 10¹⁸"),
    (["relay", "-n", "1e99"], "games must be a whole number from 1 to 10¹⁸"),
    (["hit-or-miss", "--workers", "0"], "workers must be a whole number from 1 to 4096"),
    (["hit-or-miss", "--workers", "999", "-n", "10"], "workers must be 1.."),
    (["hit-or-miss", "--seed", str(2**64 - 5), "-n", "10"], "run past the last deal number"),
    (["add-residue", "-n", "10", "--strategy", "random", "--strategy", "greedy",
      "--players", "3"], "once for each of the 3 seats"),
])
def test_bad_options_are_one_line_and_status_2(capsys: pytest.CaptureFixture[str],
                                               argv: list[str], message: str) -> None:
    try:
        code = main(["stats", *argv])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


@pytest.mark.slow
def test_ctrl_c_prints_the_partial_run_and_exits_130() -> None:
    _, out = interrupted([sys.executable, "-m", "solitaire_tui", "stats", "hit-or-miss", "-n",
                          "1e15", "--seed", "0", "--json"])
    data = json.loads(out)
    assert data["cancelled"] is True and 0 < data["games"] < 10**15
    assert data["wins"] == int(fast.deal_results(0, data["games"], hm.Options())[:, 0].sum())


def test_ctrl_c_during_the_first_compile_stops_at_once(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The compile goes on unwatched (nothing stops it) while the run reports the games
    played so far, none, and the command exits as an interrupted run does."""
    slow = SlowCompile(on_compile=lambda: signal.raise_signal(signal.SIGINT))
    setup = Setup("stand-in", {}, "A stand-in kernel", lambda: slow.kernel)
    try:
        code = stats(setup, 1000, 0, 1, as_json=False)
        assert not slow.compiled.is_set()
    finally:
        slow.release.set()
    assert code == INTERRUPTED
    assert "0 games (cancelled)" in capsys.readouterr().out


def test_a_run_from_the_command_line_is_kept_in_the_history(
        capsys: pytest.CaptureFixture[str], data_path: Path) -> None:
    data = stats_json(capsys, "one-handed", "-n", "3_000", "--seed", "11")
    database = Database(data_path)
    try:
        (entry,) = History(database).entries
    finally:
        database.close()
    assert entry.data == data  # the panel's H lists it and reopens it


@pytest.mark.slow
def test_without_n_a_slow_player_plays_a_run_of_seconds_not_days(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_tui.stats import estimate

    # A default run of 3 s rather than 20: the sizing is the same, the wait shorter.
    monkeypatch.setattr(estimate, "DEFAULT_SECONDS", 3.0)
    data = stats_json(capsys, "sequence", "--strategy", "solver", "--seed", "3",
                      "--workers", "2")
    assert estimate.FEWEST <= int(str(data["games"])) < 1_000_000
    # Sized by the solver's speed, timed on the run's first deals.
    assert float(str(data["seconds"])) < 4 * estimate.DEFAULT_SECONDS


@pytest.mark.slow
def test_the_history_lists_every_seat_and_player_of_a_run(
        capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire_tui.screens.history import result
    from solitaire_tui.store.history import Entry

    seats = stats_json(capsys, "add-residue", "--strategy", "greedy", "--strategy", "random",
                       "-n", "4000", "--seed", "2")
    parts = seats["seats"]  # type: ignore[index]
    rates = [100 * part["wins"] / 4000 for part in parts]
    ties = [100 * part["ties"] / 4000 for part in parts]
    assert all(ties)  # each seat with its own ties (seat 1's said for all read 0%)
    assert result(Entry(seats, "now")) == (
        f"P1 greedy {rates[0]:.4g}% (tied {ties[0]:.4g}%) · P2 random {rates[1]:.4g}%"
        f" (tied {ties[1]:.4g}%)")
    players = stats_json(capsys, "sequence", "--strategy", "greedy", "--strategy", "quick",
                         "-n", "500", "--seed", "2")
    assert result(Entry(players, "now")).startswith("greedy ")
    assert " · quick " in result(Entry(players, "now"))


@pytest.mark.parametrize(("warm", "words"), [(True, "loading"),
                                             (False, "compiling (once; then cached)")])
def test_the_bar_says_loading_once_the_engine_is_warm_and_compiling_before(
        monkeypatch: pytest.MonkeyPatch, warm: bool, words: str) -> None:
    from solitaire_tui import engine
    from solitaire_tui.commands import stats as command

    monkeypatch.setattr(engine, "warmed_here", lambda: warm)
    assert command.getting_ready() == words
