"""A player of one's own at the Add/Residue table, chosen in the set-up from the files
of the data directory's players/add-residue/, playing its seat as the computers do;
one that goes wrong is said, and a guest of ``serve`` is offered none."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rules import add_residue
from rules.errors import OptionsError
from rules.own_players import add_residue as own
from solitaire_tui.app import SolitaireApp
from solitaire_tui.games.add_residue.screen import AddResidueScreen
from solitaire_tui.games.add_residue.seating import Seat, Seating
from solitaire_tui.games.add_residue.setup_screen import TableSetup
from solitaire_tui.own_players import files
from solitaire_tui.start import Start
from solitaire_tui.stats import limits
from solitaire_tui.widgets.cycle import Cycle
from tests.support.add_residue import GREEDY, board, until_a_person_moves
from tests.support.pilots import SIZE, text_of, until


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(AddResidueScreen, "COMPUTER_PAUSE", 0.01)
    files.forget()
    yield
    files.forget()


def greedy_rule(state: add_residue.State, game: int) -> add_residue.Move:
    """The move GREEDY's file makes, worked out here."""
    view = own.view(state, game, False)
    return own.move_named(state, max(view.moves, key=lambda move: (view.gain(move),
                                                                     -view.after(move))))


def players_folder(data_path: Path, text: str | None = None, name: str = "mine.py") -> Path:
    """The data directory's players/add-residue/, with ``text`` as file ``name``."""
    folder = data_path / "players" / "add-residue"
    folder.mkdir(parents=True)
    if text is not None:
        (folder / name).write_text(text)
    return folder


async def seat_two_plays(pilot: Pilot[None], app: Any, level: str) -> None:
    """In the set-up: seat 2 set to ``level`` by keys, once the folder is read."""
    await until(pilot, lambda: isinstance(app.screen, TableSetup)
                and any(value == level for _, value in app.screen.kinds))
    await pilot.press("tab", "4", "tab", "tab", "tab", "tab")  # n = 4; seat 2's kind
    kind = app.screen.query_one("#kind-1", Cycle)
    for _ in kind.choices:
        if kind.value == level:
            break
        await pilot.press("right")
    assert kind.value == level, (app.focused, kind.choices)
    await pilot.press("enter")


@pytest.mark.slow
async def test_a_player_of_your_own_plays_a_seat_chosen_in_the_set_up(
        make_app: Any, data_path: Path) -> None:
    players_folder(data_path, GREEDY)
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        await seat_two_plays(pilot, app, "mine.py")
        screen = board(app)
        assert screen.table.seating == Seating((Seat("You"), Seat("Bea", "mine.py")), 4)
        assert "against mine.py" in screen.table.seating.variant
        game = screen.table.seed
        while not screen.session.is_over:
            await pilot.press("enter")  # the cursor's chip: a move of the person's
            await until_a_person_moves(pilot, screen)
        moves, state = screen.session.moves, screen.session.start
        for number, move in enumerate(moves):
            if number % 2:  # seat 2's moves: the file's greedy rule, every one
                assert move == greedy_rule(state, game)
            state = add_residue.apply(state, move)


@pytest.mark.slow
async def test_a_player_of_your_own_that_goes_wrong_is_said(
        make_app: Any, data_path: Path) -> None:
    players_folder(data_path, "def play(view):\n    return 1 // 0\n", "bad.py")
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        await seat_two_plays(pilot, app, "bad.py")
        screen = board(app)
        await pilot.press("enter")
        await until(pilot, lambda: "could not move" in text_of(screen, "#message"), 60)
        assert text_of(screen, "#message").startswith(
            "Bea (bad.py) could not move: bad.py, line 2, raised ZeroDivisionError at move 2"
            f" of game {screen.table.seed}: integer division or modulo by zero")
        assert len(screen.session.moves) == 1  # the game waits where it was
        assert "Bea (bad.py) could not move: u takes a move back" in text_of(screen, "#turn")
    assert not (data_path / "errors.log").exists()  # the player's fault, no bug of the app's


async def test_a_guest_is_offered_no_player_of_ones_own(data_path: Path) -> None:
    """A file in the players' folder is code: a guest of ``serve`` loads none."""
    players_folder(data_path, "raise SystemExit('loaded')\n")
    app = SolitaireApp(data=data_path, limits=limits.guest(1, 5000), start=Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableSetup))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableSetup) and board_of(app).table.players_dir is None
        assert all(not str(value).endswith(".py") for _, value in screen.kinds)
    assert files.names("add-residue") == ()


def board_of(app: SolitaireApp) -> AddResidueScreen:
    found = [screen for screen in app.screen_stack if isinstance(screen, AddResidueScreen)]
    return found[0]


def test_a_seat_names_a_player_of_ones_own_by_its_file_alone() -> None:
    assert Seating((Seat("You"), Seat("Bea", "mine.py")), 4).seats[1].level == "mine.py"
    for level in ("../mine.py", "mine", "/tmp/mine.py"):
        with pytest.raises(OptionsError, match="one of your players"):
            Seating((Seat("You"), Seat("Bea", level)), 4)


async def test_hints_come_from_a_player_of_your_own_chosen_in_the_set_up(
        make_app: Any, data_path: Path) -> None:
    players_folder(data_path, GREEDY)
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableSetup)
                    and ("mine.py", "mine.py") in app.screen.helpers)
        helper = app.screen.query_one("#helper", Cycle)
        assert not helper.disabled  # a choice of two: a field, with its arrows
        while app.focused is not helper:
            await pilot.press("tab")
        assert text_of(app.screen, "#helper").strip() == "◂ the best computer ▸"
        await pilot.press("right")
        assert helper.value == "mine.py"
        await pilot.press("enter")
        screen = board(app)
        assert screen.table.seating.helper == "mine.py"
        assert screen.table.hint_player().thinking == "Asking mine.py…"
        state = screen.session.state
        hinted = greedy_rule(state, screen.table.seed)
        await pilot.press("h")
        await until(pilot, lambda: f"Hint: {hinted} " in text_of(screen, "#message"))
        assert screen.session.moves == []  # said, not played


async def test_a_file_added_while_the_game_is_open_is_offered_by_the_next_set_up(
        make_app: Any, data_path: Path) -> None:
    folder = players_folder(data_path)
    app = make_app(Start("add-residue"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableSetup))
        assert ("mine.py", "mine.py") not in app.screen.helpers
        await pilot.press("enter")
        screen = board(app)
        (folder / "mine.py").write_text(GREEDY)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, TableSetup)
                    and ("mine.py", "mine.py") in app.screen.helpers
                    and ("computer, mine.py", "mine.py") in app.screen.kinds)
        await pilot.press("escape")
        assert app.screen is screen
