"""The statistics panel's forecast (``screens.stats.forecast``), without Textual: the
figure from the best there is, a stopped timing said, the Games field sized again
only while the panel's own choice stands, and a run ended the next figure's source."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.own_players import sequence as own_sequence
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.own_players import files
from solitaire_tui.screens.stats.forecast import Forecast
from solitaire_tui.stats import compare
from solitaire_tui.stats.calibrate import key
from solitaire_tui.stats.cluster import Scheduler
from solitaire_tui.stats.estimate import MEASURED, ROUGH, TIMED, TIMING, default_games
from solitaire_tui.stats.limits import OWNER
from solitaire_tui.stats.runs import Setup

pytestmark = pytest.mark.engine_free

SETUP = compare.run_setup(GAMES_BY_KEY["one-handed"], {})


class FakeTimings:
    """Timings that start nothing: they note what they were asked to time."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.stopped: dict[str, str] = {}
        self.waits: dict[str, str] = {}
        self.asked: list[tuple[int, int]] = []

    def why_stopped(self, setup: Setup) -> str | None:
        return self.stopped.get(key(setup))

    def waiting(self, setup: Setup) -> str:
        return self.waits.get(key(setup), "")

    def timing(self, setup: Setup, seed: int, workers: int) -> bool:
        self.asked.append((seed, workers))
        return key(setup) not in self.seconds


def forecast(timings: FakeTimings, runs: list[dict[str, object]] | None = None,
             games: int = 1_000, sized: bool = True) -> Forecast:
    return Forecast(list(runs or []), 2, OWNER, timings, games, sized)


def test_options_not_yet_timed_are_timed_and_said_so_while_no_run_plays() -> None:
    timings = FakeTimings()
    found = forecast(timings).estimate((SETUP, 1_000, 7, None, None), running=False)
    assert not isinstance(found, str) and found[0].source == TIMING and found[1] == 2
    assert timings.asked == [(7, 2)]
    during = forecast(timings).estimate((SETUP, 1_000, 7, 1, None), running=True)
    assert not isinstance(during, str) and during[0].source == ROUGH and during[1] == 1
    assert timings.asked == [(7, 2)]  # a run plays: nothing timed beside it


def test_a_timing_waiting_for_the_engine_says_for_what_and_how_long() -> None:
    """On a first start the timing waits for its part of the engine: the line says
    which and how long, not "timing a few deals…" for as long as the compile takes."""
    timings = FakeTimings()
    timings.waits[key(SETUP)] = "One-Handed runs: about 12\u00a0s more"
    found = forecast(timings).estimate((SETUP, 1_000, 7, 2, None), running=False)
    assert not isinstance(found, str) and found[0].source == TIMING
    assert found[0].words(2) == ("how long on 2 workers? timed once the engine has compiled"
                                 " One-Handed runs: about 12\u00a0s more")
    timings.waits.clear()
    found = forecast(timings).estimate((SETUP, 1_000, 7, 2, None), running=False)
    assert not isinstance(found, str) and found[0].words(2) == (
        "how long on 2 workers? timing a few deals…")


def test_the_figure_is_the_timing_then_the_last_run_of_the_options() -> None:
    timings = FakeTimings()
    timings.seconds[key(SETUP)] = 0.001
    found = forecast(timings).estimate((SETUP, 4_000, 7, 2, None), running=False)
    assert not isinstance(found, str) and found[0].source == TIMED
    assert found[0].seconds == 4_000 * 0.001 / 2
    ran = forecast(timings)
    ran.ran({"game": SETUP.game, "options": SETUP.options, "games_per_second": 500.0,
             "workers": 2})
    measured = ran.estimate((SETUP, 4_000, 7, 2, None), running=False)
    assert not isinstance(measured, str) and measured[0].source == MEASURED
    assert measured[0].seconds == 4_000 / 500


def test_a_timing_that_compiles_a_player_of_ones_own_first_says_so(tmp_path: Path) -> None:
    """Its first timing compiles a compiled player (seconds): the line names it."""
    example = Path(__file__).parents[2] / "examples" / "players"
    mine = shutil.copy(example / "first_fit.py", tmp_path / "fits.py")
    plain = shutil.copy(example / "first_fit.py", tmp_path / "plain.py")
    Path(plain).write_text(Path(plain).read_text().replace("COMPILED = True", ""))
    try:
        for path in (mine, plain):
            files.load(str(path), "sequence", own_sequence.__name__)
        setup = compare.run_setup(GAMES_BY_KEY["sequence"],
                                  {"strategies": ["greedy", "fits.py", "plain.py"]})
        found = forecast(FakeTimings()).estimate((setup, 1_000, 7, 2, None), running=False)
        assert not isinstance(found, str) and found[0].source == TIMING
        assert found[0].words(2) == (
            f"how long on 2 workers? compiling fits.py (once), then {TIMING}")
    finally:
        files.forget()


def test_a_cluster_of_its_own_is_forecast_on_its_processes_and_never_timed() -> None:
    timings = FakeTimings()
    found = forecast(timings).estimate((SETUP, 1_000, 7, 2, Scheduler("", 3)), running=False)
    assert not isinstance(found, str) and found[1] == 3 and found[0].source == ROUGH
    assert not timings.asked


def test_a_timing_a_player_stopped_is_said_in_place_of_a_figure() -> None:
    timings = FakeTimings()
    timings.stopped[key(SETUP)] = "raised ValueError on deal 7"
    assert forecast(timings).estimate((SETUP, 1_000, 7, 2, None), running=False) == (
        "Your player raised ValueError on deal 7: a run would stop there.")


def test_the_games_field_is_sized_again_only_as_the_panel_left_it() -> None:
    timings = FakeTimings()
    timings.seconds[key(SETUP)] = 0.01
    sized = forecast(timings, games=50_000)
    expected = default_games(SETUP, 2, (), timings.seconds)
    assert sized.sized(SETUP, "50_000") == f"{expected:_}"
    assert sized.sized(SETUP, f"{expected:_}") == f"{expected:_}"  # its own new choice
    assert sized.sized(SETUP, "123") is None  # the player's own number stays
    assert forecast(timings, sized=False).sized(SETUP, "50_000") is None  # a run reopened


def test_a_run_ended_leads_the_runs_the_figures_come_from() -> None:
    ran = forecast(FakeTimings(), runs=[{"game": "older"}])
    ran.ran({"game": "newer"})
    assert [data["game"] for data in ran.runs] == ["newer", "older"]

