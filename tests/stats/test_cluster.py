"""Runs on a Dask cluster (``stats.cluster``): a ``LocalCluster`` of processes on the
loopback gives exactly the figures of a run on this machine, for every game, however
its chunks finish, with a worker killed mid-run, and when cancelled."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.errors import OptionsError
from solitaire_tui import cli
from solitaire_tui.games.registry import GAMES, GAMES_BY_KEY
from solitaire_tui.own_players import files
from solitaire_tui.stats import cluster
from solitaire_tui.stats.runs import Setup, run_data
from tests.support.players import EXAMPLES, as_python

pytestmark = pytest.mark.integration  # processes of their own: apart from the quick loop

distributed = pytest.importorskip("distributed", reason='needs pip install -e ".[cluster]"')

TIMING = ("seconds", "compile_seconds", "games_per_second", "workers")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[cluster.Scheduler]:
    """Two worker processes of one thread each, restarted by their nannies if killed."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                  silence_logs=50) as local:
        yield cluster.Scheduler(address=local.scheduler_address)


def figures(setup: Setup, run: Any) -> dict[str, Any]:
    """A run's JSON figures without its timing, which no two runs share."""
    data = run_data(setup, run, setup.make_kernel())
    return {key: value for key, value in data.items() if key not in TIMING}


def here(setup: Setup, seed: int, games: int) -> dict[str, Any]:
    from rules.fast import batch

    return figures(setup, batch.run(setup.make_kernel(), seed, games, 1))


def deals_for(setup: Setup) -> int:
    """Enough deals for several chunks, few enough for a second or so of play."""
    return max(24, min(20_000, int(0.5 / setup.cost)))


@pytest.mark.parametrize("game", [game.key for game in GAMES])
def test_a_cluster_gives_the_figures_of_a_run_here(
        game: str, scheduler: cluster.Scheduler) -> None:
    setup = GAMES_BY_KEY[game].setup({})
    games = deals_for(setup)
    # Small first chunks: many tasks, finishing in whatever order the workers go.
    ran = cluster.run(setup, setup.make_kernel(), 1234, games, scheduler, first_chunk=5)
    assert ran.done == games and not ran.cancelled
    assert figures(setup, ran) == here(setup, 1234, games)


def test_a_comparison_runs_on_a_cluster_as_here(scheduler: cluster.Scheduler) -> None:
    from solitaire_tui.stats.compare import COMPARE, run_setup

    setup = run_setup(GAMES_BY_KEY["hit-or-miss"], {"variant": "roll-call", COMPARE: {
        "option": "order", "values": ["same", "reversed", "shuffled"]}})
    ran = cluster.run(setup, setup.make_kernel(), 9, 30_000, scheduler, first_chunk=999)
    assert figures(setup, ran) == here(setup, 9, 30_000)


def test_a_worker_killed_mid_run_loses_nothing_and_counts_nothing_twice(
        scheduler: cluster.Scheduler) -> None:
    setup = GAMES_BY_KEY["sequence"].setup({"strategies": ["fair"]})
    games = 16
    with distributed.Client(scheduler.address) as client:
        pids = client.run(os.getpid)
    killed: list[int] = []

    def kill_one(state: Any) -> None:
        if not killed:
            victim = next(iter(pids.values()))
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    ran = cluster.run(setup, setup.make_kernel(), 77, games, scheduler, kill_one,
                      first_chunk=2)
    assert killed and ran.done == games
    assert figures(setup, ran) == here(setup, 77, games)


def test_a_cancel_keeps_the_deals_counted_in_order(scheduler: cluster.Scheduler) -> None:
    setup = GAMES_BY_KEY["sequence"].setup({"strategies": ["fair"]})
    progress: list[int] = []
    ran = cluster.run(setup, setup.make_kernel(), 300, 1000, scheduler,
                      lambda state: progress.append(state.done), lambda: bool(progress),
                      first_chunk=2)
    assert ran.cancelled and 0 < ran.done < 1000
    assert figures(setup, ran) | {"requested": 0, "cancelled": False} == (
        here(setup, 300, ran.done) | {"requested": 0, "cancelled": False})



