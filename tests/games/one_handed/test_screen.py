"""One-Handed Solitaire played by keys, checked against the rules module."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Label

from rules import one_handed
from rules.one_handed import Move
from rules.play import final_state
from solitaire_tui.decks import numbered
from solitaire_tui.games.one_handed.screen import PLAY_KEYS, OneHandedScreen
from solitaire_tui.start import Start
from solitaire_tui.ui.quit_dialog import Confirm
from tests.support.pilots import (
    SIZE,
    auto_play_to_end,
    saved,
    saved_record,
    text_of,
    until,
    walk_back_and_forth,
)

DEAL = 7


def expected_end(deal: int) -> one_handed.State:
    start = one_handed.new_game(one_handed.Options(), numbered(deal).cards)
    return final_state(one_handed, start)


@pytest.mark.slow
async def test_a_whole_deal_played_by_keys_ends_as_the_rules_say(
    make_app: Any, data_path: Path
) -> None:
    app = make_app(Start("one-handed", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        presses = 0
        while not screen.session.is_over:
            (move,) = one_handed.legal_moves(screen.session.state)
            await pilot.press(PLAY_KEYS[move])
            presses += 1
        await pilot.pause()
        end = expected_end(DEAL)
        assert screen.session.state == end
        assert presses == end.moves
        banner = str(screen.query_one("#banner").render())
        assert ("WON" in banner) == (not end.hand)
        assert f"{len(end.hand)} card" in banner or not end.hand
    (row,) = saved(data_path)
    assert (row["variant"], row["how"], row["score"]) == ("standard", "player", len(end.hand))
    assert saved_record(data_path, "one-handed", "standard").played == 1


async def test_a_wrong_step_is_explained_and_not_applied(make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        await pilot.press("f")  # nothing in hand: the only step is to draw
        message = str(screen.query_one("#message").render())
        assert "draw" in message.lower()
        assert screen.session.state == screen.session.start
        assert not screen.session.moves


@pytest.mark.slow
async def test_undo_and_redo_walk_the_same_states(make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        seen = [screen.session.state]
        for _ in range(12):
            (move,) = one_handed.legal_moves(screen.session.state)
            await pilot.press(PLAY_KEYS[move])
            seen.append(screen.session.state)
        await walk_back_and_forth(pilot, screen, seen)
        await pilot.press("u", "u", "d")  # a new move after undo drops the redo
        assert not screen.session.can_redo


async def test_auto_play_finishes_the_deal(make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        await auto_play_to_end(pilot, screen)
        assert screen.session.state == expected_end(DEAL)


async def test_buttons_play_by_mouse(make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        await pilot.click("MoveButtons Button", offset=(2, 0))  # the first: middle two
        assert "draw" in str(screen.query_one("#message").render()).lower()
        buttons = list(screen.query("MoveButtons Button"))
        await pilot.click(buttons[2])
        assert screen.session.moves == [Move.DRAW]


async def test_a_won_hand_says_every_card_was_discarded_and_the_title_no_variant(
        make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(311811949)))  # a won deal
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        assert "The whole hand  none yet" in text_of(screen, "#hand-trail")
        assert text_of(screen, "#title").startswith("One-Handed Solitaire · deal 311811949")
        await auto_play_to_end(pilot, screen)
        assert not screen.session.state.hand
        assert "none left: every card discarded" in text_of(screen, "#hand-trail")


async def play_by_keys(pilot: Any, screen: OneHandedScreen) -> None:
    while not screen.session.is_over:
        (move,) = one_handed.legal_moves(screen.session.state)
        await pilot.press(PLAY_KEYS[move])
    await pilot.pause()


@pytest.mark.slow
async def test_auto_play_counts_and_a_deal_finished_before_is_practice(
        make_app: Any, data_path: Path) -> None:
    """Every move is forced: auto play's game is the player's own and counts; a deal
    played to its end before is practice (``r`` after a game, or the same deal
    chosen again)."""
    app = make_app(Start("one-handed", numbered(311811949)))  # a won deal
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        await auto_play_to_end(pilot, screen)
        assert "No record" not in text_of(screen, "#banner")
        assert "Played 1, won 1" in text_of(screen, "#banner")
        await pilot.press("r")
        await play_by_keys(pilot, screen)
        assert "No record: practice on a deal played to its end before." in text_of(
            screen, "#banner")
        await pilot.press("n")
        await play_by_keys(pilot, screen)
        assert "No record" not in text_of(screen, "#banner")
    rows = saved(data_path)
    assert [(row["how"], row["counts"]) for row in rows] == [
        ("auto", 1), ("player", 0), ("player", 1)]
    assert saved_record(data_path, "one-handed", "standard").played == 2


@pytest.mark.slow
async def test_n_after_every_move_is_taken_back_asks_before_the_moves_are_lost(
        make_app: Any) -> None:
    """Undone to the start the game is not in play, but U would play its moves again:
    n asks first, saying so; n (no) keeps them, y starts the new deal."""
    app = make_app(Start("one-handed", numbered(311811949)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        for _ in range(3):
            (move,) = one_handed.legal_moves(screen.session.state)
            await pilot.press(PLAY_KEYS[move])
        await pilot.press("u", "u", "u")
        assert not screen.session.moves and screen.session.can_redo
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        said = " ".join(str(label.render()) for label in app.screen.query(Label))
        assert "The 3 moves taken back, which U plays again, will be lost." in said
        await pilot.press("n")  # no: the moves stay to be played again
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("U")
        assert len(screen.session.moves) == 1
