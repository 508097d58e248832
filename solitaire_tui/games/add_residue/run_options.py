"""Add/Residue's fields in the statistics panel: the players, n, and a computer
player for each seat (as many fields as there are players), the player's own players
(the files of the data directory's ``players/add-residue/``) among them. Seats 4 to 6
are on a row of their own: one row has no room for six seats at 80 columns."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select

from rules import add_residue
from rules.roster import ADD_RESIDUE as NAMES
from solitaire_tui.own_players.folder import Found
from solitaire_tui.ui.run_options import RunOptions, numbers, pick

FIRST_ROW = 3  # seats beside the players and n; the others below


class AddResidueRunOptions(RunOptions):
    HELP = """\
- **Players** and **n**: the table, 2 to 6 seats and piles of the numbers 1 to n.
- **P1** to **P6**: the computer player in each seat: `greedy` (the most points this
  turn), `random`, `strong` (a tree search over 1,000 playouts a move), `perfect`
  (solved play, for tables small enough to solve: 2 players up to n = 5, 3 up to
  n = 3), or a player of your own. Opened from a game, a person's seat is played by
  random here, as the line under the bar says."""
    DEFAULT_CSS = """
    AddResidueRunOptions { layout: vertical; }
    AddResidueRunOptions > Horizontal { height: auto; }
    """

    def compose(self) -> ComposeResult:
        given = self.initial
        # By default greedy against random players: greedy against greedy always ties.
        seats = list(given.get("strategies", ["greedy", "random"]))
        with Horizontal():
            yield Label("Players")
            yield pick(numbers(add_residue.MIN_PLAYERS, add_residue.MAX_PLAYERS),
                       given.get("players", add_residue.Options.players), "players")
            yield Label("n")
            yield pick(numbers(add_residue.MIN_N, add_residue.MAX_N),
                       given.get("n", add_residue.Options.n), "n")
            yield from self._seats(seats, range(FIRST_ROW))
        with Horizontal(id="more-seats"):
            yield from self._seats(seats, range(FIRST_ROW, add_residue.MAX_PLAYERS))

    @staticmethod
    def _seats(seats: list[str], numbers: range) -> ComposeResult:
        for seat in numbers:
            yield Label(f"P{seat + 1}", classes="seat")
            level = pick([(name, name) for name in NAMES], seats[min(seat, len(seats) - 1)],
                         f"seat-{seat + 1}")
            level.add_class("seat-level")
            yield level

    def on_mount(self) -> None:
        self._show_seats()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            self._show_seats()

    def fields_of(self, option: str) -> tuple[str, ...]:
        """The seats' comparison sets every seat: seat 1's player against random
        players (``AddResidue.comparisons``)."""
        if option == "strategies":
            return tuple(f"seat-{seat + 1}" for seat in range(add_residue.MAX_PLAYERS))
        return (option,)

    def _show_seats(self) -> None:
        """As many strategy fields as there are players."""
        players = self.chosen("players")
        for seat in range(add_residue.MAX_PLAYERS):
            shown = seat < players
            self.query_one(f"#seat-{seat + 1}").display = shown
            self.query(Label).filter(".seat")[seat].display = shown
        self.query_one("#more-seats").display = players > FIRST_ROW

    def show_own(self, found: Found) -> None:
        """Each seat may be one of the player's own players too (one of them a table):
        a seat keeps its choice, or takes the one the run opened asked for."""
        choices = [(name, name) for name in (*NAMES, *(player.name for player in found.players))]
        known = {name for name, _ in choices}
        asked = list(self.initial.get("strategies", ()))
        for seat in range(add_residue.MAX_PLAYERS):
            level = self.query_one(f"#seat-{seat + 1}", Select)
            now = level.value
            wanted = asked[seat] if seat < len(asked) and asked[seat] not in NAMES else now
            level.set_options(choices)
            level.value = wanted if wanted in known else now if now in known else NAMES[0]

    @property
    def value(self) -> dict[str, Any]:
        players = self.chosen("players")
        return {"players": players, "n": self.chosen("n"),
                "strategies": [self.chosen(f"seat-{seat + 1}") for seat in range(players)]}
