"""The zero-strike search screen as a person uses it: open it from Hit or Miss, run a
search by keys, cancel one, play the game found.

What the screen shows must be what the search itself yields for the same seed and
budget, and the deck it shows must play as a zero-strike game of the passes shown.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from rules import hit_or_miss
from rules import zero_strike as zs
from rules.cards import parse_deck
from rules.fast import zero_strike as fast
from rules.words import a_number
from solitaire_tui.app import SolitaireApp
from solitaire_tui.decks import numbered
from solitaire_tui.games.hit_or_miss.screen import HitOrMissScreen
from solitaire_tui.games.hit_or_miss.zero_strike_screen import ZeroStrikeScreen
from solitaire_tui.screens.stats.screen import StatsScreen
from solitaire_tui.start import Start
from solitaire_tui.stats.runner import Phase
from tests.support.pilots import SIZE, auto_play_to_end, text_of, type_in, until

SEED = 7
BUDGET = 1_000_000  # draws: from seed 7, a 6-pass game, found after 1,152,768 (the pass
# back under way when the budget runs out is finished)
ROLL_CALL = Start("hit-or-miss", numbered(5), hit_or_miss.Options(3))


async def open_search(pilot: Pilot[None], app: SolitaireApp) -> ZeroStrikeScreen:
    """From the Hit or Miss screen, by its key."""
    assert isinstance(app.screen, HitOrMissScreen)
    await pilot.press("z")
    screen = app.screen
    assert isinstance(screen, ZeroStrikeScreen)
    return screen


async def search(pilot: Pilot[None], screen: ZeroStrikeScreen, budget: str) -> None:
    screen.query_one("#seed", Input).value = str(SEED)
    screen.query_one("#budget", Input).value = budget
    await pilot.pause()
    await pilot.press("r")


async def searched(pilot: Pilot[None], app: SolitaireApp, budget: str) -> ZeroStrikeScreen:
    """The search screen opened by its key, after a whole search of ``budget`` draws."""
    screen = await open_search(pilot, app)
    await search(pilot, screen, budget)
    await until(pilot, lambda: not screen.running)
    return screen


def best_of(screen: ZeroStrikeScreen) -> zs.Found:
    best = screen.best
    assert best is not None
    return best


def shown_game(screen: ZeroStrikeScreen) -> tuple[int, str]:
    """The passes and the deck as the screen words them."""
    words = text_of(screen, "#best").split()
    return int(words[words.index("passes,") - 1]), text_of(screen, "#deck")


@pytest.mark.slow
async def test_a_search_by_keys_shows_a_zero_strike_game_and_plays_it(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app(ROLL_CALL)
    async with app.run_test(size=SIZE) as pilot:
        screen = await searched(pilot, app, "1_000_000")
        assert screen.shown is not None and screen.shown.phase is Phase.FINISHED
        assert screen.shown.nodes >= BUDGET
        assert "Finished: " in text_of(screen, "#summary")
        passes, deck = shown_game(screen)
        assert zs.passes_if_zero_strike(parse_deck(deck)) == passes
        best = best_of(screen)
        assert (passes, parse_deck(deck)) == (best.passes, best.deck)
        assert best == list(fast.search(SEED, BUDGET))[-1]  # what the search itself gives

        await pilot.press("p")
        game = app.screen
        assert isinstance(game, HitOrMissScreen)
        assert game.table.deck is not None and game.table.deck.cards == best.deck
        assert game.table.options == zs.ZERO_STRIKE
        assert game.table.replaying == f"{a_number(passes, 'pass')} zero-strike game"
        await auto_play_to_end(pilot, game)  # auto play steps through the game …
        end = game.session.state
        assert hit_or_miss.result(end).won and end.strikes == 0 and end.passes == passes
        assert "WON" in text_of(game, "#banner")
        assert app.records.total("hit-or-miss").played == 0  # … which counts toward no record
        await pilot.press("escape")  # back to the search, its game still shown
        assert app.screen is screen and screen.best == best


@pytest.mark.slow
async def test_cancel_keeps_the_longest_game_so_far(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app(ROLL_CALL)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_search(pilot, app)
        await search(pilot, screen, "1e9")
        live = screen.live
        assert live is not None
        await until(pilot, lambda: screen.best is not None)
        await pilot.press("c")
        assert not screen.running
        assert screen.shown is not None and screen.shown.phase is Phase.CANCELLED
        assert "Cancelled after" in text_of(screen, "#summary")
        best = best_of(screen)
        assert live.returned.wait(10)  # it stops after the pass back under way …
        await pilot.pause()  # … and what it posted until then has arrived
        assert screen.best == best  # … and what it made after the cancel is left out
        assert shown_game(screen)[0] == best.passes
        assert best == list(fast.search(SEED, best.nodes))[-1]


async def test_a_wrong_field_is_one_sentence_and_searches_nothing(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app(ROLL_CALL)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_search(pilot, app)
        await search(pilot, screen, "2.5")
        assert not screen.running
        assert text_of(screen, "#summary") == (
            "The budget (draws) must be a whole number from 1 to 10¹² (such as 1000000,"
            " 1_000_000 or 1e6), not '2.5'.")
        screen.query_one("#seed", Input).value = str(2**64)
        await pilot.press("r")
        assert not screen.running
        assert "A seed must be a whole number from 0 to" in text_of(screen, "#summary")
        assert not app.screen.query("#deck").first().render()  # no game to play
        await pilot.press("p")  # says so, and stays
        assert app.screen is screen
        assert text_of(screen, "#summary").startswith("No zero-strike game found yet")


@pytest.mark.slow
async def test_a_budget_of_1e400_is_one_sentence_and_the_screen_still_searches(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app(ROLL_CALL)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_search(pilot, app)
        await type_in(pilot, screen, "#budget", "1e400")
        assert not screen.running
        assert text_of(screen, "#summary") == (
            "The budget (draws) must be a whole number from 1 to 10¹² (such as 1000000,"
            " 1_000_000 or 1e6), not '1e400'.")
        screen.query_one("#seed", Input).value = "9" * 5000
        await pilot.press("r")
        assert not screen.running
        assert text_of(screen, "#summary").startswith("A seed must be a whole number from 0")
        assert len(text_of(screen, "#summary")) < 200
        await search(pilot, screen, "1e3")  # the fields mended, the search runs
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown is not None and screen.shown.phase is Phase.FINISHED


async def test_esc_leaves_and_cancels_a_search_under_way(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app(ROLL_CALL)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_search(pilot, app)
        assert screen.query_one("#seed", Input).value == str(SEED)
        assert zs.BUDGET(screen.query_one("#budget", Input).value) == 100_000_000
        await pilot.press("r")  # the default search: a minute or two
        live = screen.live
        assert live is not None
        await until(pilot, lambda: live.snapshot.phase is Phase.PLAYING)
        await pilot.press("escape")
        assert isinstance(app.screen, HitOrMissScreen)
        assert live.snapshot.phase is Phase.CANCELLED
        assert live.returned.wait(10)


def test_a_budget_is_typed_as_a_number_of_games_is() -> None:
    budget = zs.BUDGET
    assert budget("1e8") == budget("100_000_000") == budget("100,000,000")
    assert budget(" 200000 ") == 200_000


@pytest.mark.slow
async def test_the_last_search_that_found_a_game_is_kept_to_play_again(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app(ROLL_CALL)
    async with app.run_test(size=SIZE) as pilot:
        screen = await searched(pilot, app, "1_000_000")
        best = best_of(screen)
        await pilot.press("escape")
        screen = await open_search(pilot, app)  # a new screen shows it again
        assert screen.best == best and shown_game(screen)[0] == best.passes
        assert screen.query_one("#seed", Input).value == str(SEED)
    app = make_app(ROLL_CALL)  # and so does the next start of the app
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_search(pilot, app)
        assert screen.best == best
        assert "Finished: " in text_of(screen, "#summary")
        await pilot.press("p")
        game = app.screen
        assert isinstance(game, HitOrMissScreen)
        assert game.table.deck is not None and game.table.deck.cards == best.deck


@pytest.mark.slow
async def test_f_shows_how_often_random_deals_give_one(
        make_app: Callable[..., SolitaireApp]) -> None:
    app = make_app(ROLL_CALL)
    async with app.run_test(size=SIZE) as pilot:
        await open_search(pilot, app)
        await pilot.press("f")
        await pilot.pause()
        panel = app.screen
        assert isinstance(panel, StatsScreen)
        assert panel.game.key == "hit-or-miss"
        assert panel.query_one("#variant", Input).value == zs.ZERO_STRIKE.variant


async def test_a_guest_s_search_is_held_to_the_server_s_budget_and_takes_its_turn(
        data_path: Path) -> None:
    """A guest of ``serve`` (``limits.guest``): a budget past ``GUEST_DRAWS`` is one
    sentence; a search waits while a run holds the engine, then searches."""
    from rules.fast.batch import ENGINE
    from solitaire_tui.stats import limits

    app = SolitaireApp(data=data_path, start=ROLL_CALL, limits=limits.guest(1, 1000))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_search(pilot, app)
        await search(pilot, screen, f"{limits.GUEST_DRAWS + 1}")
        assert not screen.running
        assert text_of(screen, "#summary") == (
            f"The budget must be at most {limits.GUEST_DRAWS:,} draws on this server,"
            f" not {limits.GUEST_DRAWS + 1:,}.")
        ENGINE.acquire()  # a run's chunk under way
        try:
            await search(pilot, screen, "1e3")
            assert screen.running
            await pilot.pause()
            assert screen.best is None and screen.running  # waiting its turn
        finally:
            ENGINE.release()
        await until(pilot, lambda: screen.shown is not None and screen.shown.over)
        assert screen.shown is not None and screen.shown.phase is Phase.FINISHED