@pytest.fixture
def own() -> Iterator[Callable[[Path, str], str]]:
    """Load a player of one's own (a file, a game's key) as the command line does:
    its name; forgotten after the test."""
    from rules.own_players import add_residue, sequence

    modules = {"sequence": sequence.__name__, "add-residue": add_residue.__name__}
    files.forget()
    yield lambda path, game: files.load(str(path), game, modules[game]).name
    files.forget()


def test_players_of_ones_own_go_to_the_workers_with_the_run(
        scheduler: cluster.Scheduler, own: Callable[[Path, str], str], tmp_path: Path) -> None:
    # Two players of one's own beside a built-in one, as Python: a compiled player on
    # the workers is the next test's (its figures too), and its compile costs a
    # minute of the suite in every process it plays in.
    names = ["greedy", own(as_python(EXAMPLES / "first_fit.py", tmp_path), "sequence"),
             own(EXAMPLES / "random_mover.py", "sequence")]
    setup = GAMES_BY_KEY["sequence"].setup({"strategies": names})
    ran = cluster.run(setup, setup.make_kernel(), 4321, 200, scheduler, first_chunk=20)
    assert ran.done == 200 and not files.faults()
    assert figures(setup, ran) == here(setup, 4321, 200)
    seats = GAMES_BY_KEY["add-residue"].setup({"players": 3, "n": 9, "strategies": [
        own(EXAMPLES / "add_residue_spoiler.py", "add-residue"), "greedy", "random"]})
    ran = cluster.run(seats, seats.make_kernel(), 8, 100, scheduler, first_chunk=10)
    assert figures(seats, ran) == here(seats, 8, 100)


# Two ways a player goes wrong at move 3 of deal 1210, and the lines it may be
# stopped at (a loop is stopped at its test or its body).
WRONG = {
    "raises": ("    if view.deal == 1210 and view.moves_made == 2:\n"
               "        return view.moves[99]\n", (3,), "raised IndexError"),
    "never ends": ("    turns = 0\n"
                   "    while view.deal == 1210 and view.moves_made == 2 and turns >= 0:\n"
                   "        turns = (turns + 1) % 7\n", (3, 4), "took longer than 0.3 s"),
}


@pytest.mark.parametrize("header", ["", "COMPILED = True\n"])
@pytest.mark.parametrize("wrong", list(WRONG))
def test_a_player_that_goes_wrong_on_a_worker_ends_the_run_there_as_here(
        header: str, wrong: str, tmp_path: Path, scheduler: cluster.Scheduler,
        own: Callable[[Path, str], str]) -> None:
    body, lines, what = WRONG[wrong]
    path = tmp_path / "wrong.py"
    path.write_text(f"{header}def play(view):\n{body}    return view.moves[0]\n")
    setup = GAMES_BY_KEY["sequence"].setup({"strategies": [own(path, "sequence"), "greedy"],
                                            "move_seconds": 0.3})
    ran = cluster.run(setup, setup.make_kernel(), 1000, 2000, scheduler, first_chunk=30)
    (said,) = files.faults()
    assert ran.cancelled and ran.done == 210, said
    assert any(said.startswith(f"wrong.py, line {line + bool(header)}, {what} at move 3 of"
                               " deal 1210") for line in lines)
    files.clear_faults()
    assert figures(setup, ran) == here(setup, 1000, 2000)  # a run here's
    (there,) = files.faults()
    assert there == said or wrong == "never ends"  # (a loop may stop at its other line)
    # A worker left spinning in a compiled move was restarted: the next run plays.
    again = GAMES_BY_KEY["sequence"].setup({"strategies": ["greedy"]})
    assert cluster.run(again, again.make_kernel(), 1, 500, scheduler).done == 500


@pytest.mark.parametrize(("text", "expected"), [
    ("tcp://10.0.0.5:8786", cluster.Scheduler(address="tcp://10.0.0.5:8786")),
    (" local:3 ", cluster.Scheduler(local=3)),
    ("local", cluster.Scheduler(local=os.cpu_count() or 1)),
])
def test_a_scheduler_is_an_address_or_a_local_cluster(
        text: str, expected: cluster.Scheduler) -> None:
    assert cluster.scheduler(text) == expected


