"""Setting the Add/Residue table: how many play, each seat's name, a person or a
computer at each, n, and who gives the people hints (a player of one's own can).

Every row for six seats is built at once and the ones beyond the player count
are hidden, so names typed before the count goes down come back when it goes up.
Whether the table makes sense is the table's own decision: the form only reports
its first objection and stays open until it is mended or left.

The form comes before the first game, so ``?`` opens the game's rules from it: the
game screen's own page (``rules``), which the board's ``?`` opens too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from rules import add_residue
from rules.errors import RulesError
from rules.roster import ADD_RESIDUE as NAMES
from rules.roster import check_solvable
from solitaire_tui.games.add_residue.seating import (
    DEFAULT_NAMES,
    NAME_LENGTH,
    Seating,
    make_seating,
)
from solitaire_tui.widgets.cycle import Cycle
from solitaire_tui.widgets.field import TextField

PLAYERS = tuple((str(p), p) for p in range(add_residue.MIN_PLAYERS, add_residue.MAX_PLAYERS + 1))
# The computers weakest first, as a player steps up through them.
WEAKEST_FIRST = ("random", "greedy", "strong", "perfect")
KINDS: tuple[tuple[str, str | None], ...] = (
    ("person", None), *((f"computer, {name}", name) for name in WEAKEST_FIRST))
BEST = ("the best computer", None)  # the hints' helper unless a player of one's own


class TableSetup(ModalScreen[Seating | None]):
    BINDINGS = [
        Binding("enter", "start", "Start"),
        Binding("escape", "back", "Back"),
        # In a text field ? is the field's (Textual gives a field every character it
        # could take, before any binding): a name may hold one, n's drops it.
        Binding("question_mark", "rules", "Rules", key_display="?"),
    ]

    CSS_PATH = "setup_screen.tcss"

    def __init__(self, table: Seating, own: Sequence[str] = (), *,
                 rules: Callable[[], None]) -> None:
        """``own``: the player's own players, offered as computers too (more may come
        while the form is open: ``offer_players``); ``rules`` opens the game's rules
        page over the form (the game screen's ``action_help``: one page, not a second
        one to keep in step with it)."""
        super().__init__()
        self.table = table
        self._rules = rules
        self.kinds, self.helpers = self._kinds(own)

    def _kinds(self, own: Sequence[str]) -> tuple[tuple[tuple[str, str | None], ...],
                                                  tuple[tuple[str, str | None], ...]]:
        """What a seat may be (a person, the built-in computers and the player's own)
        and who may give hints (the best computer and the player's own); any player of
        one's own the table has already stays (a file gone since stays where it is)."""
        had = [seat.level for seat in self.table.seats
               if seat.level is not None and seat.level not in NAMES]
        mine = dict.fromkeys([*own, *had, *([self.table.helper] if self.table.helper else [])])
        return ((*KINDS, *((f"computer, {name}", name) for name in mine)),
                (BEST, *((name, name) for name in mine)))

    def offer_players(self, own: Sequence[str]) -> None:
        """The player's own players, read since the form opened (its fields may be
        composed and not yet mounted: mounting offers them too)."""
        self.kinds, self.helpers = self._kinds(own)
        self._offer()

    def _offer(self) -> None:
        """The choices into the fields. Hints with one helper to choose (no player of
        one's own yet) is a fixed value, not a field: disabled, it takes neither the
        focus nor a click, so it never shows the arrows of a choice (``Cycle`` draws
        them on the focused one), and it becomes a field once a player is offered."""
        for kind in self.query(".kind").results(Cycle):
            kind.offer(self.kinds)
        for helper in self.query("#helper").results(Cycle):
            helper.offer(self.helpers)
            helper.disabled = len(helper.choices) < 2

    def compose(self) -> ComposeResult:
        seats = self.table.seats
        with Vertical() as form:
            form.border_title = "Add/Residue: who plays"
            with Horizontal(classes="row"):
                yield Label("Players", classes="what")
                yield Cycle(PLAYERS, len(seats), id="players")
                yield Label("", classes="gap")
                yield Label("n", classes="short")
                yield TextField(str(self.table.n), id="n", restrict=r"\d*", max_length=2,
                            compact=True)
                yield Label(f"from {add_residue.MIN_N} to {add_residue.MAX_N}: piles of 1..n",
                            classes="note")
            for number, default in enumerate(DEFAULT_NAMES):
                name, level = ((seats[number].name, seats[number].level)
                               if number < len(seats) else (default, NAMES[0]))
                with Horizontal(classes="row seat", id=f"seat-{number}"):
                    yield Label(f"Seat {number + 1}", classes="what")
                    yield TextField(name, id=f"name-{number}", max_length=NAME_LENGTH,
                                compact=True)
                    yield Cycle(self.kinds, level, id=f"kind-{number}", classes="kind")
            with Horizontal(classes="row", id="hints"):
                yield Label("Hints", classes="what")
                yield Cycle(self.helpers, self.table.helper, id="helper")
                yield Label("", classes="gap")
                yield Label("who gives the people hints (h)", classes="note")
            yield Label("", id="error")
            with Horizontal(id="buttons"):
                for label, action in (("Start", "start"), ("Back", "back")):
                    button = Button(label, id=action, action=f"screen.{action}", compact=True)
                    button.can_focus = False  # enter starts wherever the focus is
                    yield button
            yield Label("tab: next · ←→ space: change · enter: start · ?: rules · esc: back",
                        id="keys")

    def on_mount(self) -> None:
        self._offer()
        self._show_seats()
        self._check_perfect()

    def on_cycle_changed(self, event: Cycle.Changed) -> None:
        self._mended()
        if event.cycle.id == "players":
            self._show_seats()
        self._check_perfect()

    def on_input_changed(self, _: Input.Changed) -> None:
        self._mended()
        self._check_perfect()

    def _check_perfect(self) -> None:
        """Where the game is not solved, the seats' choices step past the perfect
        computer, and a seat that has one already (asked for on the command line, or
        the size changed since) is told at once, not only when Start is pressed."""
        players = self._players
        kinds = [self.query_one(f"#kind-{number}", Cycle) for number in range(len(DEFAULT_NAMES))]
        unsolved = None
        with suppress(RulesError):  # a wrong n: Start says so
            options = add_residue.Options(players, add_residue.N(self.query_one("#n", Input).value))
            try:
                check_solvable(options)
            except RulesError as error:
                unsolved = str(error)
        for kind in kinds:
            kind.passed_over = frozenset() if unsolved is None else frozenset({"perfect"})
        if unsolved is not None and any(kind.value == "perfect" for kind in kinds[:players]):
            self.query_one("#error", Label).update(Text(f"A perfect computer cannot play"
                                                        f" here: {unsolved}."))

    def _mended(self) -> None:
        """A field changed: the objection to what was there before no longer holds."""
        self.query_one("#error", Label).update("")

    def _show_seats(self) -> None:
        players = self._players
        for number in range(len(DEFAULT_NAMES)):
            self.query_one(f"#seat-{number}").display = number < players

    @property
    def _players(self) -> int:
        players: int = self.query_one("#players", Cycle).value
        return players

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def action_start(self) -> None:
        seats = [(self.query_one(f"#name-{number}", Input).value,
                  self.query_one(f"#kind-{number}", Cycle).value)
                 for number in range(self._players)]
        try:
            table = make_seating(seats, self.query_one("#n", Input).value,
                                 self.query_one("#helper", Cycle).value)
        except RulesError as error:
            self.query_one("#error", Label).update(Text(f"{error}."))
            self.app.bell()
            return
        self.dismiss(table)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        self._rules()
