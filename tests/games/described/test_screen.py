"""The described games played by keys and by mouse, checked against the rules: a
board drawn from each description, a waste pile turned by space, undo and redo, the
rules page made from the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rules.calculation import game as calc
from rules.play import final_state
from rules.players.calculation import GreedyPlayer, peek
from solitaire_tui.decks import numbered
from solitaire_tui.games.described.screen import DescribedScreen
from solitaire_tui.games.family import moves
from solitaire_tui.games.registry import DESCRIBED, GAMES_BY_KEY
from solitaire_tui.start import Start
from solitaire_tui.ui.help import HelpMarkdown
from solitaire_tui.widgets.cards import CardView
from tests.support.pilots import (
    SIZE,
    auto_play_to_end,
    reviewed,
    saved,
    saved_record,
    settle,
    text_of,
    until,
    walk_back_and_forth,
)

GREEDY = GreedyPlayer()
DEAL = 5


def start(key: str, deal: int = DEAL) -> calc.State:
    return calc.new_game(GAMES_BY_KEY[key].description, numbered(deal).cards)  # type: ignore[attr-defined]


async def opened(pilot: Pilot[None]) -> DescribedScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, DescribedScreen)
    return screen


def message(screen: DescribedScreen) -> str:
    return text_of(screen, "#message")


@pytest.mark.parametrize("key", [game.key for game in DESCRIBED])
@pytest.mark.slow
async def test_a_whole_deal_played_by_keys_ends_as_the_rules_say(
        key: str, make_app: Any, data_path: Path) -> None:
    """The greedy player's game, each move typed as its hint says it, to the end."""
    end = final_state(calc, start(key), GREEDY.choose)
    app = make_app(Start(key, numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        while not screen.session.is_over:
            state = screen.session.state
            move = GREEDY.choose(state)
            await pilot.press(*moves.keys_for(calc, state, move))
            assert screen.session.moves[-1] == move, (state, move)
        await pilot.pause()
        assert screen.session.state == end
        banner = text_of(screen, "#banner")
        won, verdict = calc.is_won(end), f"{end.final_cards} of 52 cards"
        assert ("WON" if won else "GAME OVER") in banner and (won or verdict in banner)
        assert f"final {end.final_cards}/52" in text_of(screen, "#status")
    record = saved_record(data_path, key, "standard")
    assert (record.played, record.won) == (1, int(won))
    (row,) = saved(data_path)
    assert (row["how"], row["score"]) == ("player", end.final_cards)


@pytest.mark.slow
async def test_the_waste_is_turned_by_space_and_over_for_the_next_pass(make_app: Any) -> None:
    app = make_app(Start("betsy-ross", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert "pass 1 of 3" in text_of(screen, "#status")
        assert not screen.check_action("hand_to_final", ())  # nothing turned yet
        stock = len(screen.session.state.stock)
        for _ in range(stock + 1):  # every card turned, then the waste turned over
            await pilot.press("space")
        state = screen.session.state
        assert state.passes == 2 and len(state.stock) == stock and not state.waste
        assert "pass 2 of 3" in text_of(screen, "#status")
        seen = [screen.session.start]
        for move in screen.session.moves:
            seen.append(calc.apply(seen[-1], move))
        assert seen[-1] == state
        await walk_back_and_forth(pilot, screen, seen[-6:])


async def test_a_card_chosen_by_mouse_goes_where_it_is_clicked(make_app: Any) -> None:
    app = make_app(Start("calculation", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.click("#hand")
        assert screen.query_one("#hand CardView", CardView).has_class("-chosen")
        await pilot.click("#storage-2")
        assert screen.session.moves == [calc.ToStorage(1)]
        await pilot.click("#final-1")  # nothing chosen: a card first
        assert "Choose a card first" in message(screen)


async def test_a_card_that_fits_nowhere_is_refused_with_what_each_pile_needs(
        make_app: Any) -> None:
    app = make_app(Start("calculation", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        hand = screen.session.state.hand
        assert hand is not None and not calc.fitting_piles(screen.session.state, hand)
        await pilot.press("f")
        said = message(screen)
        assert f"{hand.glyph} fits no final pile" in said and "final 4 needs 8" in said
        assert not screen.session.moves


@pytest.mark.parametrize("key", [game.key for game in DESCRIBED])
@pytest.mark.slow
async def test_the_rules_page_is_the_descriptions_words_and_layout(
        key: str, make_app: Any) -> None:
    description = GAMES_BY_KEY[key].description  # type: ignore[attr-defined]
    app = make_app(Start(key, numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        await pilot.press("question_mark")
        # Mounted, then filled: the words arrive as the page mounts its blocks.
        await until(pilot, lambda: any(page.source for page in app.screen.query(HelpMarkdown)),
                    10)
        page = app.screen.query_one(HelpMarkdown).source
        assert description.rules.split()[0] in page and "| Final | Base |" in page
        steps = [cells[3].strip() for line in page.splitlines()
                 if len(cells := line.split("|")) > 4 and cells[3].strip().startswith("+")]
        assert steps == [f"+{pile.step}" for pile in description.foundations]
        assert ("`space`" in page) == description.waste


@pytest.mark.parametrize("key", ["calculation", "betsy-ross"])
@pytest.mark.slow
async def test_peek_follows_the_solvers_line_to_a_win_that_is_not_recorded(
        key: str, make_app: Any, data_path: Path) -> None:
    """p offers the fair player and the peek; the peek line says what the solver found
    (the same search as the solver's own), and auto play follows its line to a win
    that counts toward no record."""
    solution = peek().solve(start(key))
    assert solution.verdict == "won"
    app = make_app(Start(key, numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("p", "down", "down", "enter")  # fair, quick → peek
        assert "looks at the hidden cards" in message(screen)
        assert screen.table.uncounted == "You peeked"
        await settle(app, pilot)
        assert (f"winnable: the solver found a winning line from here"
                f" ({len(solution.moves)} moves; not the shortest)") in text_of(screen, "#peek")
        await auto_play_to_end(pilot, screen)
        assert calc.is_won(screen.session.state)
        assert list(screen.session.moves) == list(solution.moves)
        assert "No record: you peeked." in text_of(screen, "#banner")
    assert saved_record(data_path, key, "standard").played == 0


@pytest.mark.slow
async def test_v_reviews_a_finished_game_on_the_hints_own_rollouts(make_app: Any) -> None:
    """The review lists every decision with the chances the family's review gives,
    names the moves by their keys, and enter goes back before the one chosen."""
    from textual.widgets import DataTable

    from rules.players.calculation import review

    end = final_state(calc, start("calculation"), GREEDY.choose)
    app = make_app(Start("calculation", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert not screen.check_action("review", ())  # not before the game is over
        while not screen.session.is_over:
            state = screen.session.state
            await pilot.press(*moves.keys_for(calc, state, GREEDY.choose(state)))
        assert screen.session.state == end
        assert "v: review" in text_of(screen, "#banner")
        page = await reviewed(pilot)
        expected = review(screen.session.start, list(screen.session.moves), DEAL)
        assert page.decisions == expected
        assert page.query_one(DataTable).row_count == len(expected)
        chosen = page.decisions[page.query_one(DataTable).cursor_row]
        await pilot.press("enter")
        assert app.screen is screen
        assert screen.session.state == chosen.state
        assert "the review's best here is to" in message(screen)


async def test_a_searchs_late_report_does_not_stand_once_nothing_searches(
        make_app: Any) -> None:
    """A peek's search reports its progress from another thread; a report that comes
    after the search ended (a finish stopped, say) is not shown as if it went on."""
    app = make_app(Start("calculation", numbered(DEAL)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("p", "down", "down", "enter")  # fair, quick → peek
        await settle(app, pilot)
        answered = text_of(screen, "#peek")
        assert "winnable" in answered
        screen._show_search(1_234)  # as the watcher's last report would arrive
        assert text_of(screen, "#peek") == answered


@pytest.mark.slow
async def test_a_player_of_your_own_helps_at_a_described_game(
        make_app: Any, data_path: Path) -> None:
    """A file in players/betsy-ross/ is offered by p beside the built-in helpers; its
    hint is its move (a turn of the stock, named by its key), and auto play plays its
    game to the end, the greedy player's (family_first_fit.py is the greedy rule)."""
    from solitaire_tui.own_players import files

    folder = data_path / "players" / "betsy-ross"
    folder.mkdir(parents=True)
    example = Path(__file__).parents[3] / "examples" / "players" / "family_first_fit.py"
    (folder / "mine.py").write_text(example.read_text())
    files.forget()
    app = make_app(Start("betsy-ross", numbered(DEAL)))
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await opened(pilot)
            await until(pilot, lambda: bool(screen._own.players), 60)
            await pilot.press("p")
            await pilot.press("down", "down", "down", "enter")  # fair, quick, peek, mine.py
            assert screen.table.helper == "mine.py"
            assert "mine.py: your own player" in message(screen)
            await pilot.press("h")
            await until(pilot, lambda: message(screen).startswith("Hint:"), 60)
            assert message(screen) == "Hint: turn the stock (key space)."
            await auto_play_to_end(pilot, screen, 120)
            assert screen.session.state == final_state(calc, start("betsy-ross"), GREEDY.choose)
    finally:
        files.forget()
