"""SVG snapshots of each screen at 80×24 (the smallest terminal the app is made for)
and at 100×32 (the size the screen tests play in), and of each dialog at 80×24, on
fixed deals. The celebration of a win is the one window left out: it is cards thrown
at random for a few seconds, a look with nothing to lay out, and off in the tests.

They catch layout regressions the Pilot tests cannot see. After a deliberate change
of look, rewrite them with ``pytest tests/app/test_snapshots.py --snapshot-update``
and look at the new SVGs before committing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules import add_residue, hit_or_miss, relay
from solitaire_tui.app import SolitaireApp
from solitaire_tui.decks import numbered
from solitaire_tui.games.add_residue.seating import Seat, Seating
from solitaire_tui.start import Start
from tests.support.pilots import SIZE, reviewed, until, worked

SMALL = (80, 24)
# Each screen at both sizes: the parameter is the snapshot's name's end. The larger
# is the same screen with more room, left to the long step (``slow``).
SIZES = pytest.mark.parametrize("size", [SMALL, pytest.param(SIZE, marks=pytest.mark.slow)],
                                ids=["80x24", "100x32"])


def app_on(tmp_path: Path, start: Start | None = None) -> SolitaireApp:
    return SolitaireApp(data=tmp_path, start=start)


@SIZES
def test_menu(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(app_on(tmp_path), terminal_size=size)


@SIZES
def test_one_handed(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = app_on(tmp_path, Start("one-handed", numbered(7)))
    assert snap_compare(app, press=["d"] * 6, terminal_size=size)


@SIZES
def test_add_residue_setup(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = app_on(tmp_path, Start("add-residue", options=add_residue.Options(3, 7)))

    async def settled(pilot: Any) -> None:
        """The set-up dialog opens over a board still being laid out: the picture waits
        for what the board does in the background. Its keys may or may not have been
        drawn by then; hidden under the dialog, they take no rows either way
        (``test_footer``)."""
        await worked(pilot.app)
        await pilot.pause()

    assert snap_compare(app, run_before=settled, terminal_size=size)


@SIZES
def test_add_residue_board(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    table = Seating((Seat("Ann"), Seat("Ben"), Seat("Cy")), 7)
    app = app_on(tmp_path, Start("add-residue", options=table))
    assert snap_compare(app, press=["enter", "right", "enter", "p", "enter"], terminal_size=size)


@SIZES
def test_sequence(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = app_on(tmp_path, Start("sequence", numbered(3)))
    assert snap_compare(app, press=["1", "2", "f", "1", "3"], terminal_size=size)


@SIZES
def test_calculation(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = app_on(tmp_path, Start("calculation", numbered(5)))
    assert snap_compare(app, press=["1", "2", "2", "3"], terminal_size=size)


@SIZES
def test_betsy_ross(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = app_on(tmp_path, Start("betsy-ross", numbered(5)))
    assert snap_compare(app, press=["space", "f", "space", "space"], terminal_size=size)


@SIZES
def test_hit_or_miss(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    options = hit_or_miss.Options(strikes=3, seed=5)
    app = app_on(tmp_path, Start("hit-or-miss", numbered(5), options))
    assert snap_compare(app, press=["m", "m", "m", "m", "x"], terminal_size=size)


@SIZES
def test_relay(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = app_on(tmp_path, Start("relay", numbered(107), relay.Options(4)))
    assert snap_compare(app, press=["space"] * 30, terminal_size=size)


def seeded_entry(when: str = "2026-11-21 12:00:00", seed: int = 1000) -> tuple[Any, Any]:
    """A seeded Add/Residue run as the history keeps it, with its game: every figure is
    fixed, the timings too (they are set here, as a live run's would vary)."""
    from solitaire_tui.games.registry import GAMES_BY_KEY
    from solitaire_tui.stats.runner import LiveRun
    from solitaire_tui.store.history import Entry

    game = GAMES_BY_KEY["add-residue"]
    setup = game.setup({"players": 3, "n": 6, "strategies": ["greedy", "random", "random"]})
    data = LiveRun(setup, seed, 20_000, 1).work(lambda _: None, lambda: False).data
    assert data is not None
    data |= {"seconds": 0.01, "compile_seconds": 0.5, "games_per_second": 2e6, "workers": 2}
    # The running curve at fixed points (a live run's points follow its chunks' timing).
    kernel = setup.make_kernel()
    rows = kernel.results(seed, 20_000)
    wins = [reading.won(rows).cumsum() for reading in kernel.readings]
    curve = [(done, [int(seat[done - 1]) for seat in wins])
             for done in (250, 500, 1000, 2000, 4000, 8000, 16000, 20_000)]
    return game, Entry(data, when, curve)


def reopened(entries: list[Any], history: bool) -> Any:
    """Open the panel on the newest of ``entries`` reopened from the history, and its
    list of past runs over it if ``history``."""
    from solitaire_tui.screens.history import HistoryScreen
    from solitaire_tui.screens.stats.screen import StatsScreen
    from solitaire_tui.store.choices import Choices
    from solitaire_tui.store.database import Database
    from solitaire_tui.store.history import History

    async def reopen(pilot: Any) -> None:
        database = Database(None)
        (game, entry), *_ = entries
        pilot.app.push_screen(StatsScreen(game, history=History(database),
                                          choices=Choices(database), entry=entry))
        if history:
            pilot.app.push_screen(HistoryScreen([entry for _, entry in entries]))
        await pilot.pause()

    return reopen


@SIZES
def test_stats_panel(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """A seeded Add/Residue run reopened from the history."""
    assert snap_compare(app_on(tmp_path), run_before=reopened([seeded_entry()], False),
                        terminal_size=size)


def test_history(snap_compare: Any, tmp_path: Path) -> None:
    """The panel's past runs (``H``): two seeded runs, newest first."""
    entries = [seeded_entry("2026-11-22 09:30:00", 2000), seeded_entry()]
    assert snap_compare(app_on(tmp_path), run_before=reopened(entries, True),
                        terminal_size=SMALL)


# --- the dialogs, at 80×24 ------------------------------------------------------------


# Hit or Miss opened without its variant asks for one first: it is given one.
ROLL_CALL = hit_or_miss.Options(strikes=3, seed=11)


@pytest.mark.parametrize(("game", "options", "key"), [
    ("one-handed", None, "g"),  # a deal by its number
    ("hit-or-miss", ROLL_CALL, "o"),  # the variant
    ("sequence", None, "question_mark"),  # the rules page
    ("hit-or-miss", ROLL_CALL, "z"),  # the zero-strike search
], ids=["deal", "variant", "rules", "zero-strike"])
def test_dialog(snap_compare: Any, tmp_path: Path, game: str, options: Any, key: str) -> None:
    app = app_on(tmp_path, Start(game, numbered(11), options))
    assert snap_compare(app, press=[key], terminal_size=SMALL)


def test_quit_dialog_over_a_game_in_play(snap_compare: Any, tmp_path: Path) -> None:
    app = app_on(tmp_path, Start("one-handed", numbered(11)))
    assert snap_compare(app, press=["d", "q"], terminal_size=SMALL)


@pytest.mark.slow
def test_review(snap_compare: Any, tmp_path: Path) -> None:
    """A finished game's review (``v``): Sequence deal 7 played to its end by the fair
    player (``e``), every decision weighed; seconds of the fair player's rollouts."""
    app = app_on(tmp_path, Start("sequence", numbered(7)))

    async def weighed(pilot: Any) -> None:
        game = pilot.app.screen
        await pilot.press("e")
        await until(pilot, lambda: game.table.session.is_over)
        await reviewed(pilot)

    assert snap_compare(app, run_before=weighed, terminal_size=SMALL)


@pytest.mark.slow
def test_findings(snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The findings page (``f`` at the menu), every answer worked out, on fewer deals
    than the page plays (as ``tests/stats/test_findings.py`` does): seconds, not the
    page's 17 s here."""
    from solitaire_tui.games.hit_or_miss import findings
    from solitaire_tui.ui.help import HelpMarkdown, Page

    monkeypatch.setattr(findings, "GAMES", 20_000)
    monkeypatch.setattr(findings, "SEARCH_NODES", 2_000_000)

    async def answered(pilot: Any) -> None:
        await pilot.press("f")
        screen = pilot.app.screen
        await until(pilot, lambda: screen.query_one(Page).border_title == "Findings"
                    and "Working it out" not in screen.query_one(HelpMarkdown).source)
        await pilot.pause()

    assert snap_compare(app_on(tmp_path), run_before=answered, terminal_size=SMALL)
