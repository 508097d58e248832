"""Add/Residue set up and played by keys and mouse, checked against the rules module."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from rules import add_residue
from rules.add_residue import Move, Pile, State
from rules.players import Player
from rules.players.add_residue import WeighingPlayer, player, seated
from rules.players.add_residue_review import review
from rules.players.add_residue_search import solve
from rules.words import counted
from solitaire_tui.games.add_residue.screen import PAUSES, AddResidueScreen
from solitaire_tui.games.add_residue.seating import Offer, Seat, Seating, default_seating
from solitaire_tui.games.add_residue.setup_screen import KINDS, TableSetup
from solitaire_tui.games.add_residue.widgets import Chips
from solitaire_tui.games.registry import GAMES, GAMES_BY_KEY
from solitaire_tui.messages import OpenReplay
from solitaire_tui.screens.menu import MenuScreen
from solitaire_tui.screens.stats.screen import StatsScreen
from solitaire_tui.start import Start
from solitaire_tui.ui.help import HelpScreen, game_page
from solitaire_tui.ui.quit_dialog import Confirm
from solitaire_tui.ui.thinking import Thinker
from solitaire_tui.widgets.cycle import Cycle
from tests.support.add_residue import board, until_a_person_moves
from tests.support.pilots import (
    SIZE,
    footer_keys,
    help_read,
    reviewed,
    saved,
    saved_record,
    settle,
    sign,
    text_of,
    until,
)

HOT_SEAT = Seating((Seat("Ann"), Seat("Ben")), 3)
AGAINST_GREEDY = Seating((Seat("You"), Seat("Bot", "greedy")), 4)


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AddResidueScreen, "COMPUTER_PAUSE", 0.01)


async def play_to_the_end(pilot: Pilot[None], screen: AddResidueScreen,
                          chooser: Player[State, Move]) -> None:
    """The people's moves as ``chooser`` picks them, by keys, each after the computers'
    replies, to the game's end."""
    while not screen.session.is_over:
        await play_by_keys(pilot, screen, chooser.choose(screen.session.state))
        await until_a_person_moves(pilot, screen)


async def play_by_keys(pilot: Pilot[None], screen: AddResidueScreen, move: Move) -> None:
    """The keys a person presses for ``move``: the other pile if need be, the number
    typed, enter."""
    if screen.cursor.at[0] is not move.pile:
        await pilot.press("p")
    await pilot.press(*str(move.number), "enter")


def play_out(table: Seating, people: Player[State, Move]) -> State:
    """The end the rules reach when ``people`` chooses for every person's seat and
    each computer seat plays its level with the screen's seeds."""
    computers = {seat: player(s.level, seat, table.options) for seat, s in enumerate(table.seats)
                 if s.level is not None}
    state = add_residue.new_game(table.options)
    while not add_residue.is_over(state):
        chooser = computers.get(state.to_move, people)
        state = add_residue.apply(state, chooser.choose(state))
    return state


# --- set-up -------------------------------------------------------------------------------

async def test_the_table_is_set_by_keys(make_app: Any) -> None:
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, TableSetup)
        await pilot.press("right")  # 3 players
        await pilot.press("tab", "5")  # n
        await pilot.press("tab", *"Ann", "tab")  # seat 1 stays a person
        await pilot.press("tab", *"Ben", "tab", "left", "left")  # seat 2: greedy to person
        await pilot.press("tab", "tab", "left")  # seat 3 keeps its name, plays random
        await pilot.press("enter")
        screen = board(app)
        assert screen.table.seating == Seating((Seat("Ann"), Seat("Ben"), Seat("Cal", "random")), 5)
        assert screen.session.state == add_residue.new_game(add_residue.Options(3, 5))
        assert "3 players, n = 5" in text_of(screen, "#title")


@pytest.mark.slow
async def test_the_set_up_offers_the_table_last_sat_at(make_app: Any) -> None:
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "tab", "5", "tab", *"Ann", "tab", "tab", *"Ben", "tab", "left",
                          "left")
        await pilot.press("enter")
        table = Seating((Seat("Ann"), Seat("Ben"), Seat("Cal", "greedy")), 5)
        assert board(app).table.seating == table
        await pilot.press("escape")  # nothing played: straight back
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("5")
        await pilot.pause()
        assert isinstance(app.screen, TableSetup)
        await pilot.press("enter")
        assert board(app).table.seating == table


