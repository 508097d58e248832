"""Auto play in the frame every game screen shares: its pace, the speed it shows, its
sign, and the footer it leaves alone while it plays."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.pilot import Pilot
from textual.widgets import Footer

from rules import hit_or_miss
from rules.hit_or_miss import Options
from solitaire_tui.decks import numbered
from solitaire_tui.games.hit_or_miss.screen import PLAY_KEYS, HitOrMissScreen
from solitaire_tui.play.auto import (
    CATCH_UP,
    FIRST_MEASURE,
    INSTANT,
    SPEEDS,
    Pace,
    interval,
    rate_words,
    speed_words,
)
from solitaire_tui.start import Start
from solitaire_tui.ui.helping import HINTS_PLAYED, STOPPED_BY_UNDO, Helping
from solitaire_tui.ui.quit_dialog import Confirm
from tests.support.pilots import (
    SIZE,
    footer_keys,
    help_read,
    press_busy,
    sign,
    text_of,
    until,
)

DEAL = 13  # 567 cards turned: auto play goes on for as long as these tests watch


def test_each_tick_is_owed_the_moves_its_time_comes_to() -> None:
    pace = Pace(20, now=0.0)
    assert pace.due(0.025) == 0  # half a move: carried to the next tick
    assert pace.due(0.05) == 1
    pace.played(1, 0.05)
    assert pace.due(0.099) == 1  # a tick a little early still makes its move
    pace.played(1, 0.099)
    assert pace.due(10.0) == 20 * CATCH_UP  # a stall is not made up in a burst
    assert Pace(INSTANT, now=0.0).due(0.0) == INSTANT


def test_the_speed_shown_is_the_one_measured_not_the_one_asked_for() -> None:
    pace = Pace(100, now=0.0)
    for tick in range(1, 11):  # the moves come at 10 a second, whatever was asked
        pace.played(1, tick / 10)
        if tick / 10 < FIRST_MEASURE:
            assert pace.measured() is None  # too soon to say
    assert pace.measured() == 10
    assert rate_words(10) == "10 moves/s" and rate_words(237.4) == "240 moves/s"
    assert speed_words(SPEEDS[0]) == "up to 1 move a second"
    assert speed_words(SPEEDS[-1]).startswith("instant")


@given(st.sampled_from(SPEEDS[:-1]),
       st.lists(st.sampled_from([0.9, 0.96, 1.0, 1.02, 1.5, 3.0]), min_size=5, max_size=200))
def test_the_speed_measured_never_reads_over_the_speed_asked_for(
        rate: float, lateness: list[float]) -> None:
    """Ticks a little early and a late tick making up its moves read up to a tenth
    over the speed in a window (measured: 11 moves/s at 10), which the sign, "up to"
    the speed chosen, never shows."""
    pace, now = Pace(rate, now=0.0), 0.0
    for late in lateness:
        now += interval(rate) * late
        pace.played(int(pace.due(now)), now)
        measured = pace.measured()
        assert measured is None or measured <= rate


async def test_the_sign_is_on_while_auto_play_plays_with_the_speed_it_keeps(
    make_app: Any,
) -> None:
    deck = numbered(DEAL)
    app = make_app(Start("hit-or-miss", deck, Options(seed=deck.seed)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        assert sign(screen) is None
        assert {"e", "plus"} <= footer_keys(screen)
        assert "| `e` | Finish: " in await help_read(pilot)
        await pilot.press("plus")  # the speed auto play starts at
        assert text_of(screen, "#message") == (
            "Auto speed: up to 10 moves a second (a starts it).")
        assert not screen.session.moves and sign(screen) is None
        await pilot.press("minus", "a")
        # At once; with a figure only once it has been measured (a loaded machine's
        # simulated key may come later than that).
        words = sign(screen)
        assert words is not None and words.startswith("▶ auto play · ") and "a stops" in words
        assert words in text_of(screen, "#status")  # whole, at the status line's end
        press_busy(pilot, "plus", "plus")
        await until(pilot, lambda: "up to 30 moves a second" in text_of(screen, "#message"))
        await until(pilot, lambda: "moves/s" in (sign(screen) or ""), seconds=10)
        first, words = words, sign(screen)
        assert words is not None and words.startswith("▶ auto play · ")
        assert words.endswith(" moves/s · a stops")
        assert len(words) == len(first)  # its left edge stays where it was
        assert screen.session.moves and not screen.session.is_over
        await pilot.press("a")
        assert sign(screen) is None
        assert text_of(screen, "#message") == "Auto play stopped."


async def test_h_while_auto_plays_says_its_moves_are_the_hints_and_u_stops_it(
        make_app: Any) -> None:
    """A hint shown while auto play plays would be gone with its next move: ``h``
    says so, and auto play goes on; ``u`` takes a move back and stops it, saying so."""
    app = make_app(Start("hit-or-miss", numbered(DEAL), Options(seed=DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await playing_fast(pilot, 2)
        await pilot.press("h")
        assert text_of(screen, "#message") == HINTS_PLAYED
        played = len(screen.session.moves)
        await until(pilot, lambda: len(screen.session.moves) > played)  # it goes on
        assert text_of(screen, "#message") == HINTS_PLAYED  # kept while it plays
        assert not screen.table.ledger.helped  # no hint was shown
        await pilot.press("u")
        after = len(screen.session.moves)
        assert sign(screen) is None
        assert text_of(screen, "#message") == STOPPED_BY_UNDO
        await pilot.press("h")  # a hint now, auto play stopped
        assert text_of(screen, "#message").startswith("Hint")
        assert len(screen.session.moves) == after


async def test_plus_at_the_fastest_speed_says_so_and_keeps_it(make_app: Any) -> None:
    deck = numbered(DEAL)
    app = make_app(Start("hit-or-miss", deck, Options(seed=deck.seed)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        await pilot.press(*["plus"] * len(SPEEDS))
        assert screen.helping.speed == len(SPEEDS) - 1
        assert text_of(screen, "#message") == (
            "Auto speed: instant already, the fastest (- slows it).")
        await pilot.press("minus")
        assert text_of(screen, "#message") == (
            f"Auto speed: {speed_words(SPEEDS[-2])} (a starts it).")


@pytest.mark.slow
async def test_auto_play_waits_while_a_dialog_is_over_the_board(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """While "Start a new game?" is asked, auto play's ticks come and play nothing;
    "no" gives the game back as it was, and auto play goes on, its speed measured
    afresh (not as a move or two over the time the question was open)."""
    ticks: list[int] = []
    step = Helping.step

    def counted(helping: Helping) -> None:
        ticks.append(len(helping.table.session.moves))
        step(helping)

    monkeypatch.setattr(Helping, "step", counted)
    app = make_app(Start("hit-or-miss", numbered(DEAL), Options(seed=DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await playing_fast(pilot, 3)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        asked_at, before = len(ticks), list(screen.session.moves)
        waited = screen.helping.pace
        await until(pilot, lambda: len(ticks) >= asked_at + 10)
        assert list(screen.session.moves) == before
        await pilot.press("n")  # keep the game
        await until(pilot, lambda: app.screen is screen)
        await until(pilot, lambda: len(screen.session.moves) > len(before))
        assert list(screen.session.moves)[:len(before)] == before
        assert sign(screen) is not None
        assert screen.helping.pace is not waited  # a new measure, from the answer on


async def test_the_footer_is_built_again_only_when_its_keys_change(make_app: Any) -> None:
    """A screen refreshes its bindings after every move; rebuilding the footer each
    time was most of the cost of a move in fast auto play. Auto play on or off
    changes no key in it (+ and - are there before it starts)."""
    deck = numbered(DEAL)
    app = make_app(Start("hit-or-miss", deck, Options(seed=deck.seed)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        await pilot.press(*call_keys(screen))  # undo comes into the footer
        keys = list(screen.query_one(Footer).children)
        for _ in range(3):
            await pilot.press(*call_keys(screen))
        assert len(screen.session.moves) == 4
        assert list(screen.query_one(Footer).children) == keys  # the same widgets
        await pilot.press("a")
        await until(pilot, lambda: len(screen.session.moves) > 4)
        assert list(screen.query_one(Footer).children) == keys


def call_keys(screen: HitOrMissScreen) -> str:
    (call,) = hit_or_miss.legal_moves(screen.session.state)
    return PLAY_KEYS[call]


async def playing_fast(pilot: Pilot[None], moves: int) -> HitOrMissScreen:
    """The Hit or Miss screen on top, auto play on at 30 moves a second, once it has
    played ``moves``."""
    screen = pilot.app.screen
    assert isinstance(screen, HitOrMissScreen)
    await pilot.press("a", "plus", "plus")
    await until(pilot, lambda: len(screen.session.moves) >= moves)
    return screen
