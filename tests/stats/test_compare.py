"""Comparison runs (``stats.compare``): several versions of a game on the same deals,
each version's figures those of its own run, a later version's paired difference
from the first counted deal by deal."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.errors import OptionsError
from rules.fast import batch
from solitaire_tui import cli
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.stats import compare
from solitaire_tui.stats.runs import ONLY_FIRST, ONLY_HERE, paired_difference, tally_data

# (game, base options, the option compared, its values, deals)
CASES = [
    ("hit-or-miss", {"variant": "roll-call"}, "order", ["same", "reversed", "shuffled"], 20_000),
    ("hit-or-miss", {"order": "reversed"}, "variant", ["unlimited", "two-strike"], 20_000),
    ("relay", {}, "players", [2, 4, 10], 5_000),
    ("add-residue", {"players": 2, "n": 6}, "strategies",
     [["random", "random"], ["greedy", "random"]], 3_000),
    ("sequence", {}, "strategies", [["random"], ["greedy"]], 3_000),
]


def alone(game: str, options: dict[str, Any], seed: int, games: int) -> list[Any]:
    setup = GAMES_BY_KEY[game].setup(options)
    return batch.run(setup.make_kernel(), seed, games, 1).tallies


@pytest.mark.parametrize(("game", "base", "option", "values", "games"), CASES)
def test_each_version_is_its_own_run_on_the_same_deals(
        game: str, base: dict[str, Any], option: str, values: list[Any], games: int) -> None:
    setup = compare.run_setup(GAMES_BY_KEY[game],
                              base | {compare.COMPARE: {"option": option, "values": values}})
    kernel = setup.make_kernel()
    run = batch.run(kernel, 500, games, 2)
    part = 0
    for index, value in enumerate(values):
        own = alone(game, base | {option: value}, 500, games)
        for tally in own:
            compared = run.tallies[part]
            assert (compared.games, compared.wins, compared.ties) == (
                tally.games, tally.wins, tally.ties)
            assert compared.first_wins == tally.first_wins
            for name, histogram in tally.histograms.items():
                assert compared.histograms[name].counts == histogram.counts
            assert setup.own_part(part)[0].options[option] == GAMES_BY_KEY[game].setup(
                base | {option: value}).options[option]
            assert (ONLY_HERE in compared.histograms) == (index > 0)
            part += 1
    assert part == len(run.tallies)


def test_the_paired_difference_is_the_difference_of_the_win_rates() -> None:
    game = GAMES_BY_KEY["hit-or-miss"]
    setup = compare.run_setup(game, {"variant": "roll-call", compare.COMPARE: {
        "option": "order", "values": ["same", "shuffled"]}})
    run = batch.run(setup.make_kernel(), 0, 50_000, 2)
    first, later = run.tallies
    found = paired_difference(later.histograms, later.games)
    assert found is not None
    change, low, high = found
    assert change == pytest.approx((later.wins - first.wins) / 50_000)
    assert low < change < high
    # Deal by deal: only-here minus only-first is the difference of the wins.
    here = later.histograms[ONLY_HERE].counts[1]
    there = later.histograms[ONLY_FIRST].counts[1]
    assert here - there == later.wins - first.wins
    assert tally_data(later, False)["difference"]["points"] == pytest.approx(100 * change)
    assert "difference" not in tally_data(first, False)


def test_the_command_line_prints_the_versions_with_their_differences(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["stats", "relay", "--compare", "players=2,4", "-n", "3000", "--seed",
                     "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [part["version"] for part in data["versions"]] == ["2", "4"]
    assert data["options"]["compare"] == {"option": "players", "values": [2, 4]}
    later = data["versions"][1]
    assert later["difference"]["points"] == pytest.approx(
        100 * (later["win_rate"] - data["versions"][0]["win_rate"]))
    assert cli.main(["stats", "relay", "--compare", "players=2,4", "-n", "3000", "--seed",
                     "3"]) == 0
    assert "points over 2 on the same deals (95% interval" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "said"), [
    (["relay", "--compare", "players=2,2"], "the versions compared must differ"),
    (["relay", "--compare", "colour=1,2"], "has no option 'colour' to compare"),
    (["relay", "--compare", "players=2"], "two or more values"),
    (["relay", "--compare", "players=2,40"], "the relay takes 1..10 players, not 40"),
    (["hit-or-miss", "--compare", "order=same,sideways"], "the pass order is one of"),
])
def test_a_wrong_comparison_is_one_sentence(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = cli.main(["stats", *argv, "-n", "10"])
    except SystemExit as stop:  # argparse's own exit, for a value it cannot read
        status = int(str(stop.code))
    assert status == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_too_many_versions_are_refused() -> None:
    with pytest.raises(OptionsError, match="2 to 6 versions"):
        compare.run_setup(GAMES_BY_KEY["relay"], {compare.COMPARE: {
            "option": "players", "values": list(range(1, 9))}})


@pytest.mark.parametrize(("game", "options", "spec", "heading"), [
    ("hit-or-miss", {"variant": "roll-call"},
     {"option": "variant", "values": ["unlimited", "two-strike", "strikes=5"]},
     "Hit or Miss (unlimited vs two-strike vs strikes=5, same order)"),
    ("relay", {}, {"option": "players", "values": [2, 4, 10]},
     "Hit or Miss relay, 2 vs 4 vs 10 players"),
    ("add-residue", {"players": 2, "n": 5},
     {"option": "strategies", "values": [["greedy", "random"], ["random", "greedy"]]},
     "Add/Residue, 2 players (greedy, random) vs (random, greedy), n = 5"),
])
def test_a_comparisons_heading_names_what_its_versions_share_once(
        game: str, options: dict[str, Any], spec: dict[str, Any], heading: str) -> None:
    """Not "Hit or Miss (unlimited, same order), variant unlimited vs two-strike":
    the first version's own value is not the whole comparison's."""
    setup = compare.run_setup(GAMES_BY_KEY[game], options | {compare.COMPARE: spec})
    assert setup.heading == heading


def test_headings_are_merged_at_whole_words_and_never_when_alike() -> None:
    assert compare.versus(["Game", "Game"]) == ""
    assert compare.versus(["Game, fast", "Game"]) == "Game, fast vs Game"
    assert compare.versus(["a b c", "a d c"]) == "a b vs d c"


@pytest.mark.parametrize(("text", "spec"), [
    ("order=same,reversed", {"option": "order", "values": ["same", "reversed"]}),
    ("players=2, 4,10", {"option": "players", "values": [2, 4, 10]}),
    ("strategies=greedy+random,strong+random",
     {"option": "strategies", "values": [["greedy", "random"], ["strong", "random"]]}),
])
def test_a_comparison_is_typed_as_an_option_and_its_values(
        text: str, spec: dict[str, Any]) -> None:
    assert compare.parse(text) == spec


@pytest.mark.slow
async def test_the_panel_compares_the_versions_its_game_offers(
        make_app: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from textual.widgets import Select

    from solitaire_tui.messages import OpenStats
    from solitaire_tui.stats.runner import Phase
    from tests.support.panel import fill, panel, table_text, untimed
    from tests.support.pilots import SIZE, until

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenStats("relay", {"players": 3}))
        await pilot.pause()
        screen = panel(app)
        await fill(pilot, screen, "4000", "12")
        screen.query_one("#compare", Select).value = 0  # players: 2, 4, 10
        await pilot.pause()
        await pilot.press("r")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown is not None and screen.shown.phase is Phase.FINISHED
        shown = screen.shown.data
        table = table_text(screen)
    assert shown is not None
    assert main_json(["stats", "relay", "--compare", "players=2,4,10", "-n", "4000",
                      "--seed", "12"], capsys) == untimed(shown)
    for version in shown["versions"][1:]:
        assert f"{version['difference']['points']:+.2f}" in table


def main_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    from tests.support.panel import untimed

    assert cli.main([*argv, "--json"]) == 0
    return untimed(json.loads(capsys.readouterr().out))