async def test_the_command_line_prefills_the_set_up_and_the_mouse_changes_it(
    make_app: Any,
) -> None:
    app = make_app(Start("add-residue", options=add_residue.Options(3, 7)))
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, TableSetup)
        assert setup.query_one("#n").value == "7"  # type: ignore[attr-defined]
        assert [setup.query_one(f"#seat-{seat}").display for seat in range(6)] == [
            True, True, True, False, False, False]
        await pilot.click("#players", offset=(4, 0))  # 4 players
        await pilot.click("#kind-3", offset=(4, 0))  # the fourth seat: greedy → strong
        await pilot.click("#start")
        screen = board(app)
        assert screen.table.seating == Seating((Seat("You"), Seat("Bea", "greedy"),
                                      Seat("Cal", "greedy"), Seat("Dot", "strong")), 7)


async def test_the_command_lines_players_fill_the_set_up_weakest_first_to_choose(
    make_app: Any,
) -> None:
    """``play add-residue --strategy strong --strategy perfect``: the set-up shows
    those computers (it used to show greedy ones), and a level steps up the order
    of strength."""
    offer = Offer(default_seating(add_residue.Options(3, 3), ["strong", "perfect"]))
    app = make_app(Start("add-residue", options=offer))
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, TableSetup)
        kinds = [setup.query_one(f"#kind-{seat}", Cycle).value for seat in range(3)]
        assert kinds == [None, "strong", "perfect"]
        assert [label for label, _ in KINDS] == [
            "person", "computer, random", "computer, greedy", "computer, strong",
            "computer, perfect"]
        await pilot.press("enter")
        assert board(app).table.seating == offer.table


@pytest.mark.slow
async def test_a_wrong_table_is_explained_and_esc_goes_back_to_the_menu(make_app: Any) -> None:
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "0", "enter")
        assert isinstance(app.screen, TableSetup)
        assert text_of(app.screen, "#error") == "n must be a whole number from 1 to 20, not '0'."
        await pilot.press("backspace", *"12", "tab", *"Bea", "enter")
        assert isinstance(app.screen, TableSetup)
        assert "Seats 1 and 2 are both called Bea" in text_of(app.screen, "#error")
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.slow
async def test_o_changes_the_table_and_esc_keeps_the_game(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=HOT_SEAT))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await play_by_keys(pilot, screen, Move(Pile.ADD, 2))
        await pilot.press("o")
        assert isinstance(app.screen, TableSetup)
        await pilot.press("escape")
        assert board(app) is screen and len(screen.session.moves) == 1
        await pilot.press("o", "right", "enter", "y")  # a third seat: a new game, asked
        assert screen.table.seating.seats[2] == Seat("Cal", "greedy")
        assert not screen.session.moves


async def test_question_mark_opens_the_rules_from_the_set_up(make_app: Any) -> None:
    """Before the first game the set-up is all there is: ? opens the rules there, the
    page the board's ? opens, and closing it comes back to the form as it was; in a
    name field ? is a character of the name."""
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, TableSetup)
        assert "?: rules" in text_of(setup, "#keys")
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        page = app.screen
        assert isinstance(page, HelpScreen)
        (under,) = [shown for shown in app.screen_stack if isinstance(shown, AddResidueScreen)]
        assert page.markdown == game_page(under.game.rules_page(), type(under).BINDINGS,
                                          under.table.offers, under.MOUSE_HELP)
        assert page.markdown.startswith(GAMES_BY_KEY["add-residue"].rules_page())
        await pilot.press("escape")
        assert app.screen is setup
        await pilot.press("tab", "tab", "A", "question_mark")  # seat 1's name
        assert app.screen is setup
        assert setup.query_one("#name-0", Input).value == "A?"
        await pilot.press("backspace", "enter")
        assert board(app).table.seating.seats[0].name == "A"


