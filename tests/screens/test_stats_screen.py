"""The statistics panel as a person uses it: choose options, run, watch, cancel, look
back at the history and replay a winning deal.

Every figure the panel shows must be the one ``solitaire-tui stats … --json`` prints
for the same options and seed.
"""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select
from textual.widgets.select import InvalidSelectValueError

from rules import hit_or_miss, relay, values
from rules.fast import hit_or_miss as fast_hit_or_miss
from solitaire_tui.app import SolitaireApp
from solitaire_tui.cli import main
from solitaire_tui.decks import numbered
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.messages import OpenGame, OpenStats
from solitaire_tui.own_players import files
from solitaire_tui.own_players.folder import Found
from solitaire_tui.screens.history import HistoryScreen
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.screens.stats.comparing import NOTHING
from solitaire_tui.screens.stats.opening import LAST_RUN, OPENED_ON, PLAYED_ON, last_options
from solitaire_tui.screens.stats.screen import NOT_RUN, StatsScreen
from solitaire_tui.screens.stats.showing import PLOT_SECONDS
from solitaire_tui.start import Start
from solitaire_tui.stats import limits
from solitaire_tui.stats.estimate import default_games
from solitaire_tui.stats.runner import Phase, Snapshot
from solitaire_tui.store.database import Database
from solitaire_tui.store.history import Entry, History
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.quit_dialog import Confirm
from solitaire_tui.ui.run_options import RunOptions
from solitaire_tui.widgets.stats import PAIRED, RatePlot, ResultsTable, WinsList
from tests.support.panel import (
    fill,
    finished_run,
    keep_player,
    open_panel,
    own_ticked,
    panel,
    start_run,
    table_text,
    untimed,
)
from tests.support.pilots import SIZE, footer_keys, text_of, type_in, until

BRAILLE = chr(0x2801)  # the first braille dot pattern: the win rate's line is drawn in them

# The options each game's panel is given, and the same run on the command line.
RUNS: dict[str, tuple[dict[str, Any], list[str]]] = {
    "hit-or-miss": ({"variant": "roll-call", "order": "same"}, ["--variant", "roll-call"]),
    "relay": ({"players": 3}, ["--players", "3"]),
    "one-handed": ({}, []),
    "sequence": ({"strategies": ["greedy", "random"]},
                 ["--strategy", "greedy", "--strategy", "random"]),
    "add-residue": ({"players": 3, "n": 5, "strategies": ["greedy", "random", "random"]},
                    ["--players", "3", "--numbers", "5", "--strategy", "greedy", "--strategy",
                     "random", "--strategy", "random"]),
}


