"""How long a run will take before it starts, and the size of a default run."""

from __future__ import annotations

from rules.roster import ADD_RESIDUE as ADD_RESIDUE_PLAYERS
from rules.roster import SEQUENCE as SEQUENCE_PLAYERS
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.stats.calibrate import calibrate, key
from solitaire_tui.stats.estimate import (
    DEFAULT_SECONDS,
    FEWEST,
    ROUGH,
    TIMED,
    default_games,
    duration,
    estimate,
)
from solitaire_tui.stats.runs import DEFAULT_GAMES, Setup

SEQUENCE = GAMES_BY_KEY["sequence"]


def setup(*players: str) -> Setup:
    return SEQUENCE.setup({"strategies": list(players)})


def test_durations_read_as_a_person_says_them() -> None:
    assert duration(0.2) == "under a second"
    assert duration(40) == "40 s"
    assert duration(12 * 60) == "12 min"
    assert duration(3.5 * 3600) == "3.5 h"
    assert duration(6 * 86_400) == "6 days"


def test_a_default_run_fits_its_seconds_in_a_round_number_of_games() -> None:
    quick = setup("greedy")  # a million games take seconds: the most a default plays
    assert default_games(quick, 2) == DEFAULT_GAMES
    for name in ("quick", "fair"):
        thinking = setup(name)
        games = default_games(thinking, 2)
        assert FEWEST <= games < DEFAULT_GAMES
        assert str(games).rstrip("0") in ("1", "2", "5")
        # Within its seconds, unless even the fewest games a default plays take longer.
        assert estimate(thinking, games, 2).seconds <= DEFAULT_SECONDS or games == FEWEST
        assert estimate(thinking, games * 10, 2).seconds > DEFAULT_SECONDS


def test_a_run_of_the_same_options_measured_here_replaces_the_guess() -> None:
    fair = setup("fair")
    runs = [{"game": "sequence", "options": {"strategies": ["greedy"]},
             "games_per_second": 1e6, "workers": 2},
            {"game": "sequence", "options": fair.options, "games_per_second": 40.0,
             "workers": 2}]
    measured = estimate(fair, 4000, 2, runs, {key(fair): 1.0})
    assert measured.measured and measured.seconds == 100.0  # 40 games/s on 2 workers
    assert "measured" in measured.words(2)
    guess = estimate(fair, 4000, 2)
    assert not guess.measured and "rough guess" in guess.words(2)
    assert default_games(fair, 2, runs) == 500  # 20 s at 40 games/s: 800, rounded down


def test_a_timing_of_the_runs_own_deals_replaces_the_rough_guess() -> None:
    fair = setup("fair")
    timed = {key(fair): 0.08, key(setup("greedy")): 1e-6}
    found = estimate(fair, 1000, 2, (), timed)
    assert found.source == TIMED and found.seconds == 40.0
    assert "(timed on a few deals)" in found.words(2)
    assert default_games(fair, 2, (), timed) == 500  # 20 s at 25 games/s a worker
    assert estimate(setup("quick"), 1000, 2, (), timed).source == ROUGH


def test_a_timing_plays_the_runs_own_deals_on_one_core_and_a_stop_ends_it() -> None:
    run = GAMES_BY_KEY["hit-or-miss"].setup({})
    seconds = calibrate(run, 12345)
    assert seconds is not None and 0 < seconds < 0.01  # a game takes about a microsecond
    assert calibrate(run, 12345, stop=lambda: True) is None
    assert key(run) == key(GAMES_BY_KEY["hit-or-miss"].setup({})) != key(setup("greedy"))


def test_every_game_and_player_has_a_default_run_of_under_a_minute() -> None:
    runs = [game.setup({}) for game in GAMES_BY_KEY.values()]
    runs += [setup(name) for name in SEQUENCE_PLAYERS]
    runs += [GAMES_BY_KEY["add-residue"].setup({"players": 2, "n": 5, "strategies": [name]})
             for name in ADD_RESIDUE_PLAYERS]
    for run in runs:
        assert estimate(run, default_games(run, 2), 2).seconds < 60, run.heading