@pytest.mark.slow
async def test_hints_with_a_single_helper_show_no_arrows(make_app: Any) -> None:
    """With no player of one's own, the best computer is the only helper: the Hints
    row is a value, not a field, so tab passes it by and it never shows the arrows of
    a choice (``test_own_seat`` has it as a field once there is a choice)."""
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, TableSetup)
        helper = setup.query_one("#helper", Cycle)
        assert len(helper.choices) == 1 and helper.disabled
        visited = []
        for _ in range(12):  # more tabs than fields: round the form and on
            await pilot.press("tab")
            visited.append(app.focused)
        assert helper not in visited and setup.query_one("#kind-1", Cycle) in visited
        await pilot.click(helper)
        assert "◂" not in text_of(setup, "#helper") and "▸" not in text_of(setup, "#helper")
        assert text_of(setup, "#helper").strip() == "the best computer"
        await pilot.press("enter")
        assert board(app).table.seating.helper is None


@pytest.mark.slow
async def test_a_table_of_computers_only_says_where_to_watch_them(make_app: Any) -> None:
    """The refusal says where computers do play alone, and the way it gives is there:
    esc to the menu, t there opens Add/Residue's statistics panel, whose r runs it."""
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "tab", "tab", "right", "enter")  # seat 1: a random computer
        setup = app.screen
        assert isinstance(setup, TableSetup)
        assert " ".join(text_of(setup, "#error").split()) == (
            "At least one seat must be played by a person; to watch computers play, run them"
            " in the statistics panel (t on the menu, then r) and replay one of their wins"
            " (enter on it).")
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press(*["down"] * [game.key for game in GAMES].index("add-residue"), "t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        stats = app.screen
        assert isinstance(stats, StatsScreen) and stats.game.key == "add-residue"
        assert stats.active_bindings["r"].binding.action == "run"


@pytest.mark.slow
async def test_the_panel_says_who_plays_a_persons_seat_there(make_app: Any) -> None:
    """``t`` from a game runs its table by computers alone: the person's seat is
    played by random there, and the panel says so before anything runs."""
    table = Seating((Seat("Ann"), Seat("Bea", "greedy"), Seat("Cy")), 7)
    app = make_app(Start("add-residue", options=table))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # seated
        await until(pilot, lambda: isinstance(app.screen, AddResidueScreen))
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen)
                    and text_of(app.screen, "#summary").startswith("Seats "))
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert text_of(stats, "#summary").startswith(
            "Seats 1 (Ann) and 3 (Cy) are people: random plays them here.")
        assert stats.options["strategies"] == ["random", "greedy", "random"]


@pytest.mark.slow
async def test_plus_and_minus_change_a_replays_speed_at_once(make_app: Any) -> None:
    """As in every game's replay: a plays the line through, and + and - change its
    speed at once, as the line auto play says (``+ - speed``) promises."""
    game = GAMES_BY_KEY["add-residue"]
    setup = game.setup({"players": 3, "n": 5, "strategies": ["greedy", "random", "random"]})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenReplay(game.replay(setup, 0, 7)))
        await until(pilot, lambda: isinstance(app.screen, AddResidueScreen)
                    and app.screen.session.can_redo)  # the line, worked out
        screen = board(app)
        assert screen.table.replaying and "plus" in footer_keys(screen)  # before a too
        await pilot.press("a")
        assert sign(screen) is not None and "+ - speed" in text_of(screen, "#message")
        speed = screen.helping.speed
        await pilot.press("minus")
        assert screen.helping.speed == speed - 1
        assert text_of(screen, "#message") == "Auto speed: up to 1 move a second."
        await pilot.press("minus")  # the slowest already: said, not repeated as a change
        assert screen.helping.speed == speed - 1
        assert text_of(screen, "#message") == (
            "Auto speed: up to 1 move a second already, the slowest (+ speeds it up).")
        await pilot.press("plus", "plus")
        assert screen.helping.speed == speed + 1
        assert text_of(screen, "#message") == "Auto speed: up to 10 moves a second."
        await until(pilot, lambda: screen.session.is_over, 10)  # and it plays on, faster


