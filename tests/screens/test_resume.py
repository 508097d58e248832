"""A game left unfinished is kept as it goes and offered by the menu when the app next
starts: after a quit, after a kill (an app that never closed), in two windows at once;
a finished game is not offered, and a damaged one is dropped with a notice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Label, OptionList

from rules import hit_or_miss, one_handed, relay
from rules.hit_or_miss import PassOrder
from rules.play import moves_of
from solitaire_tui.decks import numbered
from solitaire_tui.games.add_residue.seating import Seat, Seating
from solitaire_tui.games.game import Game
from solitaire_tui.games.one_handed.screen import PLAY_KEYS, OneHandedScreen
from solitaire_tui.games.registry import GAMES
from solitaire_tui.games.sequence.screen import SequenceScreen
from solitaire_tui.play import words
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.start import Start
from solitaire_tui.store.database import Database
from solitaire_tui.ui.quit_dialog import Confirm, QuitDialog, WaitingGame
from tests.support.pilots import SIZE, Notices, press_busy, saved, text_of, until

# Options that are not a game's defaults, so that resuming must keep them.
OPTIONS: dict[str, Any] = {
    "hit-or-miss": hit_or_miss.Options(3, PassOrder.SHUFFLED, seed=99),
    "relay": relay.Options(3),
    "add-residue": Seating((Seat("Ann"), Seat("Ben")), 4),
}


def kept_rows(data: Path) -> list[dict[str, Any]]:
    """The unfinished games in the database in ``data``, as another process reads them."""
    database = Database(data)
    try:
        rows = database.connection.execute(
            "SELECT slot, game, data FROM unfinished ORDER BY changed DESC").fetchall()
        return [{"slot": slot, "game": game, **json.loads(data)} for slot, game, data in rows]
    finally:
        database.close()


def offered(app: Any) -> list[str]:
    """The menu's unfinished games, in words, as listed (none when it is hidden)."""
    listed = app.screen.query_one("#unfinished", OptionList)
    if not listed.display:
        return []
    return [str(listed.get_option_at_index(i).prompt.columns[0]._cells[0])
            for i in range(listed.option_count)]


def said(screen: Any) -> str:
    return " ".join(str(label.render()) for label in screen.query(Label))