@pytest.mark.parametrize("text", ["", "local:0", "local:x", "10.0.0.5:8786", "local:999"])
def test_a_wrong_scheduler_is_said_in_a_sentence(text: str) -> None:
    with pytest.raises(OptionsError, match=r"scheduler must be|local cluster has"):
        cluster.scheduler(text)


def test_without_the_extra_the_command_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    status = cli.main(["stats", "hit-or-miss", "-n", "10", "--scheduler", "local:1"])
    assert status == 2
    assert cluster.INSTALL in capsys.readouterr().err


def test_a_scheduler_that_does_not_answer_is_said_in_a_sentence(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    status = cli.main(["stats", "hit-or-miss", "-n", "10", "--scheduler",
                       "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert status == 2 and "no Dask scheduler answered at tcp://127.0.0.1:9" in err
    assert err.count("\n") == 1


def test_the_command_line_runs_on_a_cluster(
        scheduler: cluster.Scheduler, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert cli.main(["stats", "one-handed", "-n", "5000", "--seed", "9", "--json",
                     "--scheduler", scheduler.address]) == 0
    data = json.loads(capsys.readouterr().out)
    setup = GAMES_BY_KEY["one-handed"].setup(data["options"])
    shown = {key: value for key, value in data.items() if key not in TIMING}
    assert shown == json.loads(json.dumps(here(setup, 9, 5000)))  # as JSON: text keys


async def test_the_panel_runs_on_the_cluster_it_is_given_and_remembers_it(
        make_app: Any, scheduler: cluster.Scheduler) -> None:
    from solitaire_tui.messages import OpenStats
    from solitaire_tui.screens.stats.screen import StatsScreen
    from solitaire_tui.stats.runner import Phase
    from tests.support.panel import fill, panel, untimed
    from tests.support.pilots import SIZE, text_of, type_in, until

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenStats("relay", {"players": 3}))
        await pilot.pause()
        screen = panel(app)
        await fill(pilot, screen, "4000", "21")
        await type_in(pilot, screen, "#scheduler", "tcp:/nowhere")
        await pilot.press("r")
        assert not screen.running
        assert "The scheduler must be an address such as tcp://HOST:8786" in text_of(
            screen, "#speed")  # beside the bar, once
        await type_in(pilot, screen, "#scheduler", scheduler.address)
        await pilot.press("r")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown is not None and screen.shown.phase is Phase.FINISHED
        assert f"of {scheduler.address}" in text_of(screen, "#summary")
        shown = screen.shown.data
        assert shown is not None
    setup = GAMES_BY_KEY["relay"].setup({"players": 3})
    assert untimed(shown) == untimed(here(setup, 21, 4000))

    again = make_app()  # the next app on the same data: the address is kept
    async with again.run_test(size=SIZE) as pilot:
        again.post_message(OpenStats("one-handed"))
        await pilot.pause()
        assert isinstance(again.screen, StatsScreen)
        assert again.screen.query_one("#scheduler").value == scheduler.address


async def test_the_panel_sends_the_players_of_ones_own_ticked_to_the_cluster(
        make_app: Any, data_path: Path, scheduler: cluster.Scheduler,
        own: Callable[[Path, str], str]) -> None:
    from solitaire_tui.games.family.own import side_by_side
    from solitaire_tui.stats.compare import run_setup
    from tests.support.panel import fill, keep_player, own_ticked, untimed
    from tests.support.pilots import SIZE, until

    keep_player(data_path, "sequence", "random_mover.py")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await own_ticked(pilot, app, "sequence")
        await fill(pilot, screen, "200", "33")
        screen.query_one("#scheduler").value = scheduler.address  # type: ignore[attr-defined]
        await pilot.press("r")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown is not None and screen.shown.data is not None
        shown = screen.shown.data
    # Paired with the first, as the command line's --player is (``side_by_side``).
    assert shown["workers"] == 2 and [part["version"] for part in shown["versions"]] == [
        "greedy", "mine.py"]
    setup = run_setup(GAMES_BY_KEY["sequence"], side_by_side(["greedy", "mine.py"], ("greedy",)))
    assert untimed(shown) == untimed(here(setup, 33, 200))