@pytest.mark.parametrize("game", list(RUNS))
@pytest.mark.slow
async def test_a_seeded_run_shows_what_the_stats_command_prints(
        make_app: Callable[..., SolitaireApp], capsys: pytest.CaptureFixture[str],
        game: str) -> None:
    options, argv = RUNS[game]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished_run(pilot, app, game, options, "3_000", "41")
        assert screen.shown is not None and screen.shown.phase is Phase.FINISHED
        shown = screen.shown.data
        assert shown is not None
        table = table_text(screen)
        headings = [str(column.label) for column in screen.query_one(ResultsTable).columns.values()]
        await until(pilot, lambda: bool(app.history.entries))  # written in the background
        history = app.history.entries
    assert main(["stats", game, *argv, "-n", "3000", "--seed", "41", "--workers", "2",
                 "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert untimed(shown) == untimed(printed)
    assert history[0].data == json.loads(json.dumps(shown))  # as saved
    # The table shows those figures: each row's win rate, and its wins or its ties.
    parts = printed.get("seats") or printed.get("strategies") or [printed]
    for part in parts:
        assert f"{100 * part['win_rate']:.4g}%" in table
        assert (f" | {part['wins']:,} | " in table and "won of 3,000" in headings) or (
            f"{100 * part['tie_rate']:.4g}%" in table)


@pytest.mark.slow
async def test_cancel_keeps_the_games_played_so_far(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_run(pilot, app, "hit-or-miss", {"variant": "unlimited"}, "1e12", "7")
        await until(pilot, lambda: screen.shown is not None and screen.shown.done > 0)

        def headings() -> list[str]:
            return [str(column.label)
                    for column in screen.query_one(ResultsTable).columns.values()]

        await until(pilot, lambda: "won" in headings())  # not "won of" the games asked
        await pilot.press("c")
        snap = screen.shown
        assert snap is not None and snap.phase is Phase.CANCELLED and not screen.running
        assert snap.data is not None and snap.data["cancelled"] is True
        played = snap.data["games"]
        assert 0 < played < 10**12
        assert "Cancelled after" in text_of(screen, "#summary")
        await until(pilot, lambda: f"won of {played:,}" in headings())
        saved = app.history.entries[0].data
    rows = fast_hit_or_miss.deal_results(7, played, hit_or_miss.Options())
    assert snap.data["wins"] == int(rows[:, 0].sum()) == saved["wins"]


@pytest.mark.slow
async def test_keys_are_handled_while_a_run_plays(make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_run(pilot, app, "hit-or-miss", {"variant": "roll-call"}, "1e12", "3")
        await until(pilot, lambda: screen.shown is not None and screen.shown.done > 0)
        assert screen.showing.score == 0
        await pilot.press("s")  # the next score's histogram
        assert screen.showing.score == 1 and screen.running
        assert "passes" in text_of(screen, "#scores")
        await pilot.press("escape")  # leaving cancels the run and keeps it
        assert not isinstance(app.screen, StatsScreen)
        assert app.history.entries[0].data["cancelled"] is True


def test_the_time_left_counts_down_till_a_chunk_is_overdue_and_then_grows() -> None:
    """10 of 100 games in 10 s, the last 5 s apart: 90 s left, counted down for twice
    the last chunk's time; a chunk later than that leaves the countdown, each second
    without one adding what the speed so far (1 game/s for 90 games) says."""
    from solitaire_tui.screens.stats import run_words

    snap = Snapshot(Phase.PLAYING, 0, 100, 10, seconds=10.0, workers=1, at=1000.0,
                    chunk_seconds=5.0)
    assert snap.left_at(1000.0) == snap.eta_seconds == 90.0
    assert snap.left_at(1005.0) == 85.0 and snap.left_at(1010.0) == 80.0
    assert snap.left_at(1012.0) == 80.0 + 2 * 9.0
    assert run_words.speed(snap, 1005.0) == "10 of 100 · 1 games/s · 0:01:25 left"
    assert run_words.speed(snap) == "10 of 100 · 1 games/s · 0:01:30 left"
    assert run_words.speed(dataclasses.replace(snap, phase=Phase.FINISHED), 1005.0) == (
        "10 of 100 · 1 games/s")
    # The last chunk, due after an estimate of a moment ran out: nothing left, not less.
    nearly = Snapshot(Phase.PLAYING, 0, 100, 99, seconds=0.99, workers=1, at=1000.0,
                      chunk_seconds=0.5)
    assert nearly.left_at(1000.5) == 0.0
    assert run_words.speed(nearly, 1000.5).endswith(" · 0.0 s left")
    # Chunks of milliseconds, and the next snapshot a screen's busy moment later: the
    # clock counts down for a second before it says the run has slowed.
    early = Snapshot(Phase.PLAYING, 0, 1_000_000, 50_000, seconds=0.25, workers=1,
                     at=1000.0, chunk_seconds=0.004)
    assert early.eta_seconds is not None and early.left_at(1000.3) == pytest.approx(
        early.eta_seconds - 0.3)
    assert early.left_at(1001.5) > early.left_at(1001.0)
    # Before a fifth of a second of play, the speed is the chunks' fixed cost: no time
    # left is told (a first chunk of 2 ms foretold minutes).
    first = dataclasses.replace(early, done=32, seconds=0.002)
    assert first.eta_seconds is None and first.left_at(1000.3) is None
    assert run_words.speed(first, 1000.3) == "32 of 1,000,000 · 16,000 games/s"
    # Then at the last chunk's speed, the largest chunk yet: 8,192 games in 0.08 s,
    # where all of them, their fixed costs in, made 40,000 a second.
    later = dataclasses.replace(early, done=20_000, seconds=0.5, chunk_games=8_192,
                                chunk_seconds=0.08)
    assert later.eta_seconds == pytest.approx(980_000 / (8_192 / 0.08))


@pytest.mark.slow
async def test_a_slow_runs_line_moves_between_its_snapshots(
        make_app: Callable[..., SolitaireApp], monkeypatch: pytest.MonkeyPatch) -> None:
    """A run whose next chunk is long in coming (a stand-in: one chunk of 4 games in
    2 s, then nothing till cancelled) still has a line whose time left moves."""
    from rules.fast.batch import Run
    from rules.stats import Tally
    from solitaire_tui.stats.runner import LiveRun

    def one_chunk_then_nothing(job: LiveRun) -> None:
        job._kernel = job.setup.make_kernel()
        job._progress(Run(job.seed, job.games, 1, [Tally(4, 1)], done=4, seconds=2.0))
        while not job._stopped():
            threading.Event().wait(0.01)

    monkeypatch.setattr(LiveRun, "_work", one_chunk_then_nothing)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_run(pilot, app, "one-handed", {}, "100", "5")
        await until(pilot, lambda: screen.shown is not None and screen.shown.done == 4)
        line = text_of(screen, "#speed")
        assert line.startswith("4 of 100 · 2 games/s · ") and line.endswith(" s left")
        await until(pilot, lambda: text_of(screen, "#speed") != line)
        assert screen.shown is not None and screen.shown.done == 4 and screen.running
        await pilot.press("c")


@pytest.mark.slow
async def test_a_panel_under_a_game_is_sent_nothing_and_shows_the_latest_when_back(
        make_app: Callable[..., SolitaireApp]) -> None:
    """Under a game the run's snapshots are kept, not posted to the panel: Textual
    repaints the whole top screen after each message the screen under it handles."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_run(pilot, app, "hit-or-miss", {"variant": "roll-call"}, "1e12", "3")
        await until(pilot, lambda: screen.shown is not None and screen.shown.done > 0)
        app.post_message(OpenGame("one-handed", numbered(1)))
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()  # what was posted before the game opened has arrived
        covered = screen.shown
        live = screen.live
        assert covered is not None and live is not None
        await until(pilot, lambda: live.snapshot.done > covered.done)  # the run goes on
        assert screen.shown is covered
        await pilot.press("escape")  # no move made: back at once
        assert app.screen is screen and screen.running
        shown = int(text_of(screen, "#speed").split(" of ")[0].replace(",", ""))
        assert shown > covered.done  # drawn at once, where the run has got


@pytest.mark.slow
async def test_a_wrong_field_is_one_sentence_and_runs_nothing_till_mended(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_panel(pilot, app, "one-handed")
        await fill(pilot, screen, "2.5", "1")
        await pilot.press("r")
        assert not screen.running
        assert "Games must be a whole number from 1 to 10¹⁸" in text_of(screen, "#speed")
        assert text_of(screen, "#summary") == NOT_RUN  # said once, on the meter's line
        await fill(pilot, screen, "10", "1")  # mended: no refusal left under the bar
        await until(pilot, lambda: text_of(screen, "#summary") == StatsScreen.WELCOME)
        await fill(pilot, screen, "10", str(2**64 - 5))
        await pilot.press("r")
        assert "run past the last deal number" in text_of(screen, "#speed")
        app.post_message(OpenStats("sequence", {"strategies": []}))
        await pilot.pause()
        await pilot.press("r")
        assert "Sequence Solitaire needs at least one computer player" in text_of(
            panel(app), "#speed")
        await pilot.press("escape")

        # Huge numbers are one sentence too, and the panel still runs once mended.
        assert panel(app) is screen
        await type_in(pilot, screen, "#games", "1e400")
        assert not screen.running
        assert text_of(screen, "#speed") == (
            "Games must be a whole number from 1 to 10¹⁸ (such as 1000000, 1_000_000 or 1e6),"
            " not '1e400'.")
        await fill(pilot, screen, "10", "7" * 5000)
        await pilot.press("r")
        assert not screen.running
        summary = text_of(screen, "#speed")
        assert summary.startswith("A seed must be a whole number from 0 to 18446744073709551615")
        assert summary.endswith("'777777777777777777777777…'.")
        await fill(pilot, screen, "1e3", str(2**64 - 1000))  # the last deals, mended
        await pilot.press("r")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown is not None and screen.shown.phase is Phase.FINISHED
        data = screen.shown.data
        assert data is not None and data["games"] == 1000
        assert all(2**64 - 1000 <= deal < 2**64 for deal in data["first_wins"])


@pytest.mark.slow
async def test_the_menu_and_a_game_open_the_panel_with_their_options(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app(Start("relay", None, relay.Options(6)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        assert panel(app).game.key == "relay"
        assert panel(app).query_one("#players", Select).value == 6
        await pilot.press("escape", "escape")  # back to the game, then the menu
        await pilot.press("down", "down", "t")
        assert panel(app).game.key == "one-handed"


@pytest.mark.parametrize("game", list(RUNS))
@pytest.mark.slow
async def test_a_winning_deal_replays_to_its_win(make_app: Callable[..., SolitaireApp],
                                                 game: str) -> None:
    options = RUNS[game][0]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished_run(pilot, app, game, options, "5_000", "5")
        assert screen.shown is not None
        # A row other than the first (the random player almost never wins Sequence
        # Solitaire: greedy's wins are replayed there).
        labels = screen.shown.labels
        last = labels.index("greedy") if game == "sequence" else len(labels) - 1
        screen.query_one(ResultsTable).move_cursor(row=last)
        await pilot.pause()
        wins = screen.shown.tallies[last].first_wins
        assert wins, "no win to replay in these deals"
        screen.query_one("#wins").focus()
        await pilot.press("enter")
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen) and game_screen.table.replaying
        assert str(wins[0]) in game_screen.table.replaying
        await until(pilot, lambda: game_screen.session.can_redo)  # the line, worked out
        start = game_screen.session.start
        assert game_screen.session.state == start
        await pilot.press("U", "U")  # step through the first moves …
        assert len(game_screen.session.moves) == 2
        await pilot.press("u", "r")  # … back one, and back to the start
        assert game_screen.session.state == start and game_screen.session.can_redo
        await pilot.press("a")  # auto play follows the line …
        await until(pilot, lambda: len(game_screen.session.moves) >= 2)
        await pilot.press("e")  # … and e goes to its end at once
        assert game_screen.session.is_over and not game_screen.session.can_redo
        assert "The end of the replay" in text_of(game_screen, "#message")
        if game == "add-residue":
            from rules import add_residue

            winners = add_residue.result(game_screen.session.state).winners
            assert winners == (last,)
        else:
            assert game_screen.table.verdict(game_screen.session.state)[0]
        rows = app.database.connection.execute("SELECT how, counts FROM games").fetchall()
        assert rows == [("replay", 0)]  # a replay is kept, and counts toward no record
        assert "replay" in text_of(game_screen, "#title")


@pytest.mark.slow
async def test_the_history_reopens_a_run_with_its_figures(
        make_app: Callable[..., SolitaireApp], data_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_run(pilot, app, "sequence", {"strategies": ["greedy", "random"]},
                                 "1_000", "9")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        first = screen.shown.data if screen.shown else None
        await pilot.press("H")
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("enter")
        await pilot.pause()
        reopened = panel(app)
        assert reopened is not screen and reopened.shown is not None
        assert reopened.shown.data == json.loads(json.dumps(first))  # as saved
        assert reopened.query_one("#seed", Input).value == "9"
        assert "From the history" in text_of(reopened, "#summary")
        # The players' folder, read in a worker, may answer after the run is shown (as
        # late as this): its answer leaves the run's line be.
        reopened.post_message(RunOptions.OwnRead(Found(), data_path / "players"))
        await pilot.pause()
        assert "From the history" in text_of(reopened, "#summary")
    saved = History(Database(data_path))  # as another window would read it
    assert saved.entries[0].data == json.loads(json.dumps(first))


@pytest.mark.slow
async def test_the_charts_draw_at_any_size_while_a_run_plays(
        make_app: Callable[..., SolitaireApp]) -> None:
    """plotext builds a log-scale figure in place: each redraw of the same figures (a
    resize) once took the log of the logs, blanked the chart and then failed."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await start_run(pilot, app, "hit-or-miss", {"variant": "roll-call"}, "1e12", "3")
        await until(pilot, lambda: screen.shown is not None and len(screen.shown.curve) > 3)
        for size in [(120, 40), (60, 20), (120, 40), (20, 6), (1, 1), (60, 20), *[SIZE] * 3]:
            await pilot.resize_terminal(*size)  # which waits for the screen to settle
        assert screen.running

        def drawn() -> bool:  # the chart drawn again at this size, its line in braille
            chart = text_of(screen, "#rate")
            return "win %" in chart and any(BRAILLE <= char < chr(0x2900) for char in chart)

        await until(pilot, drawn, PLOT_SECONDS * 20)
        await pilot.resize_terminal(20, 6)
        await pilot.pause()
        assert text_of(screen, "#rate").startswith("win rate")  # a line, where no plot fits
        await pilot.press("c")
        assert not screen.running


@pytest.mark.slow
async def test_a_rows_charts_follow_its_cursor_and_are_kept(
        make_app: Callable[..., SolitaireApp]) -> None:
    """↓ shows the row's figures at once and its charts a frame after; a row shown
    before gets its charts back as they were drawn, without plotext."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        options, _ = RUNS["sequence"]
        screen = await finished_run(pilot, app, "sequence", options, "200", "1")
        rate = screen.query_one(RatePlot)
        screen.query_one(ResultsTable).focus()
        await pilot.pause()  # the run's last words and the focus laid out: the plot's size
        size, first = rate.size, rate.render()
        await pilot.press("down")
        assert screen.showing.part == 1
        await pilot.pause()
        assert rate.figures() == (screen.shown, 1) and rate.render() is not first
        legend = text_of(screen, "#rate").split("┌")[0]  # above the plot: each line named
        assert "━ greedy" in legend and "━ random" in legend and "• 95%" in legend
        await pilot.press("up")
        await pilot.pause()
        assert rate.figures() == (screen.shown, 0) and rate.size == size
        assert rate.render() is first


@pytest.mark.slow
async def test_after_a_run_enter_does_what_the_screen_says(
        make_app: Callable[..., SolitaireApp]) -> None:
    """Not Run again: the list of wins, which enter replays, or else the table."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_run(pilot, app, "one-handed", {}, "1", "0")  # one lost deal
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert isinstance(app.focused, ResultsTable)
        assert "replays" not in text_of(screen, "#summary")
        await pilot.press("enter")
        assert len(app.history.entries) == 1  # no second run
        await fill(pilot, screen, "5_000", "5")
        await pilot.press("r")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over
                    and screen.shown.games == 5000)
        assert isinstance(app.focused, WinsList)
        assert "enter on a win replays it" in text_of(screen, "#summary")
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen) and app.screen.table.replaying


@pytest.mark.slow
async def test_esc_goes_back_one_screen_and_m_to_the_menu_from_any_depth(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app(Start("relay", None, relay.Options(4)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        assert {"escape", "M"} <= footer_keys(game)
        await pilot.press("t", "escape")  # the panel, and back to the game
        assert app.screen is game
        await pilot.press("t", "question_mark", "escape")  # the panel's help, closed
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("M")  # one key from the panel to the menu
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 2
        assert "M" not in footer_keys(app.screen)


@pytest.mark.slow
async def test_any_strike_limit_is_typed_and_a_wrong_one_is_one_sentence(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_panel(pilot, app, "hit-or-miss")
        await fill(pilot, screen, "2_000", "5")
        await type_in(pilot, screen, "#variant", "strikes=7")  # enter runs it
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown_setup is not None
        assert screen.shown_setup.options["variant"] == "strikes=7"
        await type_in(pilot, screen, "#variant", "often")
        assert not screen.running
        assert text_of(screen, "#speed").startswith("Unknown variant 'often': choose")


async def test_options_changed_after_a_run_get_their_timed_estimate(
        make_app: Callable[..., SolitaireApp]) -> None:
    """A run's last words stay until an option changes; then the line says what the
    next run would take, and once its timing is in, the timed figure (it stood at
    "timing a few deals…" for good, the run's figures being shown)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenStats("sequence", {"strategies": ["greedy"]}))
        await pilot.pause()
        screen = panel(app)
        await until(pilot, lambda: "(timed on a few deals)" in text_of(screen, "#speed"), 60)
        await fill(pilot, screen, "1_000", "5")
        await pilot.press("r")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert not text_of(screen, "#speed").startswith("This run:")
        screen.query_one("#strategy-random", Checkbox).value = True
        await until(pilot, lambda: text_of(screen, "#speed").startswith("This run:"))
        await until(pilot, lambda: text_of(screen, "#speed").endswith(
            "(timed on a few deals)"), 60)
        assert screen.shown is not None  # the run's figures are still on the panel


@pytest.mark.slow
async def test_a_run_says_how_long_it_takes_and_a_long_one_is_confirmed_first(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenStats("sequence", {"strategies": ["quick"]}))
        await pilot.pause()
        screen = panel(app)
        await pilot.pause()
        # No figure until the timing is in, where the rough one was up to 9 times off.
        line = text_of(screen, "#speed")
        assert line == f"This run: how long on {screen.cores} workers? timing a few deals…" or (
            line.startswith("This run: about") and line.endswith("(timed on a few deals)"))
        # Timed on the run's own first deals, the untouched Games field is sized again.
        await until(pilot, lambda: "(timed on a few deals)" in text_of(screen, "#speed"), 60)
        assert len(screen.timings.seconds) == 1
        default = values.GAMES(screen.query_one("#games", Input).value)
        assert default < 1_000_000  # the quick player's default run is sized to its speed
        assert default == default_games(screen._ask()[0], screen.cores, (),
                                        screen.timings.seconds)
        # Another player chosen: the field is sized again at once (by the rough guess
        # until its timing is in), never left at a size that takes hours.
        screen.query_one("#strategy-greedy", Checkbox).value = True
        screen.query_one("#strategy-quick", Checkbox).value = False
        await until(pilot, lambda: screen.query_one("#games", Input).value != f"{default:_}")
        await until(pilot, lambda: "(timed on a few deals)" in text_of(screen, "#speed"), 60)
        sized = values.GAMES(screen.query_one("#games", Input).value)
        assert sized == default_games(screen._ask()[0], screen.cores, (), screen.timings.seconds)
        screen.query_one("#strategy-quick", Checkbox).value = True
        screen.query_one("#strategy-greedy", Checkbox).value = False
        await until(pilot, lambda: values.GAMES(screen.query_one("#games", Input).value)
                    == default)  # timed before: sized at once by its timing
        screen.query_one("#games", Input).value = "1e6"
        await pilot.pause()
        assert "(timed on a few deals)" in text_of(screen, "#speed")
        await pilot.press("r")
        assert isinstance(app.screen, Confirm) and not screen.running
        assert "This run would take about" in " ".join(
            str(label.render()) for label in app.screen.query("Label"))
        await pilot.press("n")
        assert app.screen is screen and not screen.running
        await pilot.press("r", "y")
        assert app.screen is screen and screen.running
        await pilot.press("c")


async def test_the_next_estimate_is_made_from_the_run_just_played(
        make_app: Callable[..., SolitaireApp]) -> None:
    """A run's own speed is the best guess of the next run of its options, at once."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished_run(pilot, app, "one-handed", {}, "2_000", "11")
        shown = screen.shown
        assert shown is not None and shown.data is not None
        screen.query_one("#games", Input).value = "4_000"
        await pilot.pause()
        rate = shown.data["games_per_second"]
        assert text_of(screen, "#speed").endswith("(measured)")
        assert screen._estimate()[0].seconds == pytest.approx(4_000 / rate)  # type: ignore[index]


@pytest.mark.slow
async def test_the_panel_opens_on_the_last_run_of_its_options(
        make_app: Callable[..., SolitaireApp]) -> None:
    """Opened again (t from the game), the panel shows its options' last run rather
    than an empty page; r then plays new deals, not the same ones again."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished_run(pilot, app, "one-handed", {}, "2_000", "11")
        first = screen.shown
        await pilot.press("escape")
        again = await open_panel(pilot, app, "one-handed")
        await until(pilot, lambda: again.shown is not None)
        assert again.shown is not None and again.shown.games == first.games == 2000
        assert again.shown.tallies[0].wins == first.tallies[0].wins
        assert text_of(again, "#summary").startswith(f"{LAST_RUN} on ")
        assert again.query_one("#seed", Input).value != "11"
        await pilot.press("escape")
        other = await open_panel(pilot, app, "relay")  # another game: nothing of it yet
        await pilot.pause()
        assert other.shown is None


@pytest.mark.slow
async def test_from_the_menu_the_panel_opens_as_the_game_was_last_run(
        make_app: Callable[..., SolitaireApp]) -> None:
    """The panel keeps no settings of its own between sessions: the history does. From
    the menu it opens on the options of the game's newest run, and shows that run."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await finished_run(pilot, app, "hit-or-miss", {"variant": "two-strike"}, "2_000", "5")
        await pilot.press("escape")
    again = make_app()  # another session, on the same data
    async with again.run_test(size=SIZE) as pilot:
        screen = await open_panel(pilot, again, "hit-or-miss")
        await until(pilot, lambda: text_of(screen, "#summary").startswith(f"{LAST_RUN} on "))
        assert screen.query_one("#variant", Input).value == "two-strike"
        assert screen.shown is not None and screen.shown.games == 2_000
        await pilot.press("escape")
        other = await open_panel(pilot, again, "relay")  # no run of it yet: its own options
        await pilot.pause()
        assert other.shown is None


@pytest.mark.slow
async def test_the_players_read_leave_the_last_runs_line_in_place(
        make_app: Callable[..., SolitaireApp], data_path: Path) -> None:
    """Players read without a fault are shown in their row: the line under the bar
    goes on saying which run the figures are."""
    keep_player(data_path, "sequence", "first_fit.py")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await finished_run(pilot, app, "sequence", {"strategies": ["greedy"]}, "200", "5")
    files.forget()  # another session: its folder read afresh, after the run is shown
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_panel(pilot, app, "sequence")
        await until(pilot, lambda: bool(screen.query(".own")))  # the folder read
        await pilot.pause()
        assert text_of(screen, "#summary").startswith(f"{LAST_RUN} on ")
        await pilot.press("p")  # asked for: what was read is said
        await until(pilot, lambda: text_of(screen, "#summary").startswith("Your players"))


def test_a_last_run_that_can_no_longer_run_gives_way_to_the_one_before() -> None:
    """A player of one's own the newest run played may be gone, or not read yet."""
    game = GAMES_BY_KEY["sequence"]
    kept = [Entry({"game": "sequence", "options": {"strategies": ["greedy", "gone.py"]}}, ""),
            Entry({"game": "relay", "options": {"players": 3}}, ""),
            Entry({"game": "sequence", "options": {"strategies": ["quick", "fair"]}}, "")]
    assert last_options(game, kept) == {"strategies": ["quick", "fair"]}
    assert last_options(game, kept[:2]) == {}


@pytest.mark.slow
async def test_the_last_run_shown_is_said_to_be_of_other_options_once_they_change(
        make_app: Callable[..., SolitaireApp]) -> None:
    """"Your last run of these options" stays true: the form asking for others (Games
    and Seed are not options), the figures are said to be of the ones it opened on."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await finished_run(pilot, app, "hit-or-miss", {}, "2_000", "11")
        await pilot.press("escape")
        again = await open_panel(pilot, app, "hit-or-miss")
        await until(pilot, lambda: text_of(again, "#summary").startswith(f"{LAST_RUN} on "))
        again.query_one("#games", Input).value = "3_000"
        await pilot.pause()
        assert text_of(again, "#summary").startswith(f"{LAST_RUN} on ")
        variant = again.query_one("#variant", Input)
        variant.value = "two-strike"
        await until(pilot, lambda: text_of(again, "#summary").startswith(OPENED_ON))
        variant.value = "unlimited"
        await until(pilot, lambda: text_of(again, "#summary").startswith(f"{LAST_RUN} on "))
        await pilot.press("r")  # a run of its own: the words of the last one are gone
        await until(pilot, lambda: again.shown is not None and again.shown.phase is Phase.FINISHED
                    and again.shown.games == 3_000)
        # A run played here is said to be of other options too, once they change.
        variant.value = "two-strike"
        await until(pilot, lambda: text_of(again, "#summary").startswith(PLAYED_ON))
        assert "Finished: deals " in text_of(again, "#summary")
        variant.value = "unlimited"
        await until(pilot, lambda: text_of(again, "#summary").startswith("Finished: "))


@pytest.mark.slow
async def test_a_guests_panel_has_no_cluster_and_runs_within_the_servers_caps(
        data_path: Path) -> None:
    """A web visitor's app (``serve``): no field to name a Dask scheduler, the workers
    offered up to the cap, and more games than the cap one sentence."""
    app = SolitaireApp(data=data_path, limits=limits.guest(1, 5000))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_panel(pilot, app, "one-handed")
        assert not screen.query("#scheduler") and not screen.query("#where")
        offered = screen.query_one("#workers", Select)
        offered.value = 1
        with pytest.raises(InvalidSelectValueError):  # not offered
            offered.value = 2
        assert int(screen.query_one("#games", Input).value.replace("_", "")) <= 5000
        await fill(pilot, screen, "5001", "1")
        await pilot.press("r")
        assert not screen.running
        assert text_of(screen, "#speed").startswith(
            "Games must be a whole number from 1 to 5000 (the most this server lets a"
            " visitor's run play)")
        await fill(pilot, screen, "5000", "1")
        screen.query_one("#workers", Select).value = 0  # "all": the cap, not every core
        await pilot.press("r")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown is not None and screen.shown.phase is Phase.FINISHED
        assert screen.shown.workers == 1 and screen.shown.done == 5000
        # A file in the players' folder is code: a guest is offered none, loads none.
        folder = data_path / "players" / "sequence"
        folder.mkdir(parents=True)
        (folder / "mine.py").write_text("raise SystemExit('loaded')\n")
        await pilot.press("escape")
        sequence_panel = await open_panel(pilot, app, "sequence")
        await pilot.pause()
        assert sequence_panel.players is None and app.services.players is None
        assert not sequence_panel.query(".own") and not sequence_panel.check_action(
            "read_players", ())


@pytest.mark.slow
async def test_the_footers_keys_work_in_the_number_fields_and_tab_reaches_every_part(
        make_app: Callable[..., SolitaireApp]) -> None:
    """``r`` typed in the Games field used to go into it (``2e3r``) and the line under
    the fields went blank: a number field takes only what a number is written with,
    so the footer's keys are the screen's there; a wrong field says why."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_panel(pilot, app, "one-handed")
        await fill(pilot, screen, "", "5")
        games = screen.query_one("#games", Input)
        games.focus()
        await pilot.press(*"2e3")
        assert games.value == "2e3" and "r" in footer_keys(screen)
        seed = screen.query_one("#seed", Input).value
        await pilot.press("n")  # a new seed, from inside the Games field
        assert games.value == "2e3" and screen.query_one("#seed", Input).value != seed
        await pilot.press("r")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert games.value == "2e3" and screen.shown is not None
        assert screen.shown.data is not None and screen.shown.data["games"] == 2000
        games.focus()
        await pilot.press("backspace", "backspace", "backspace", ".", "5")
        assert text_of(screen, "#speed") == (
            "Games must be a whole number from 1 to 10¹⁸ (such as 1000000, 1_000_000 or"
            " 1e6), not '.5'.")
        reached = set()
        for _ in range(12):
            await pilot.press("tab")
            if app.focused is not None:
                reached.add(app.focused.id)
        assert {"games", "seed", "workers", "run", "results", "wins"} <= reached
        games.focus()
        await pilot.press("t")  # the table, in one key from a field
        assert app.focused is screen.query_one(ResultsTable)


def test_a_compared_seats_edge_is_over_the_other_seats_of_its_own_version() -> None:
    """Add/Residue's seats compared across versions: each seat's edge is over the
    seats of its own version (it was over every row, and read '-55.40 ± 0.00'), and
    a row names its version and seat ('greedy+random P1')."""
    from rules.stats import Tally
    from solitaire_tui.widgets.stats import ResultsTable, advantage

    labels = ("random+random · P1 random", "random+random · P2 random",
              "greedy+random · P1 greedy", "greedy+random · P2 random")
    wins = (470, 490, 960, 30)
    snap = Snapshot(Phase.FINISHED, 0, 1000, 1000, tuple(Tally(1000, won) for won in wins),
                    labels, shares_wins=True)
    rows = [ResultsTable._cells(snap, index, paired=False) for index in range(4)]
    assert [str(row[0]) for row in rows] == [
        "random+random P1", "random+random P2", "greedy+random P1", "greedy+random P2"]
    assert str(rows[3][3]) == advantage([960, 30], 1000, 1) != advantage(list(wins), 1000, 3)
    assert not str(rows[3][3]).endswith("± 0.00")


def test_a_run_of_a_game_with_no_deals_speaks_of_games() -> None:
    """Add/Residue deals no cards: its run's games are numbered, not its deals."""
    from solitaire_tui.screens.stats import run_words

    snap = Snapshot(Phase.FINISHED, 5, 10, 10, workers=2)
    assert run_words.summary(snap).startswith("Finished: deals 5..14 in")
    assert run_words.summary(snap, "games").startswith("Finished: games 5..14 in")


def test_a_run_of_a_moment_is_not_said_to_take_no_time() -> None:
    from solitaire_tui.screens.stats import run_words

    assert run_words.seconds(0.004) == "under 0.01 s"
    assert run_words.seconds(0.005) == "0.01 s" and run_words.seconds(1.234) == "1.23 s"


def test_an_empty_players_folder_says_what_would_be_one(tmp_path: Path) -> None:
    """"Your players (…): none." told a newcomer nothing: the sentence says where a
    player goes and what makes a file one."""
    from solitaire_tui.screens.stats import run_words

    said = run_words.own_players(tmp_path, Found())
    assert said.startswith(f"No players of your own in {tmp_path} yet:")
    assert "play(view)" in said and said.endswith(".")
    assert run_words.own_players(tmp_path, Found(problems=["mine.py, line 2: boom"])) == (
        f"Your players ({tmp_path}): none. mine.py, line 2: boom.")


@pytest.mark.slow
async def test_the_players_own_players_are_run_beside_the_built_in_ones(
        make_app: Callable[..., SolitaireApp], data_path: Path) -> None:
    """The files of the data directory's players/sequence/ are ticks beside the built-in
    players; a run of them is the command line's figures, and one that goes wrong
    stops the run, saying where, with its games before kept."""
    from solitaire_tui.own_players import files
    from solitaire_tui.widgets.toggles import Tick

    folder = keep_player(data_path, "sequence", "first_fit.py").parent
    files.forget()
    app = make_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            app.post_message(OpenStats("sequence", {"strategies": ["greedy"]}))
            await pilot.pause()
            screen = panel(app)
            await until(pilot, lambda: bool(screen.query(".own")))
            assert text_of(screen, "#summary").startswith("Your players (")
            mine = screen.query_one(".own", Tick)
            assert str(mine.name) == "mine.py" and not mine.value
            mine.value = True
            await fill(pilot, screen, "400", "21")
            await pilot.press("r")
            await until(pilot, lambda: screen.shown is not None and screen.shown.over)
            shown = screen.shown
            assert shown is not None and list(shown.labels) == ["greedy", "mine.py"]
            assert shown.tallies[0].wins == shown.tallies[1].wins  # the greedy rule, twice
            # Paired with the first, as stats --player is: the same deals won, to a deal.
            headings = [str(column.label)
                        for column in screen.query_one(ResultsTable).columns.values()]
            assert PAIRED in headings and "+0.00 ± 0.00" in table_text(screen)
            # A player that goes wrong on deal 150, read again by p.
            first = files.find("mine.py", "sequence")
            assert first is not None
            (folder / "mine.py").write_text(
                "def play(view):\n    if view.deal == 150:\n        return None\n"
                "    return view.moves[0]\n")
            await pilot.press("p")
            await until(pilot, lambda: files.find("mine.py", "sequence") not in (None, first)
                        and screen.query_one(".own", Tick).value)
            await fill(pilot, screen, "400", "100")
            await pilot.press("r")
            await until(pilot, lambda: screen.shown is not None and screen.shown.over
                        and screen.shown.seed == 100)
            shown = screen.shown
            assert shown is not None and shown.done == 50  # deals 100..149, kept
            assert "Your player mine.py returned no move at move 1 of deal 150" in text_of(screen,
                                                                               "#summary")
    finally:
        files.forget()


@pytest.mark.slow
async def test_a_described_games_own_players_are_run_and_their_wins_replayed(
        make_app: Callable[..., SolitaireApp], data_path: Path) -> None:
    """The files of players/betsy-ross/ are ticks beside the family's players; a win of
    one of them, entered from the list, replays its moves, each asked of the player."""
    from solitaire_tui.own_players import files

    keep_player(data_path, "betsy-ross", "family_first_fit.py")
    files.forget()
    app = make_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await own_ticked(pilot, app, "betsy-ross")
            await fill(pilot, screen, "200", "30")
            await pilot.press("r")
            await until(pilot, lambda: screen.shown is not None and screen.shown.over)
            shown = screen.shown
            assert shown is not None and list(shown.labels) == ["greedy", "mine.py"]
            assert shown.tallies[0].wins == shown.tallies[1].wins > 0  # the greedy rule
            screen.query_one(ResultsTable).move_cursor(row=1)
            await pilot.pause()
            wins = shown.tallies[1].first_wins
            screen.query_one("#wins").focus()
            await pilot.press("enter")
            game_screen = app.screen
            assert isinstance(game_screen, GameScreen) and game_screen.table.replaying
            assert f"deal {wins[0]}, mine.py player" in game_screen.table.replaying
            await until(pilot, lambda: game_screen.session.can_redo, 60)  # the line
            await pilot.press("e")
            assert game_screen.session.is_over
            assert game_screen.table.verdict(game_screen.session.state)[0]
    finally:
        files.forget()


@pytest.mark.slow
async def test_a_player_that_stops_the_timing_is_said_before_a_run(
        make_app: Callable[..., SolitaireApp], data_path: Path) -> None:
    """A player of one's own that never returns stops the panel's timing of the run:
    the line says why at once (it waited, timing, for ever), and once the file is
    mended and read again (p) the run is timed afresh."""
    from solitaire_tui.own_players import files

    path = keep_player(data_path, "calculation", "family_first_fit.py")
    mended = path.read_text()
    path.write_text("def play(view):\n    while True:\n        pass\n")
    files.forget()
    app = make_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await own_ticked(pilot, app, "calculation")
            await until(pilot, lambda: "Your player mine.py" in text_of(screen, "#speed"), 60)
            said = text_of(screen, "#speed")
            assert "took longer than 1 s at move 1 of deal" in said
            assert said.endswith("a run would stop there.")
            path.write_text(mended)
            await pilot.press("p")
            try:
                await until(pilot, lambda: text_of(screen, "#speed").startswith("This run:"),
                            60)
            except AssertionError:  # what the panel said instead, for the failure's reader
                raise AssertionError((text_of(screen, "#speed"), text_of(screen, "#summary"),
                                      app.focused)) from None
    finally:
        files.forget()


@pytest.mark.slow
async def test_an_add_residue_seat_may_be_the_players_own(
        make_app: Callable[..., SolitaireApp], data_path: Path) -> None:
    """The files of players/add-residue/ are offered in every seat; a seat of one's own
    plays beside built-in seats seeded as the compiled kernel seeds them."""
    from solitaire_tui.own_players import files

    folder = data_path / "players" / "add-residue"
    folder.mkdir(parents=True)
    (folder / "mine.py").write_text(
        "def play(view):\n"
        "    return max(view.moves, key=lambda move: (view.gain(move), -view.after(move)))\n")
    files.forget()
    app = make_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            app.post_message(OpenStats("add-residue", {"players": 2, "n": 6,
                                                       "strategies": ["greedy", "random"]}))
            await pilot.pause()
            screen = panel(app)
            seat = screen.query_one("#seat-1", Select)
            await until(pilot, lambda: files.find("mine.py", "add-residue") is not None
                        and text_of(screen, "#summary").startswith("Your players ("))
            seat.value = "mine.py"
            await fill(pilot, screen, "300", "7")
            await pilot.press("r")
            await until(pilot, lambda: screen.shown is not None and screen.shown.over)
            shown = screen.shown
            assert shown is not None and shown.labels[0] == "P1 mine.py"
            from rules import add_residue
            from rules.fast import batch
            from solitaire_tui.games.add_residue.kernel import kernel

            compiled = batch.run(kernel(add_residue.Options(2, 6), ["greedy", "random"]), 7,
                                 300, 1)
            assert [tally.wins for tally in shown.tallies] == [tally.wins
                                                              for tally in compiled.tallies]
    finally:
        files.forget()


@pytest.mark.parametrize(("game", "compared", "field"), [
    ("hit-or-miss", "unlimited, roll-call", "variant"), ("hit-or-miss", "orders", "order"),
    ("relay", "players", "players"), ("add-residue", "seat 1", "seat-1"),
    ("add-residue", "seat 1", "seat-2")])
@pytest.mark.slow
async def test_a_field_a_comparison_sets_stands_aside_while_it_is_chosen(
        make_app: Callable[..., SolitaireApp], game: str, compared: str, field: str) -> None:
    """Its value would not be played: disabled, struck through, saying why, and back
    once the comparison is none. Add/Residue's comparison sets every seat (seat 1's player
    against random players), so no seat's field is left to be changed in vain."""

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_panel(pilot, app, game)
        choice = screen.query_one("#compare", Select)
        fields = screen.query_one(RunOptions)
        held = fields.query_one(f"#{field}")
        own_tip = held.tooltip
        assert not held.disabled
        choice.focus()  # a frameless choice, focused, is marked beyond a tint
        await until(pilot, lambda: choice.query_one("SelectCurrent").rich_style.underline)
        choice.value = next(index for title, index in choice._options
                            if str(title).startswith(compared))
        await until(pilot, lambda: held.disabled)
        assert held.tooltip == RunOptions.COMPARED
        value = held.query_one("SelectCurrent") if isinstance(held, Select) else held
        assert value.rich_style.strike
        others = [widget for widget in fields.query("Input, Select").results()
                  if widget.display and (widget.id or "").split("-")[0] != field.split("-")[0]]
        assert others == [] or not any(widget.disabled for widget in others)
        choice.value = NOTHING
        await until(pilot, lambda: not held.disabled)
        assert held.tooltip == own_tip and not value.rich_style.strike


@pytest.mark.parametrize("size", [(80, 24), SIZE])
async def test_a_wrong_field_is_said_whole_beside_the_bar(
        make_app: Callable[..., SolitaireApp], size: tuple[int, int]) -> None:
    """Shuffled with no strike limit: the sentence that says why is whole on the
    meter's line, wrapped, not cut at the edge ("…a strike limit (such as")."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_panel(pilot, app, "hit-or-miss")
        screen.query_one("#order", Select).value = "shuffled"
        speed, meter = screen.query_one("#speed"), screen.query_one("#meter")
        await until(pilot, lambda: "always won" in text_of(screen, "#speed"))
        await until(pilot, lambda: meter.size.height >= speed.size.height >= 2)
        lines = [strip.text.strip() for strip in speed.render_lines(speed.region.reset_offset)]
        assert " ".join(line for line in lines if line).endswith("the game is always won.")


@pytest.mark.slow
async def test_a_comparison_offers_the_versions_the_other_fields_can_play(
        make_app: Callable[..., SolitaireApp]) -> None:
    """Hit or Miss's orders, unlimited: same and reversed (shuffling needs a strike
    limit), so the comparison chosen runs; a limit typed brings shuffled back, the
    comparison still chosen, and the run plays all three."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_panel(pilot, app, "hit-or-miss")
        choice = screen.query_one("#compare", Select)
        orders = next(index for title, index in choice._options
                      if str(title).startswith("orders"))
        choice.value = orders

        def offered() -> str:
            return str(next(title for title, index in choice._options if index == orders))

        assert offered() == "orders: same, reversed"
        await until(pilot, lambda: "This run:" in text_of(screen, "#speed"))
        await type_in(pilot, screen, "#variant", "roll-call")
        await until(pilot, lambda: offered() == "orders: same, reversed, shuffled")
        assert choice.value == orders
        await until(pilot, lambda: "orders: same, reversed, shuffled" in text_of(
            screen, "#compare SelectCurrent Static"))
        await fill(pilot, screen, "300", "5")
        await pilot.press("r")
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown.labels == ("same", "reversed", "shuffled")


async def wide_comparison(pilot: Pilot[None], app: SolitaireApp, game: str, compared: str,
                          games: str) -> ResultsTable:
    """The table of a finished comparison (the one whose name starts ``compared``),
    once it is wider than the panel."""
    screen = await open_panel(pilot, app, game)
    choice = screen.query_one("#compare", Select)
    choice.value = next(index for title, index in choice._options
                        if str(title).startswith(compared))
    await fill(pilot, screen, games, "5")
    await pilot.press("r")
    await until(pilot, lambda: screen.shown is not None and screen.shown.over)
    table = screen.query_one(ResultsTable)
    await until(pilot, lambda: table.max_scroll_x > 0)
    return table


@pytest.mark.slow
async def test_a_wide_comparison_scrolled_sideways_keeps_its_rows_names(
        make_app: Callable[..., SolitaireApp]) -> None:
    """At 80 columns a comparison's table is wider than the screen: scrolled to its
    last column, each row still starts with its name."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await wide_comparison(pilot, app, "hit-or-miss", "unlimited, roll-call", "2000")
        await pilot.press("t", *["right"] * 12)
        await until(pilot, lambda: table.scroll_x == table.max_scroll_x)
        await pilot.pause()
        names = [str(cell[0]) for cell in map(table.get_row_at, range(table.row_count))]
        lines = [strip.text for strip in table.render_lines(table.region.reset_offset)]
        assert [line.split()[0] for line in lines[1:1 + len(names)]] == names
        assert lines[0].rstrip().endswith("mean cards left")


@pytest.mark.slow
async def test_a_wide_table_moves_sideways_a_column_at_a_time_and_to_its_ends(
        make_app: Callable[..., SolitaireApp]) -> None:
    """Add/Residue's comparison at 80 columns: right shows the next column whole at
    the names' edge, end the last, and a right after end stays there (it went back to
    the first column)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await wide_comparison(pilot, app, "add-residue", "seat 1", "30")
        names, *later = table.ordered_columns

        def first_shown() -> str:  # the heading just right of the names
            heading = table.render_lines(table.region.reset_offset)[0].text
            return heading[names.get_render_width(table):].split("  ")[0].strip()

        await pilot.press("t", "right")
        await until(pilot, lambda: table.scroll_x == later[0].get_render_width(table))
        assert first_shown() == str(later[1].label)
        await pilot.press("end")
        await until(pilot, lambda: table.scroll_x == table.max_scroll_x)
        await pilot.press("right")
        await pilot.pause()
        assert table.scroll_x == table.max_scroll_x
        await pilot.press("left")
        await until(pilot, lambda: 0 < table.scroll_x < table.max_scroll_x)
        assert first_shown() in [str(column.label) for column in later]
        await pilot.press("home")
        await until(pilot, lambda: table.scroll_x == 0)
        assert first_shown() == str(later[0].label)


async def test_six_seats_are_all_on_the_screen_at_80_columns(
        make_app: Callable[..., SolitaireApp]) -> None:
    """Seats 4 to 6 ran off the right edge in one row: they have a row of their own,
    shown only with more than three players."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.post_message(OpenStats("add-residue", {"players": 3, "n": 7}))
        await pilot.pause()
        screen = panel(app)
        more = screen.query_one("#more-seats")
        assert more.region.height == 0
        screen.query_one("#players", Select).value = 6
        await until(pilot, lambda: more.region.height > 0)
        for seat in range(1, 7):
            region = screen.query_one(f"#seat-{seat}", Select).region
            assert region.height and region.right <= 80, seat


@pytest.mark.parametrize(("game", "said"), [
    ("hit-or-miss", "`roll-call`\n  loses at 3 strikes in a row"),
    ("add-residue", "a person's seat is played by\n  random here")])
@pytest.mark.slow
async def test_the_help_says_what_the_games_own_fields_mean(
        make_app: Callable[..., SolitaireApp], game: str, said: str) -> None:
    """"roll-call" or "two-strike" were named nowhere a newcomer could read them: the
    panel's help has a section on the game's own fields, before its keys."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_panel(pilot, app, game)
        page = screen.help_page()
        fields = page.index(f"## {screen.game.title}'s fields")
        assert fields < page.index(said) < page.index("## Keys")
        one_handed = await open_panel(pilot, app, "one-handed")
        assert "'s fields" not in one_handed.help_page()
        # p reads the player's own players: listed where the game takes them.
        assert ("read_players" in [key.action for key in screen.help_keys()
                                   if isinstance(key, Binding)]) == (game == "add-residue")
