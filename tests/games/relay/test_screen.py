"""Hit or Miss relay stepped by keys, checked against the rules module and the judge."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rules import relay
from rules.cards import Card
from rules.play import final_state, moves_of
from rules.relay import Options
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.games.relay.screen import RelayScreen
from solitaire_tui.judge import judge
from solitaire_tui.start import Start
from solitaire_tui.ui.options_dialog import OptionsDialog
from tests.support.pilots import (
    SIZE,
    auto_play_to_end,
    finish_by_key,
    saved,
    saved_record,
    text_of,
    until,
    walk_back_and_forth,
)

DEAL = 865  # four players: 13 cards discarded, then unwinnable after 180 rounds
FOUR = Options(4)
IN_ORDER = Deck(tuple(Card(rank) for rank in range(1, 14)), None)  # every card hits
LONG_DEAL = 19  # ten players: won in 1255 rounds
TEN = Options(10)


def expected_end(deck: Deck, options: Options) -> relay.State:
    return final_state(relay, relay.new_game(options, deck.cards))



async def step_out(pilot: Pilot[None], screen: RelayScreen) -> int:
    presses = 0
    while not screen.session.is_over:
        await pilot.press("space")
        presses += 1
    await pilot.pause()
    return presses


@pytest.mark.slow
async def test_a_whole_deal_stepped_by_keys_ends_as_the_rules_and_the_judge_say(
    make_app: Any, data_path: Path
) -> None:
    app = make_app(Start("relay", numbered(DEAL), FOUR))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, RelayScreen)
        presses = await step_out(pilot, screen)
        end = expected_end(numbered(DEAL), FOUR)
        assert screen.session.state == end
        assert presses == end.rounds
        banner = text_of(screen, "#banner")
        contest = f"4 {' '.join(str(card.rank) for card in numbered(DEAL).cards)}"
        assert judge(f"1\n{contest}\n").strip() == "Case 1: unwinnable"
        assert "GAME OVER  No player hit for" in banner and "Case" not in banner
        assert f"discarded {len(end.discards)}" in text_of(screen, "#status")
    (row,) = saved(data_path)
    assert (row["won"], row["score"], row["how"], row["deal"]) == (0, end.rounds, "player",
                                                                  str(DEAL))
    record = saved_record(data_path, "relay", "4 players")
    assert (record.played, record.won) == (1, 0)


async def test_a_won_relay_names_each_players_last_match(make_app: Any, data_path: Path) -> None:
    app = make_app(Start("relay", IN_ORDER, FOUR))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, RelayScreen)
        await step_out(pilot, screen)
        assert screen.session.state == expected_end(IN_ORDER, FOUR)
        banner = text_of(screen, "#banner")
        assert "WON  The last player discarded every card" in banner
        assert "last matches, player 1 first: K K K K" in banner and "Case" not in banner
    assert saved_record(data_path, "relay", "4 players").won == 1


async def test_ten_players_fit_at_80_by_24_to_the_end_of_an_auto_run(make_app: Any) -> None:
    app = make_app(Start("relay", IN_ORDER, Options(10)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, RelayScreen)
        await auto_play_to_end(pilot, screen)
        assert screen.session.state == expected_end(IN_ORDER, Options(10))
        rows = screen.query_one("#players").region
        assert rows.height == 11  # the headings and a row per player, none cut off
        assert rows.bottom <= screen.query_one("#banner").region.y
        assert "player 1 first: K K K K K K K K K K" in text_of(screen, "#banner")


async def test_e_plays_ten_players_to_the_end_at_once_one_undoable_round_at_a_time(
    make_app: Any, data_path: Path
) -> None:
    deck = numbered(LONG_DEAL)
    line = list(moves_of(relay, relay.new_game(TEN, deck.cards)))
    assert len(line) == 1255
    app = make_app(Start("relay", deck, TEN))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, RelayScreen)
        await finish_by_key(pilot, screen, line)
        banner = text_of(screen, "#banner")
        assert "WON  The last player discarded every card in 1255 rounds" in banner
        assert "last matches, player 1 first: 6 4 4 6 7 7 3 3 3 3" in banner
    (row,) = saved(data_path)
    # Every move forced: finished at once, it is the player's game and counts.
    assert (row["how"], row["won"], row["score"], row["counts"]) == ("auto", 1, 1255, 1)


@pytest.mark.slow
async def test_undo_and_redo_walk_the_same_states(make_app: Any) -> None:
    app = make_app(Start("relay", numbered(DEAL), FOUR))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, RelayScreen)
        seen = [screen.session.state]
        for _ in range(12):
            await pilot.press("space")
            seen.append(screen.session.state)
        assert seen[-1].rounds == 12
        await walk_back_and_forth(pilot, screen, seen)


@pytest.mark.slow
async def test_the_players_are_chosen_by_keys(make_app: Any) -> None:
    app = make_app(Start("relay", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # the choices point at the one made only after a refresh
        dialog = app.screen
        assert isinstance(dialog, OptionsDialog), "opened without options, the relay asks"
        await pilot.press("right", "right", "enter")
        screen = app.screen
        assert isinstance(screen, RelayScreen)
        assert screen.table.options == Options(6)
        assert screen.session.state == relay.new_game(Options(6), numbered(DEAL).cards)
        assert "6 players" in text_of(screen, "#title")
        # Laid out for six a frame after the dialog closes (its first frame may still
        # have the rows of before: waited for, not read at once).
        await until(pilot, lambda: screen.query_one("#players").region.height == 7, 5)
        assert screen.query_one("#players").region.height == 7  # the headings and six rows
        await pilot.press("space", "o", "left", "left", "left", "left", "left", "enter")
        await pilot.press("y")  # a round was played: asked first
        assert screen.table.options == Options(1)  # the contest's solo game
        assert not screen.session.moves
        assert screen.table.variant == "1 player"


async def test_the_step_button_plays_a_round_by_mouse(make_app: Any) -> None:
    app = make_app(Start("relay", numbered(DEAL), FOUR))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, RelayScreen)
        await pilot.click("MoveButtons Button")
        assert screen.session.moves == [relay.ROUND]
        await pilot.press("h")
        assert "step a round (space)" in text_of(screen, "#message")


async def test_the_players_are_chosen_by_mouse(make_app: Any) -> None:
    app = make_app(Start("relay", numbered(DEAL), FOUR))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, RelayScreen)
        await pilot.press("o")
        dialog = app.screen
        assert isinstance(dialog, OptionsDialog)
        await pilot.click(list(dialog.query("RadioButton"))[2])  # three players
        await pilot.click("#buttons Button")  # Play
        assert app.screen is screen
        assert screen.table.options == Options(3)


def test_rounds_without_a_hit_say_how_many_lose_the_deal() -> None:
    """The bound is said as what it is: rounds without a hit that lose ("lost at 663"
    was read as a card or a score, "663 lose the deal" as 663 of something)."""
    for _, state in moves_of(relay, relay.new_game(FOUR, numbered(DEAL).cards)):
        if state.quiet_rounds and not relay.is_over(state):
            break
    said = RelayScreen._round_text(state, 52).plain
    assert (f"no hit for {state.quiet_rounds} of the {relay.hopeless_after(state)}"
            " rounds that lose") in said
