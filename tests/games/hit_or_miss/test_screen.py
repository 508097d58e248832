"""Hit or Miss played by keys, checked against the rules module."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from rules import hit_or_miss
from rules.cards import Card
from rules.hit_or_miss import Call, Options, PassOrder
from rules.play import final_state, moves_of
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.games.hit_or_miss.screen import PLAY_KEYS, HitOrMissScreen
from solitaire_tui.messages import OpenGame
from solitaire_tui.play.auto import INSTANT, SPEEDS
from solitaire_tui.start import Start
from solitaire_tui.ui.options_dialog import OptionsDialog
from solitaire_tui.ui.quit_dialog import Confirm
from tests.support.hit_or_miss import IN_ORDER, play_out
from tests.support.pilots import (
    SIZE,
    finish_by_key,
    press_busy,
    saved,
    saved_record,
    text_of,
    until,
    walk_back_and_forth,
)

# Short games keep the tests quick: with one strike allowed, the second pass of
# each of these deals has no hit.
DEAL = 1146  # 94 cards turned, 10 of them hits
ONE_STRIKE = Options(1, seed=DEAL)
SHUFFLED_DEAL = 767  # 96 cards turned, the second pass shuffled
LONG_DEAL = 13  # no strike limit: 567 cards turned in 19 passes, and lost


def expected_end(deck: Deck, options: Options) -> hit_or_miss.State:
    return final_state(hit_or_miss, hit_or_miss.new_game(options, deck.cards))



@pytest.mark.slow
async def test_a_whole_deal_played_by_keys_ends_as_the_rules_say(
    make_app: Any, data_path: Path
) -> None:
    app = make_app(Start("hit-or-miss", numbered(DEAL), ONE_STRIKE))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        presses = await play_out(pilot, screen)
        end = expected_end(numbered(DEAL), ONE_STRIKE)
        assert screen.session.state == end
        assert presses == end.turns
        banner = text_of(screen, "#banner")
        assert "GAME OVER" in banner
        assert "1 strikes in a row" in banner
        assert f"{end.cards_left} cards left after {end.passes} passes" in banner
        assert "M: menu" in banner and "v: review" not in banner  # nothing to review
        assert f"passes {end.passes}" in text_of(screen, "#status")
    (row,) = saved(data_path)
    assert row | {"id": 0, "finished": "", "token": ""} == {
        "id": 0, "game": "hit-or-miss", "variant": "strikes=1, same order",
        "deal": str(DEAL), "deck": None, "won": 0, "result": row["result"],
        "score": end.cards_left, "finished": "", "how": "player", "counts": 1,
        "token": ""}
    assert f"{end.cards_left} cards left" in row["result"]
    assert saved_record(data_path, "hit-or-miss", "strikes=1, same order").played == 1


@pytest.mark.slow
async def test_a_won_game_says_so_and_counts_the_win(make_app: Any, data_path: Path) -> None:
    app = make_app(Start("hit-or-miss", IN_ORDER, Options()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        assert await play_out(pilot, screen) == 13
        assert screen.session.state == expected_end(IN_ORDER, Options())
        banner = text_of(screen, "#banner")
        assert "WON" in banner
        assert "Every card matched in 1 pass, 0 strikes, 13 cards turned" in banner
    (row,) = saved(data_path)
    assert (row["won"], row["score"], row["deal"]) == (1, 0, IN_ORDER.deal)
    assert row["deck"] == (None if IN_ORDER.deal is not None
                           else " ".join(str(card) for card in IN_ORDER.cards))
    assert saved_record(data_path, "hit-or-miss", "unlimited, same order").won == 1


async def test_a_wrong_call_is_explained_and_not_applied(make_app: Any) -> None:
    app = make_app(Start("hit-or-miss", numbered(DEAL), ONE_STRIKE))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        state = screen.session.state
        assert state.top is not None
        (right,) = hit_or_miss.legal_moves(state)
        wrong = Call.MISS if right is Call.HIT else Call.HIT
        await pilot.press(PLAY_KEYS[wrong])
        message = text_of(screen, "#message")
        assert state.top.glyph in message
        assert f"it is a {right.value}" in message.lower()
        assert screen.session.state == state
        assert not screen.session.moves
        await pilot.press("h")
        assert f"{right.value} ({PLAY_KEYS[right]})" in text_of(screen, "#message")


def long_game() -> Start:
    deck = numbered(LONG_DEAL)
    return Start("hit-or-miss", deck, Options(seed=deck.seed))


async def test_e_plays_a_long_deal_to_its_end_at_once_one_undoable_call_at_a_time(
    make_app: Any, data_path: Path
) -> None:
    app = make_app(long_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        await play_out(pilot, screen, 3)  # the player's own calls come first
        line = list(moves_of(hit_or_miss, screen.session.state))
        assert len(line) == 567 - 3
        await finish_by_key(pilot, screen, line)
        assert "GAME OVER" in text_of(screen, "#banner")
    (row,) = saved(data_path)  # recorded once, though undone and redone
    assert (row["how"], row["score"]) == ("auto", line[-1][1].cards_left)


async def test_instant_auto_play_plays_a_long_deal_to_its_end(
    make_app: Any, data_path: Path
) -> None:
    app = make_app(long_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        press_busy(pilot, "a", *["plus"] * 5)
        await until(pilot, lambda: screen.session.is_over, seconds=20)
        assert SPEEDS[screen.helping.speed] == INSTANT
        assert screen.session.state == final_state(hit_or_miss, screen.session.start)
        assert len(screen.session.moves) == 567
    assert [row["how"] for row in saved(data_path)] == ["auto"]


@pytest.mark.slow
async def test_undo_and_redo_walk_the_same_states(make_app: Any) -> None:
    app = make_app(Start("hit-or-miss", numbered(DEAL), ONE_STRIKE))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        seen = [screen.session.state]
        for _ in range(12):
            await play_out(pilot, screen, 1)
            seen.append(screen.session.state)
        assert seen[-1].discards, "the moves undone include a hit"
        await walk_back_and_forth(pilot, screen, seen)


@pytest.mark.slow
async def test_the_variant_is_chosen_by_keys_when_the_game_opens(make_app: Any) -> None:
    app = make_app(Start("hit-or-miss", numbered(SHUFFLED_DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        dialog = app.screen
        assert isinstance(dialog, OptionsDialog)
        await pilot.press("tab", "tab", "down", "down", "enter")  # shuffled, unlimited
        assert app.screen is dialog, "shuffled needs a strike limit"
        assert "needs a strike limit" in str(dialog.query_one("#error").render())
        await pilot.press("shift+tab", "shift+tab", "up", "tab", "1", "enter")  # strikes=N, N = 1
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        chosen = Options(1, PassOrder.SHUFFLED, seed=SHUFFLED_DEAL)  # seeded by the deal
        assert screen.table.options == chosen
        assert screen.table.variant == "strikes=1, shuffled order"
        assert "strikes=1, shuffled order" in text_of(screen, "#title")
        await play_out(pilot, screen, 53)  # into the second pass, after the shuffle
        start = hit_or_miss.new_game(chosen, numbered(SHUFFLED_DEAL).cards)
        assert screen.session.state == list(moves_of(hit_or_miss, start))[52][1]


@pytest.mark.slow
async def test_the_variant_chosen_is_played_again_without_asking(
        make_app: Any, data_path: Path) -> None:
    app = make_app(Start("hit-or-miss", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, OptionsDialog)
        # No game yet: esc keeps the deal as dealt, with the options the title shows.
        assert text_of(app.screen, ".keys").endswith("esc: keep it as dealt")
        await pilot.press("down", "down", "tab", "tab", "down", "enter")
        assert app.screen.table.options == Options(2, PassOrder.REVERSED, seed=DEAL)
    app = make_app(Start("hit-or-miss", numbered(SHUFFLED_DEAL)))  # another window, later
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen), "no question the second time"
        assert screen.table.options == Options(2, PassOrder.REVERSED, seed=SHUFFLED_DEAL)
        assert "two-strike, reversed order, as chosen last time; o changes it" in text_of(
            screen, "#message")
        await pilot.press("o")
        assert isinstance(app.screen, OptionsDialog)


@pytest.mark.slow
async def test_a_kept_variant_refused_now_is_asked_for_again(make_app: Any) -> None:
    app = make_app()
    app.choices.put("hit-or-miss", {"variant": "strikes=0", "order": "same"})
    app.choices.put("relay", {"players": "many"})
    async with app.run_test(size=SIZE) as pilot:
        for game in ("hit-or-miss", "relay"):
            app.post_message(OpenGame(game, numbered(DEAL)))
            await pilot.pause()
            assert isinstance(app.screen, OptionsDialog), game
            await pilot.press("escape", "escape")


@pytest.mark.slow
async def test_new_options_start_the_deal_again_and_esc_or_the_same_keep_the_game(
        make_app: Any) -> None:
    app = make_app(Start("hit-or-miss", numbered(DEAL), ONE_STRIKE))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        await pilot.press(PLAY_KEYS[hit_or_miss.correct_call(screen.session.state)])
        await pilot.press("o")
        assert text_of(app.screen, ".keys").endswith("esc: keep the game")
        await pilot.press("escape")
        assert screen.table.options == ONE_STRIKE
        assert len(screen.session.moves) == 1
        await pilot.press("o", "enter")  # the same options: nothing to start again
        assert app.screen is screen and len(screen.session.moves) == 1
        assert "the game goes on" in text_of(screen, "#message")
        await pilot.press("o", "down", "down", "tab", "tab", "down", "enter")
        # Other options throw the game in play away: asked first, as r and n ask.
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert app.screen is screen and screen.table.options == ONE_STRIKE
        assert len(screen.session.moves) == 1
        await pilot.press("o", "down", "down", "tab", "tab", "down", "enter")
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        assert app.screen is screen
        assert screen.table.options == Options(3, PassOrder.REVERSED, seed=DEAL)
        assert screen.table.variant == "roll-call, reversed order"
        assert not screen.session.moves
        await pilot.press("o", "up", "enter")  # nothing played yet: nothing to ask
        assert app.screen is screen and screen.table.variant == "unlimited, reversed order"


async def test_buttons_play_by_mouse(make_app: Any) -> None:
    app = make_app(Start("hit-or-miss", numbered(DEAL), ONE_STRIKE))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        (call,) = hit_or_miss.legal_moves(screen.session.state)
        buttons = list(screen.query("MoveButtons Button"))
        await pilot.click(buttons[list(PLAY_KEYS).index(call)])
        assert screen.session.moves == [call]


async def test_a_strike_limit_out_of_range_is_one_sentence_in_the_dialog(make_app: Any) -> None:
    app = make_app(Start("hit-or-miss", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        dialog = app.screen
        assert isinstance(dialog, OptionsDialog)
        await pilot.press("up")  # unlimited → strikes=N
        field = dialog.query_one("#field-1", Input)
        for wrong in ("0", ""):
            field.value = wrong
            await pilot.press("enter")
            assert app.screen is dialog
            assert str(dialog.query_one("#error").render()) == (
                "N in strikes=N must be a whole number from 1 to 100000 (a larger limit wins"
                f" and loses the same games), not '{wrong}'")
        field.value = str(hit_or_miss.MOST_STRIKES)  # the field holds the largest
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, HitOrMissScreen)
        assert screen.table.options.strikes == hit_or_miss.MOST_STRIKES


def test_unlimited_says_why_one_strike_loses_with_a_multiple_of_13_cards() -> None:
    """Unlimited play names the certain loss only where there is one, and never as a
    count of strikes it has no limit on ("strikes in a row 0 (1 loses …)")."""
    cards = tuple(Card(rank, 0) for rank in range(1, 14)) * 2
    for order, again in ((PassOrder.SAME, "a pass"), (PassOrder.REVERSED, "two passes")):
        state = hit_or_miss.new_game(Options(None, order), cards)
        text = HitOrMissScreen._passes_text(state).plain
        assert (f"{again} with no hit loses: 26 is a multiple of 13" in text
                and "strikes in a row" not in text and len(text) <= 78)
    odd = hit_or_miss.new_game(Options(None), cards[:25])
    assert "loses" not in HitOrMissScreen._passes_text(odd).plain
    limited = hit_or_miss.new_game(Options(3), cards)
    assert "strikes in a row 0 of 3" in HitOrMissScreen._passes_text(limited).plain