async def play_one_handed(pilot: Any, screen: OneHandedScreen, moves: int) -> None:
    """``moves`` of the moves the rules call for, by their keys."""
    for _ in range(moves):
        (move,) = one_handed.legal_moves(screen.session.state)
        await pilot.press(PLAY_KEYS[move])


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
@pytest.mark.slow
async def test_every_game_left_by_q_comes_back_where_it_was(
        game: Game, make_app: Any, data_path: Path) -> None:
    deck = numbered(12) if game.USES_DECK else None
    app = make_app(Start(game.key, deck, OPTIONS.get(game.key)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        states = [screen.session.state]
        for _ in range(6):
            screen.play(screen.table.rules.legal_moves(screen.session.state)[-1])
            states.append(screen.session.state)
        await pilot.pause()
        assert screen.table.in_play
        before = (list(screen.session.moves), text_of(screen, "#status"), words.title(screen.table),
                  screen.table.flags(), screen.table.variant, screen.table.options)
        await pilot.press("q")
        assert isinstance(app.screen, QuitDialog)
        assert "game in play is not over: it is kept, and the menu offers it" in said(app.screen)
        await pilot.press("y")
    (row,) = kept_rows(data_path)
    assert row["game"] == game.key and len(row["line"]) == 6

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        (label,) = offered(app)
        assert label.startswith(game.title) and "6 moves" in label
        row = app.screen.query_one("#games", OptionList).get_option(game.key).prompt
        assert "".join(map(str, row.renderables[0].columns[1]._cells)) == "not finished yet"
        await pilot.press("c")
        screen = app.screen
        assert type(screen) is game.screen()
        assert screen.session.state == states[-1]
        assert (list(screen.session.moves), text_of(screen, "#status"), words.title(screen.table),
                screen.table.flags(), screen.table.variant, screen.table.options) == before
        assert "Resumed where you left it (6 moves" in text_of(screen, "#message")
        await pilot.press("u")
        assert screen.session.state == states[-2]
    (row,) = kept_rows(data_path)  # one row still: taken over, not copied
    assert len(row["line"]) == 5


@pytest.mark.slow
async def test_a_game_whose_app_never_closed_is_resumed_by_keys_in_another(
        make_app: Any, data_path: Path) -> None:
    """A kill leaves what was saved after the last move: here the first app is still
    open (it never quit) when the second starts on the same directory."""
    first = make_app(Start("sequence", numbered(3)))
    async with first.run_test(size=SIZE) as one:
        played = first.screen
        assert isinstance(played, SequenceScreen)
        await one.press("1", "2", "f", "1", "3")
        await one.press("p", "down", "down", "enter")  # fair → peek: no record now
        states = [played.session.start]
        for move in played.session.moves:
            states.append(played.table.rules.apply(states[-1], move))
        await one.pause()
        second = make_app()
        async with second.run_test(size=SIZE) as two:
            (label,) = offered(second)
            assert label.startswith(f"Sequence Solitaire · deal 3 · {len(states) - 1} moves")
            await two.press("tab", "enter")  # the list chosen, its game opened
            screen = second.screen
            assert isinstance(screen, SequenceScreen)
            assert screen.session.state == states[-1]
            for shown in ("#status", "#to-come", "#title"):
                assert text_of(screen, shown) == text_of(played, shown)
            assert screen.table.helper == "peek" and screen.table.uncounted == "You peeked"
            for state in reversed(states[:-1]):  # undo walks back to the deal as dealt
                await two.press("u")
                assert screen.session.state == state
            await two.press("q", "y")


@pytest.mark.slow
async def test_a_game_resumed_keeps_its_help_and_once_finished_is_not_offered(
        make_app: Any, data_path: Path) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")  # a hint: the game is recorded as played with help
        await play_one_handed(pilot, app.screen, 3)
        await pilot.press("q", "y")
    (row,) = kept_rows(data_path)
    assert row["flags"]["helped"] is True
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, OneHandedScreen) and screen.table.how == "help"
        rest = [PLAY_KEYS[move] for move, _ in moves_of(one_handed, screen.session.state)]
        press_busy(pilot, *rest)  # the rest of the game by keys, without a wait for each
        for _ in range(len(rest)):  # at most a pause a key: far more than it takes
            if screen.session.is_over:
                break
            await pilot.pause()
        await pilot.pause()
        assert kept_rows(data_path) == []
    assert [(row["deal"], row["how"]) for row in saved(data_path)] == [("7", "help")]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert offered(app) == []
        await pilot.press("c")  # nothing to resume
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.slow
async def test_two_apps_at_once_each_keep_their_own_game(make_app: Any, data_path: Path) -> None:
    first = make_app(Start("one-handed", numbered(7)))
    second = make_app(Start("one-handed", numbered(8)))
    async with first.run_test(size=SIZE) as one, second.run_test(size=SIZE) as two:
        await play_one_handed(one, first.screen, 2)
        await play_one_handed(two, second.screen, 3)
        await one.pause()
        await two.pause()
        await play_one_handed(two, second.screen, 1)  # the second's is the later move
        await two.pause()
        assert sorted(row["deal"] for row in kept_rows(data_path)) == [7, 8]
        await one.press("q", "y")
        await two.press("q", "y")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert [label.split(" · ")[1:3] for label in offered(app)] == [
            ["deal 8", "4 moves"], ["deal 7", "2 moves"]]
        await pilot.press("tab", "down", "enter")  # the second listed: deal 7
        screen = app.screen
        assert isinstance(screen, OneHandedScreen) and screen.table.deck == numbered(7)
        assert len(screen.session.moves) == 2
        await pilot.press("escape")  # leaving it keeps it, and says so first
        assert isinstance(app.screen, Confirm)
        assert "it is kept, and the menu offers it" in said(app.screen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert [label.split(" · ")[1] for label in offered(app)] == ["deal 7", "deal 8"]


@pytest.mark.slow
async def test_a_game_another_window_resumed_first_is_refused_in_one_sentence(
        make_app: Any, data_path: Path) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        await play_one_handed(pilot, app.screen, 2)
        await pilot.press("q", "y")
    notices = Notices()
    first, second = make_app(), make_app()
    async with (first.run_test(size=SIZE) as one,
                second.run_test(size=SIZE, message_hook=notices) as two):
        assert len(offered(first)) == len(offered(second)) == 1
        await one.press("tab", "enter")
        assert isinstance(first.screen, OneHandedScreen)
        await two.press("tab", "enter")
        assert isinstance(second.screen, MenuScreen)
        assert notices.said == ["That game is no longer kept: it was resumed or finished in"
                                " another window."]


@pytest.mark.slow
async def test_opening_a_game_with_one_waiting_asks_to_go_on_with_it_first(
        make_app: Any, data_path: Path) -> None:
    """Unfinished games do not pile up unseen: 2 (One-Handed) with one waiting asks;
    c goes on with it, n deals anew beside it, esc leaves both as they were."""
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        await play_one_handed(pilot, app.screen, 2)
        await pilot.press("q", "y")
    number = str([game.key for game in GAMES].index("one-handed") + 1)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(number)
        assert isinstance(app.screen, WaitingGame)
        assert "One-Handed Solitaire · deal 7 · 2 moves" in said(app.screen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen) and len(offered(app)) == 1
        await pilot.press(number, "c")
        screen = app.screen
        assert isinstance(screen, OneHandedScreen) and screen.table.deck == numbered(7)
        assert len(screen.session.moves) == 2
        await pilot.press("escape", "y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press(number, "n")
        screen = app.screen
        assert isinstance(screen, OneHandedScreen) and len(screen.session.moves) == 0
        await play_one_handed(pilot, screen, 1)
        await pilot.press("escape", "y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert sorted(label.split(" · ")[2] for label in offered(app)) == ["1 move", "2 moves"]


@pytest.mark.slow
async def test_restarting_or_discarding_a_game_drops_it(make_app: Any, data_path: Path) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, OneHandedScreen)
        await play_one_handed(pilot, screen, 2)
        await pilot.pause()
        assert len(kept_rows(data_path)) == 1
        await pilot.press("r")
        assert "is not over, and will not be kept" in said(app.screen)
        await pilot.press("y")
        await pilot.pause()
        assert kept_rows(data_path) == []
        await play_one_handed(pilot, screen, 1)
        await pilot.press("escape", "y")
        await pilot.pause()
        assert len(offered(app)) == 1
        await pilot.press("x")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")  # kept after all
        assert len(offered(app)) == 1
        await pilot.press("x", "y")
        await pilot.pause()
        assert offered(app) == [] and kept_rows(data_path) == []


async def test_a_damaged_saved_game_is_dropped_with_a_notice(
        make_app: Any, data_path: Path) -> None:
    database = Database(data_path)
    line = {"variant": "standard", "deal": 7, "deck": None, "options": None,
            "names": ["<Move.DRAW: 'draw'>", "<Move.DISCARD_FOUR: 'discard four'>"],
            "line": [0, 0, 0, 0, 1], "flags": {
                "helped": False, "auto": False, "practice": False}}
    with database.connection as connection:
        connection.executemany(
            "INSERT INTO unfinished (slot, game, changed, data) VALUES (?, ?, ?, ?)",
            [("a", "one-handed", 3.0, "{not json"),
             ("b", "one-handed", 2.0, json.dumps(line)),  # deal 7 draws a fifth card
             ("c", "one-handed", 1.0, json.dumps(line | {"line": [0, 0, 0, 0]}))])
    database.close()
    app, notices = make_app(), Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await until(pilot, lambda: any("could not be read back" in said for said in notices.said))
        assert [label.split(" · ")[2] for label in offered(app)] == ["5 moves", "4 moves"]
        await pilot.press("c")  # the damaged one: dropped, and the menu stays
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await until(pilot, lambda: any("One-Handed Solitaire" in said and "not a legal move"
                                       in said for said in notices.said))
        assert [label.split(" · ")[2] for label in offered(app)] == ["4 moves"]
        await pilot.press("c")  # the sound one plays on
        assert isinstance(app.screen, OneHandedScreen)
        assert len(app.screen.session.moves) == 4


@pytest.mark.slow
async def test_a_game_opened_from_the_command_line_is_not_interrupted_by_the_offer(
        make_app: Any) -> None:
    app = make_app(Start("one-handed", numbered(7)))
    async with app.run_test(size=SIZE) as pilot:
        await play_one_handed(pilot, app.screen, 2)
        await pilot.press("q", "y")
    app = make_app(Start("one-handed", numbered(9)))  # solitaire-tui play … --deal 9
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OneHandedScreen) and screen.table.deck == numbered(9)
        await pilot.press("escape")  # nothing played: back at once, where it is offered
        assert isinstance(app.screen, MenuScreen)
        assert [label.split(" · ")[1] for label in offered(app)] == ["deal 7"]