async def test_plus_and_minus_change_the_computers_pause_and_say_its_ends(
        make_app: Any) -> None:
    app = make_app(Start("add-residue", options=AGAINST_GREEDY))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        for _ in PAUSES:
            await pilot.press("plus")
        assert screen.pause == 0
        assert text_of(screen, "#message") == (
            "The computers move at once already (- makes them wait).")
        await pilot.press("minus")
        assert screen.pause == PAUSES[1]
        assert text_of(screen, "#message") == (
            f"The computers now move {PAUSES[1]:g} s after their turn comes.")
        for _ in PAUSES:
            await pilot.press("minus")
        assert screen.pause == PAUSES[-1]
        assert text_of(screen, "#message") == (
            f"The computers wait {PAUSES[-1]:g} s already, the longest (+ shortens it).")


# --- play ---------------------------------------------------------------------------------

@pytest.mark.slow
async def test_a_hot_seat_game_played_by_keys_ends_as_the_rules_say(
    make_app: Any, data_path: Path,
) -> None:
    app = make_app(Start("add-residue", options=HOT_SEAT))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        chooser = player("random", 11, HOT_SEAT.options)
        while not screen.session.is_over:
            name = HOT_SEAT.seats[screen.session.state.to_move].name
            assert f"{name}, your move" in text_of(screen, "#turn")
            await play_by_keys(pilot, screen, chooser.choose(screen.session.state))
        end = play_out(HOT_SEAT, player("random", 11, HOT_SEAT.options))
        assert screen.session.state == end
        banner = text_of(screen, "#banner")
        places = [[HOT_SEAT.seats[p].name for p in seats]
                  for _, seats in add_residue.result(end).ranking()]
        ann, ben = end.scores
        if len(places) == 1:
            assert f"1st Ann and Ben, {counted(ann, 'point')} each" in banner
        else:
            first, second = places[0][0], places[1][0]
            assert (f"1st {first}, {counted(max(ann, ben), 'point')} · 2nd {second},"
                    f" {counted(min(ann, ben), 'point')}") in banner
        assert "WON" in banner  # a person always wins a game among people
        assert "2 players, n = 3: played" not in banner  # nobody's record, and said so
        assert "No record: a game among people only." in banner
        log = text_of(screen, "#log")
        assert f"{len(end.scores) * 6:>3}. " in log
    (row,) = saved(data_path)  # kept, but counted toward nobody's record
    assert (row["counts"], row["how"], row["score"]) == (0, "player", max(ann, ben))
    assert saved_record(data_path, "add-residue", "2 players, n = 3").played == 0


@pytest.mark.slow
async def test_the_computer_replies_and_its_game_counts_in_the_records(
    make_app: Any, data_path: Path,
) -> None:
    app = make_app(Start("add-residue", options=AGAINST_GREEDY))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        chooser = player("random", 3, AGAINST_GREEDY.options)
        await play_to_the_end(pilot, screen, chooser)
        end = play_out(AGAINST_GREEDY, player("random", 3, AGAINST_GREEDY.options))
        assert screen.session.state == end
        result = add_residue.result(end)
        won = 0 in result.winners
        assert ("WON" in text_of(screen, "#banner")) == won
        assert "Bot: " in text_of(screen, "#log")
    record = saved_record(data_path, "add-residue", "2 players, n = 4, against greedy")
    assert (record.played, record.won) == (1, int(won))
    (row,) = saved(data_path)
    assert (row["score"], row["counts"]) == (end.scores[0], 1)


async def test_a_table_offers_neither_auto_play_nor_finishing(make_app: Any) -> None:
    """People play their own seats and the computers theirs, so nothing plays for the
    people: neither a nor e is in the footer or the help, and pressing them does
    nothing (a replay has them, to go through the line it shows)."""
    app = make_app(Start("add-residue", options=AGAINST_GREEDY))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        assert screen.check_action("finish", ()) is False
        assert screen.check_action("auto", ()) is False
        assert "h" in footer_keys(screen) and not {"a", "e"} & footer_keys(screen)
        page = await help_read(pilot)
        assert "| `h` |" in page and "| `e` |" not in page
        await pilot.press("e", "a")
        await pilot.pause()
        assert not screen.session.moves  # You move first, and have not


async def test_a_spent_number_is_explained_and_not_applied(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=HOT_SEAT))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await play_by_keys(pilot, screen, Move(Pile.ADD, 2))
        await play_by_keys(pilot, screen, Move(Pile.ADD, 1))
        before = screen.session.state
        await pilot.press("2")  # Ann's 2 is spent from her add pile: said at once
        assert text_of(screen, "#message") == "Ann: no 2 left in your add pile."
        await pilot.press("enter")  # and refused in her name, not the rules' seat number
        assert screen.session.state == before
        assert text_of(screen, "#message") == "Ann: no 2 left in your add pile."
        await pilot.press("0")
        assert "from 1 to 3" in text_of(screen, "#message")


async def test_arrows_step_over_spent_numbers_and_two_digits_make_one_number(
    make_app: Any,
) -> None:
    app = make_app(Start("add-residue", options=Seating((Seat("Ann"), Seat("Ben")), 13)))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await pilot.press("1", "2")
        assert screen.cursor.at == (Pile.ADD, 12)
        await pilot.press("enter")  # Ann: add 12
        await pilot.press("down", "1", "3", "enter")  # Ben: mod 13, m = 12
        assert screen.session.state.scores == (0, 12)
        await pilot.press("up", "1", "1", "right")  # Ann's 12 is spent: 11 → 13
        assert screen.cursor.at == (Pile.ADD, 13)
        await pilot.press("left")
        assert screen.cursor.at == (Pile.ADD, 11)


@pytest.mark.slow
async def test_undo_hands_the_turn_back_to_the_person_and_redo_replays(
    make_app: Any,
) -> None:
    table = Seating((Seat("You"), Seat("Bot", "greedy"), Seat("Max", "greedy")), 3)
    app = make_app(Start("add-residue", options=table))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        assert screen.check_action("undo", ()) is None  # nothing to take back: dimmed
        seen = [screen.session.state]
        for move in (Move(Pile.ADD, 3), Move(Pile.MOD, 2)):
            await play_by_keys(pilot, screen, move)
            await until_a_person_moves(pilot, screen)
            seen.append(screen.session.state)
        assert [state.turn for state in seen] == [0, 3, 6]
        await pilot.press("u")
        assert screen.session.state == seen[1]
        assert screen.table.person_to_move()  # no computer is due while a person thinks
        await pilot.pause()
        assert screen.session.state == seen[1]
        await pilot.press("u")
        assert screen.session.state == seen[0]
        await pilot.press("U")
        assert screen.session.state == seen[1]
        await pilot.press("U")
        assert screen.session.state == seen[2]
        await pilot.press("u", "1", "enter")  # a new move after undo drops the redo
        await until_a_person_moves(pilot, screen)
        assert not screen.session.can_redo
        assert screen.session.moves[3] == Move(Pile.MOD, 1)


async def test_undo_never_goes_back_to_a_computers_first_move(make_app: Any) -> None:
    table = Seating((Seat("Bot", "greedy"), Seat("You")), 2)
    app = make_app(Start("add-residue", options=table))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await until_a_person_moves(pilot, screen)
        assert screen.session.state.turn == 1
        await pilot.press("u")
        assert screen.session.state.turn == 1


async def test_a_click_on_a_chip_of_the_player_to_move_plays_it(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=HOT_SEAT))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        ben = screen.query_one("#seat-1 Chips.add", Chips)
        await pilot.click(ben, offset=(5, 0))
        assert not screen.session.moves
        assert "It is Ann's move" in text_of(screen, "#message")
        ann = screen.query_one("#seat-0 Chips.mod", Chips)
        x = next(x for x in range(ann.size.width) if ann.number_at(x) == 3)
        await pilot.click(ann, offset=(x, 0))
        assert screen.session.moves == [Move(Pile.MOD, 3)]


async def test_the_hint_is_the_perfect_move_where_the_game_is_solved(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=HOT_SEAT))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await play_by_keys(pilot, screen, Move(Pile.ADD, 3))
        best = solve(HOT_SEAT.options, screen.session.state).best_moves
        # The first perfect hint solves the whole game, which takes seconds: said so.
        assert screen.table.hint_player().thinking.startswith("Solving the whole game")
        await pilot.press("h")
        await settle(app, pilot)
        assert f"Hint: {best[0]} " in text_of(screen, "#message")
        assert screen.table.hint_player().thinking == "Thinking…"  # solved once
        await pilot.press("enter")
        assert screen.session.moves[-1] == best[0]


async def test_the_hint_is_the_reviews_best_beyond_the_solved_sizes(make_app: Any) -> None:
    """The strong player's search weighing every move, as the review weighs them."""
    table = Seating((Seat("Ann"), Seat("Ben")), 13)
    app = make_app(Start("add-residue", options=table))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await pilot.press("h")
        await settle(app, pilot)
        state = screen.session.state
        move = WeighingPlayer(screen.table.seed).choose(state)
        (decision,) = review(state, [move], screen.table.seed)
        assert decision.best == move
        said = text_of(screen, "#message")
        assert said.startswith(f"Hint: {move} ")
        assert screen.cursor.at == (Pile.ADD, 1)  # the hint is said; the cursor stays
        *pile, number, enter = said.rpartition("; keys ")[2].rstrip(".").split()
        assert enter == "enter" and pile in ([], ["↑"], ["↓"])  # the keys it names
        await pilot.press(*({"↑": "up", "↓": "down"}[key] for key in pile), *number, enter)
        assert screen.session.moves == [move]


@pytest.mark.slow
async def test_strong_and_perfect_computers_reply_from_a_thread(make_app: Any) -> None:
    table = Seating((Seat("You"), Seat("Sam", "strong"), Seat("Pat", "perfect")), 3)
    app = make_app(Start("add-residue", options=table))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        people = player("random", 5, table.options)
        await play_to_the_end(pilot, screen, people)
        computers = seated([None, "strong", "perfect"], screen.table.seed, table.options)
        state = add_residue.new_game(table.options)
        for move in screen.session.moves:
            if state.to_move:
                assert move == computers[state.to_move].choose(state)
            state = add_residue.apply(state, move)


async def test_a_searching_computer_waits_for_its_part_whoever_gives_the_hints(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A strong computer's move needs the computer players' engine part, also where a
    player of one's own gives the people's hints (which need none)."""
    asked: list[str | None] = []
    think = Thinker.think

    def noted(thinker: Thinker, *args: Any, group: str, needs: str | None = None) -> Any:
        if group == "computer":
            asked.append(needs)
        return think(thinker, *args, group=group, needs=needs)

    monkeypatch.setattr(Thinker, "think", noted)
    seats = Seating((Seat("Sam", "strong"), Seat("You")), 3, helper="mine.py")
    app = make_app(Start("add-residue", options=seats))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await until_a_person_moves(pilot, screen)
        assert screen.table.hint_player().part is None  # the helper's own process plays it
    assert asked == [GAMES_BY_KEY["add-residue"].HINT_PART]


async def test_six_players_with_twenty_numbers_fit_80_by_24(make_app: Any) -> None:
    names = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
    table = Seating(tuple(Seat(name) for name in names), 20)
    app = make_app(Start("add-residue", options=table))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = board(app)
        await pilot.pause()
        assert not screen.has_class("-tall")
        for chips in screen.query(Chips):
            region = chips.region
            assert region.right <= 80 and region.bottom <= 24 - 4
            assert chips.number_at(region.width - 2) == 20
        assert "m = 0" in text_of(screen, "#turn")


async def test_equal_top_scores_share_first_place(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=Seating((Seat("Ann"), Seat("Ben")), 1)))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await pilot.press("enter", "enter", "enter", "enter")  # add 1, add 1, mod 1, mod 1
        assert screen.session.is_over
        assert add_residue.result(screen.session.state).ranking() == ((0, (0, 1)),)
        assert "1st Ann and Ben, 0 points each" in text_of(screen, "#banner")
        assert text_of(screen, "#banner").startswith("TIE")
        assert "Ann and Ben share the win" in text_of(screen, "#turn")


@pytest.mark.slow
async def test_the_computer_waits_while_the_rules_are_open(
    make_app: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The computer's own timer never comes first: its turn is made to come below, once
    # the rules are open, however loaded the machine (a pause of 0.5 s was not enough).
    monkeypatch.setattr(AddResidueScreen, "COMPUTER_PAUSE", 3600.0)
    due = AddResidueScreen._computer_move
    came: list[bool] = []

    def computer_move(screen: AddResidueScreen) -> None:
        came.append(screen.is_active)
        due(screen)

    monkeypatch.setattr(AddResidueScreen, "_computer_move", computer_move)
    app = make_app(Start("add-residue", options=AGAINST_GREEDY))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await pilot.press("enter", "question_mark")
        await until(pilot, lambda: not screen.is_active)  # the rules are open
        screen._computer_move()  # the computer's turn comes …
        await pilot.pause()
        assert came == [False]  # … under the rules
        assert screen.session.state.turn == 1  # and its move is not yet played
        screen.pause = 0.05  # once the rules close, it moves soon
        await pilot.press("escape")
        await until_a_person_moves(pilot, screen)
        assert screen.session.state.turn == 2


@pytest.mark.slow
async def test_a_new_table_with_smaller_piles_starts_afresh(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=Seating((Seat("Ann"), Seat("Ben")), 13)))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await pilot.press("1", "3", "o", "tab", "3", "enter")
        assert screen.table.seating.n == 3
        await pilot.press("enter")
        assert screen.session.moves == [Move(Pile.ADD, 1)]  # not the last game's 13
        await pilot.press("down", "2", "enter")  # Ben: mod 2
        await pilot.press("n")  # a game in play: asked first
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        assert not screen.session.moves and "same table" in text_of(screen, "#message")
        assert screen.cursor.at == (Pile.ADD, 1)  # everyone's cursor afresh
        await pilot.press("enter", "enter")
        assert screen.session.moves == [Move(Pile.ADD, 1), Move(Pile.ADD, 1)]


async def test_names_are_shown_as_typed_never_as_markup(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=Seating((Seat("[red]"), Seat("Bo")), 3)))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await pilot.click("#seat-1 Chips.add", offset=(5, 0))
        assert "It is [red]'s move" in text_of(screen, "#message")
        assert "[red], your move" in text_of(screen, "#turn")


async def test_a_typed_number_says_what_it_does_and_only_enter_plays_it(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=Seating((Seat("Ann"), Seat("Ben")), 13)))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await pilot.press("1")
        assert text_of(screen, "#message") == (
            "Add 1 (m becomes 1): enter plays it. A second digit makes a two-digit number.")
        await pilot.press("2")
        assert text_of(screen, "#message") == "Add 12 (m becomes 12): enter plays it."
        await pilot.press("backspace", "3")  # 1, then 3: 13
        assert screen.cursor.at == (Pile.ADD, 13) and not screen.session.moves
        await pilot.press("down")
        assert screen.cursor.at[0] is Pile.MOD and not screen.session.moves
        await pilot.press("down")  # the bottom pile: ↓ does not wrap round to the top
        assert screen.cursor.at[0] is Pile.MOD
        await pilot.press("up", "up")
        assert screen.cursor.at[0] is Pile.ADD
        await pilot.press("enter")
        assert screen.session.moves == [Move(Pile.ADD, 13)]


async def test_each_person_at_the_table_keeps_a_cursor_of_their_own(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=Seating((Seat("Ann"), Seat("Ben")), 13)))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        await pilot.press("down", "7", "enter")  # Ann: mod 7
        assert screen.cursor.at == (Pile.ADD, 1)  # Ben's own, not where Ann left hers
        await pilot.press("9", "enter")  # Ben: add 9
        assert screen.cursor.at == (Pile.MOD, 6)  # Ann's, at the nearest of hers left
        await pilot.press("h")
        await settle(app, pilot)
        assert screen.cursor.at == (Pile.MOD, 6)  # a hint is said, the cursor stays


@pytest.mark.slow
async def test_plus_and_minus_change_how_long_the_computers_wait(make_app: Any) -> None:
    app = make_app(Start("add-residue", options=AGAINST_GREEDY))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        screen.pause = 0.6
        assert "plus" in footer_keys(screen)
        await pilot.press("plus")
        assert screen.pause == 0.3 and "0.3 s" in text_of(screen, "#message")
        await pilot.press("minus", "minus")
        assert screen.pause == 1.2
        for _ in range(8):
            await pilot.press("plus")
        assert screen.pause == 0 and "at once" in text_of(screen, "#message")
        await play_by_keys(pilot, screen, Move(Pile.ADD, 1))  # and at once it does
        await until_a_person_moves(pilot, screen)
        assert screen.session.state.turn == 2
    app = make_app(Start("add-residue", options=HOT_SEAT))
    async with app.run_test(size=SIZE) as pilot:
        assert board(app).check_action("speed", (1,)) is False  # no computer to wait for


async def test_a_perfect_computer_is_offered_only_where_the_game_is_solved(
        make_app: Any) -> None:
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, TableSetup)
        kind = setup.query_one("#kind-1", Cycle)
        kind.focus()
        await pilot.press("right", "right")  # greedy → strong → (not perfect) person
        assert kind.value is None and text_of(setup, "#error") == ""
        setup.query_one("#n", Input).value = "3"  # a size that is solved
        await pilot.pause()
        await pilot.press("left")
        assert kind.value == "perfect" and text_of(setup, "#error") == ""
        setup.query_one("#n", Input).value = "13"  # and then one that is not
        await pilot.pause()
        assert text_of(setup, "#error").startswith(
            "A perfect computer cannot play here: perfect play is solved for")


@pytest.mark.slow
async def test_v_again_shows_the_review_kept_and_a_game_gone_back_is_weighed_anew(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import rules.players.add_residue_review as judge

    weighed: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        weighed.append(len(args[1]))
        return review(*args, **kwargs)

    monkeypatch.setattr(judge, "review", counted)
    app = make_app(Start("add-residue", options=AGAINST_GREEDY))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        chooser = player("random", 3, AGAINST_GREEDY.options)
        await play_to_the_end(pilot, screen, chooser)
        await settle(app, pilot)
        first = (await reviewed(pilot)).decisions
        await pilot.press("escape")
        assert (await reviewed(pilot)).decisions == first and len(weighed) == 1
        await pilot.press("escape")
        played = list(screen.session.moves)
        while len(add_residue.legal_moves(screen.session.state)) < 2:  # to a choice
            await pilot.press("u")
            await settle(app, pilot)
        other = next(move for move in add_residue.legal_moves(screen.session.state)
                     if move != played[len(screen.session.moves)])
        await play_by_keys(pilot, screen, other)  # the game is another now: weighed anew
        await until_a_person_moves(pilot, screen)
        await play_to_the_end(pilot, screen, chooser)
        await settle(app, pilot)
        await reviewed(pilot)
        assert len(weighed) == 2


@pytest.mark.parametrize("seats", [AGAINST_GREEDY, HOT_SEAT], ids=["computer", "hot seat"])
@pytest.mark.slow
async def test_v_reviews_a_finished_game_and_enter_goes_back_to_a_persons_turn(
        make_app: Any, seats: Seating) -> None:
    """The people's decisions, weighed by perfect play at a solved size, with whose they
    are where there are two people; enter goes back before the one chosen and says the
    best move there."""
    from textual.widgets import DataTable


    app = make_app(Start("add-residue", options=seats))
    async with app.run_test(size=SIZE) as pilot:
        screen = board(app)
        assert not screen.check_action("review", ())
        chooser = player("random", 5, seats.options)
        await play_to_the_end(pilot, screen, chooser)
        await settle(app, pilot)
        page = await reviewed(pilot)
        expected = [decision for decision in review(
            screen.session.start, list(screen.session.moves), screen.table.seed)
            if seats.seats[decision.state.to_move].is_person]  # not the computer's
        assert page.decisions == expected
        shown = page.query_one(DataTable)
        assert shown.row_count == len(expected)
        headings = [str(column.label) for column in shown.columns.values()]
        if seats is HOT_SEAT:
            assert headings[2] == "seat" and {str(shown.get_row_at(row)[2]) for row in range(
                shown.row_count)} == {"Ann", "Ben"}
        else:
            assert "seat" not in headings
        assert "perfectly" in text_of(page, "#summary")
        chosen = page.decisions[page.query_one(DataTable).cursor_row]
        await pilot.press("enter")
        assert app.screen is screen and len(screen.session.moves) < chosen.number
        assert "the review's best here is to" in text_of(screen, "#message")
