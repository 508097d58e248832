"""Add/Residue: people and computer players take turns at one table.

The people share the keyboard and the mouse (hot seat), each with a cursor of their
own; a number typed is shown with what it would do and played only on enter. A
computer seat moves by itself after a pause long enough to see its move (``+`` and
``-`` change it). Undo and redo step over the computers' moves to the nearest turn
of a person, so undoing hands the choice back to a person instead of to a computer
that would move again at once.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Label, Static

from rules import add_residue
from rules.add_residue import Move, Pile, State
from rules.players import Player
from rules.players.add_residue import player, seated
from rules.roster import BASIC, solvable
from rules.words import counted, listed, sentence_start
from solitaire_tui.decks import Deck
from solitaire_tui.games.add_residue.table import Seat, Table, default_table
from solitaire_tui.games.add_residue.widgets import BigNumber, Chips, SeatView
from solitaire_tui.games.game import Game
from solitaire_tui.store.records import Records
from solitaire_tui.store.unfinished import Damaged
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import game_keys
from solitaire_tui.widgets.tail import Tail
from solitaire_tui.widgets.text import set_text

SEED_RANGE = 1 << 32  # the random computers' seeds; seat s plays with seed + s
FIXED_ROWS = 5  # title, message, status and two rows of footer keys
M_ROWS, LOG_ROWS = 3, 6  # the big m, and the least of the move log worth showing

# There is no deal here: the shared keys are named for what they do in this game.
SHARED_KEYS = game_keys(new_game="New game", options="Players")
PLAY_ACTIONS = ("step", "switch_pile", "to_pile", "digit", "erase", "play_chosen")
PAUSES = (0.0, 0.15, 0.3, 0.6, 1.2, 2.4)  # seconds a computer waits before it moves


class AddResidueScreen(GameScreen[State, Move]):
    RULES = add_residue
    SLOW_HINTS = True
    HAS_AUTO = False  # the computers play their own seats; the people play theirs
    HAS_OPTIONS = True
    COMPUTER_PAUSE: ClassVar[float] = 0.6  # seconds before a computer moves, at first

    BINDINGS = [
        Binding("left", "step(-1)", "Chip", key_display="←→"),
        Binding("right", "step(1)", "Chip", show=False),
        Binding("up", "to_pile('add')", "Pile", key_display="↑↓"),
        Binding("down", "to_pile('mod')", "Pile", show=False),
        Binding("p", "switch_pile", "Pile", show=False),
        *(Binding(str(digit), f"digit({digit})", "Number", key_display="0–9",
                  show=digit == 1) for digit in range(10)),
        Binding("backspace", "erase", "Erase", show=False),
        Binding("enter", "play_chosen", "Play"),
        *SHARED_KEYS,
    ]

    CSS_PATH = "screen.tcss"

    def __init__(self, game: Game, records: Records, deck: Deck | None = None,
                 options: add_residue.Options | Table | None = None) -> None:
        """A ``Table`` seats the game at once; the rules' ``Options`` only pre-fill the
        set-up, which is shown first whenever there is no table yet."""
        self._offered = options if isinstance(options, Table) else default_table(options)
        super().__init__(game, records, deck, options if isinstance(options, Table) else None)
        self.seated = isinstance(options, Table)
        # Players or n other than the rules' defaults, asked for on the command line.
        self._asked_for = (isinstance(options, add_residue.Options)
                           and options != add_residue.Options())
        self.seed = secrets.randbelow(SEED_RANGE)
        self.players = self._computers()
        self._computer: Timer | None = None
        self._choosing: State | None = None  # the state a computer is choosing a move for
        self._adviser: Player[State, Move] | None = None  # the hint's player, made on first use
        self._cursor = (Pile.ADD, 1)
        self._cursor_turn = -1  # the turn the cursor was placed for
        self._cursors: dict[int, tuple[Pile, int]] = {}  # each person's, between turns
        self._typed: int | None = None  # the number typed so far this turn
        self.pause = self.COMPUTER_PAUSE

    # --- the table --------------------------------------------------------------

    @property
    def table(self) -> Table:
        table: Table = self.options
        return table

    def default_options(self) -> Table:
        return self._offered

    def _computers(self) -> dict[int, Player[State, Move]]:
        return seated([seat.level for seat in self.table.seats], self.seed, self.table.options)

    def flags(self) -> dict[str, Any]:
        """The random computers' seed: a game resumed goes on with the same draws."""
        return super().flags() | {"seed": self.seed}

    def take_flags(self, flags: Mapping[str, Any]) -> None:
        super().take_flags(flags)
        seed = flags.get("seed")
        if not isinstance(seed, int) or not 0 <= seed < SEED_RANGE:
            raise Damaged(f"the computers' seed is {seed!r}")
        self.seed = seed
        self.players = self._computers()

    def _seat(self, number: int) -> Seat:
        return self.table.seats[number]

    def _person_to_move(self) -> bool:
        return not self.session.is_over and self._seat(self.session.state.to_move).is_person

    def _computer_to_move(self) -> bool:
        return not self.session.is_over and not self._person_to_move()

    # --- what a game supplies -----------------------------------------------------

    def new_state(self) -> State:
        return add_residue.new_game(self.table.options)

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="top"):
            with Horizontal(id="big-m"):
                yield Label("m = ")
                yield BigNumber()
            yield Static(id="turn")
        with Vertical(id="seats"):
            for number in range(add_residue.MAX_PLAYERS):
                yield SeatView(number)
        yield Tail("Moves", id="log")

    def show(self, state: State) -> None:
        self._fit()
        self.query_one(BigNumber).show(state.m)
        self._show_turn(state)
        live = None if self.session.is_over else state.to_move
        chosen_pile, chosen = self._cursor
        chooser = state.to_move if self._person_to_move() else None
        for view in self.query(SeatView):
            seated = view.player < len(self.table.seats)
            view.display = seated
            if not seated:
                continue
            seat = self._seat(view.player)
            view.show(seat.name, seat.level, state.scores[view.player],
                      to_move=view.player == live)
            for pile in Pile:
                cursor = chosen if (view.player, pile) == (chooser, chosen_pile) else None
                view.chips(pile).show(self.table.n, state.pile(view.player, pile),
                                      live=view.player == live, cursor=cursor)
        self.query_one("#log", Tail).show(self._log())

    def _show_turn(self, state: State) -> None:
        """Whose move it is, in words; at small heights m comes first, on the same line.
        Names are the players' own text, never markup."""
        tall = self.has_class("-tall")
        person = self._person_to_move()
        text = Text() if tall else Text.assemble((f" m = {state.m} ", "bold reverse"), " ")
        if self.session.is_over:
            names = [self._seat(p).name for p in add_residue.result(state).winners]
            verb = ("share the win" if len(names) > 1
                    else "win" if names[0].casefold() == "you" else "wins")
            text.append(f"Game over: {listed(names)} {verb}.")
        elif person:
            text.append(self._seat(state.to_move).name, "bold")
            text.append(", your move: ")
            text.append(f" {Move(*self._cursor)} ", "bold reverse")
            text.append("\n←→ ↑↓ or a number choose, enter plays; or click a chip." if tall
                        else ", enter plays it")
        elif self.replaying:
            text.append(f"{self._seat(state.to_move).label} to move: U plays its move, u"
                        " takes one back")
        else:
            text.append(f"{self._seat(state.to_move).label} is choosing…")
        turn = self.query_one("#turn", Static)
        turn.set_class(person, "-person")
        set_text(turn, text)

    def _log(self) -> list[str]:
        lines = []
        state = self.session.start
        for count, move in enumerate(self.session.moves, 1):
            after = add_residue.apply(state, move)
            scored = f", scores {after.m}" if move.pile is Pile.MOD else ""
            lines.append(f"{count:>3}. {self._seat(state.to_move).name}: {move}"
                         f" → m = {after.m}{scored}")
            state = after
        return lines

    def figures(self, state: State) -> str:
        left = add_residue.moves_left(state)
        return f"m = {state.m} · {counted(left, 'move')} to go"

    @property
    def hint_part(self) -> str:
        """The strong and perfect players (``AddResidue.ENGINE``)."""
        return self.game.ENGINE[0].name

    def hint(self, state: State) -> Move | None:
        """The perfect player's move where the game is solved, else the strong one's."""
        if add_residue.is_over(state):
            return None
        if self._adviser is None:
            options = self.table.options
            level = "perfect" if solvable(options) else "strong"
            self._adviser = player(level, self.seed, options)
        return self._adviser.choose(state)

    def describe(self, move: Move) -> str:
        m = add_residue.value_after(self.session.state.m, move)
        scores = f", scoring {m}" if move.pile is Pile.MOD else ""
        return f"{move} (m becomes {m}{scores})"

    def score(self, state: State) -> int | None:
        """The best score among the people at the table (None if none played)."""
        scores = add_residue.result(state).scores
        people = [score for seat, score in enumerate(scores) if self._seat(seat).is_person]
        return max(people, default=None)

    def verdict(self, state: State) -> tuple[bool, str]:
        result = add_residue.result(state)
        places, place = [], 1
        for score, seats in result.ranking():
            names = listed([self._seat(p).name for p in seats])
            each = ", each" if len(seats) > 1 else ""
            places.append(f"{_ordinal(place)} {names} {score}{each}")
            place += len(seats)
        won = any(self._seat(p).is_person for p in result.winners)
        return won, " · ".join(places)

    def headline(self, state: State, won: bool) -> str:
        """A top score shared with a person at the table is a tie, not a win alone
        (it still counts as won, as the records have always counted it)."""
        shared = len(add_residue.result(state).winners) > 1
        return "TIE" if won and shared else super().headline(state, won)

    @property
    def variant(self) -> str:
        return self.table.variant

    @property
    def records_variant(self) -> str | None:
        """A game among people only is nobody's own record."""
        return None if self.table.all_people else self.variant

    # --- layout ---------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self.show(self.session.state)

    def _fit(self) -> None:
        """The big m, then a blank row between seats, when the height has room for them
        above a few rows of the move log."""
        rows = self.size.height - FIXED_ROWS - LOG_ROWS
        players = len(self.table.seats)
        self.set_class(rows >= M_ROWS + 2 * players + 1, "-tall")
        self.set_class(rows >= M_ROWS + 3 * players + 1, "-airy")

    # --- the computers' turns ---------------------------------------------------------

    def redraw(self) -> None:
        self._place_cursor()
        super().redraw()
        self._schedule_computer()

    def _schedule_computer(self) -> None:
        """A computer moves by itself after a pause, except in a replay, where the
        line the computers played is stepped through."""
        if (self._computer is None and self._choosing is None and self._computer_to_move()
                and self.is_active and not self.replaying):
            self._computer = self.set_timer(self.pause, self._computer_move)

    def _stop_computer(self) -> None:
        """No computer moves until scheduled again; a move being chosen is dropped."""
        self._choosing = None
        self.cancel_thinking("computer")
        if self._computer is not None:
            self._computer.stop()
            self._computer = None

    def _computer_move(self) -> None:
        """A computer chooses in the background, so the table stays live while a strong
        or perfect one searches (the first perfect move builds the game's whole table,
        a few seconds); the move is played if the position is still the same."""
        self._computer = None
        if self._computer_to_move() and self.is_active:  # not while help or set-up is open
            state = self._choosing = self.session.state
            chooser = self.players[state.to_move]
            searches = self.table.seats[state.to_move].level not in BASIC
            self.think(partial(chooser.choose, state), partial(self._computer_chose, state),
                       partial(self._computer_failed, state), group="computer",
                       needs=self.hint_part if searches else None)

    def _computer_chose(self, state: State, move: Move) -> None:
        """Played if the position is still the one it was chosen for, and the table is
        in view; otherwise the computer chooses again when it is."""
        self._choosing = None
        if state is self.session.state and self.is_active:
            self.play(move)
        else:
            self._schedule_computer()

    def _computer_failed(self, state: State, error: BaseException) -> None:
        self._choosing = None
        self.say(f"{self._seat(state.to_move).label} could not move: {error}", error=True)

    def on_screen_resume(self) -> None:
        self._schedule_computer()

    def start(self, deck: Deck | None) -> None:
        self._stop_computer()
        self.players = self._computers()
        self._adviser = None
        self._cursor_turn = -1  # n may have changed: the cursor is placed afresh
        super().start(deck)

    def new_game(self) -> None:
        self.seed = secrets.randbelow(SEED_RANGE)
        super().new_game()
        self.say("A new game at the same table.")

    def restart(self) -> None:
        super().restart()
        if not self.replaying:
            self.say("The same table, from the start.")

    def options_again(self) -> None:
        """The set-up is shown each time, as who sits at the table changes; it is
        filled with the table last sat at, unless the command line said otherwise."""
        table = None if self._asked_for else self.remembered_options()
        if table is not None:
            self._offered = self.options = table
            self.start(self.deck)
        self.action_options()

    def action_options(self) -> None:
        from solitaire_tui.games.add_residue.setup_screen import TableSetup

        def chosen(table: Table | None) -> None:
            if table is not None:
                self.seated = True
                self.change_options(table)
            elif not self.seated:
                self.dismiss()

        self._stop_computer()
        self.app.push_screen(TableSetup(self.table), chosen)

    # --- undo and redo to a person's turn -------------------------------------------

    def _undo_steps(self) -> int:
        """How many moves back the nearest earlier turn of a person is (in a replay,
        one move); 0: none."""
        turn, players = self.session.state.turn, len(self.table.seats)
        if self.replaying:
            return min(turn, 1)
        return next((back for back in range(1, turn + 1)
                     if self._seat((turn - back) % players).is_person), 0)

    def action_undo(self) -> None:
        steps = self._undo_steps()
        if not steps:
            return
        self._stop_computer()
        for _ in range(steps):
            self.session.undo()
        self.say("")
        self.redraw()

    def action_redo(self) -> None:
        while self.session.redo() and self._computer_to_move() and not self.replaying:
            pass
        self.say("")
        self.redraw()

    # --- choosing a move --------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in PLAY_ACTIONS:
            return False if self.session.is_over else self._person_to_move() or None
        if action == "undo":
            return self._undo_steps() > 0
        if action == "speed":  # the computers' pause
            return not self.table.all_people and not self.replaying
        if action == "hint" and self._computer_to_move():
            return None
        return super().check_action(action, parameters)

    def offers(self, action: str) -> bool:
        """``+`` and ``-`` change how long the computers wait before they move."""
        return action == "speed" or super().offers(action)

    def action_speed(self, change: int) -> None:
        if self.replaying:
            super().action_speed(change)
            return
        at = min(range(len(PAUSES)), key=lambda index: abs(PAUSES[index] - self.pause))
        self.pause = PAUSES[max(0, min(len(PAUSES) - 1, at - change))]
        self.say(f"The computers now move {self.pause:g} s after their turn comes."
                 if self.pause else "The computers now move at once.")

    def _place_cursor(self) -> None:
        """At a new turn, the mover's own cursor comes back (hot seat: each person
        finds it where they left it), as near as their piles allow; the same turn
        again (after an undo) keeps it as it is."""
        state = self.session.state
        if state.turn == self._cursor_turn or self.session.is_over:
            return
        fresh = self._cursor_turn < 0  # a new game: the cursor stays where it is
        if not fresh:
            self._cursors[self._cursor_turn % len(self.table.seats)] = self._cursor
        self._cursor_turn = state.turn
        self._typed = None
        pile, number = self._cursors.get(state.to_move, (Pile.ADD, 1))
        if fresh:
            pile, number = self._cursor
        if not state.pile(state.to_move, pile):
            pile = _other(pile)
        self._cursor = (pile, _nearest(state.pile(state.to_move, pile), number))

    def _choose(self, pile: Pile, number: int) -> None:
        self._cursor = (pile, number)
        self.show(self.session.state)

    def action_step(self, step: int) -> None:
        self._typed = None
        pile, number = self._cursor
        state = self.session.state
        ahead = [k for k in state.pile(state.to_move, pile) if (k - number) * step > 0]
        if ahead:
            self._choose(pile, _nearest(ahead, number))

    def action_switch_pile(self) -> None:
        self.action_to_pile(_other(self._cursor[0]).value)

    def action_to_pile(self, name: str) -> None:
        """↑ the add pile, ↓ the mod pile (no wrapping round); ``p`` the other one."""
        self._typed = None
        pile, number = Pile(name), self._cursor[1]
        if pile is self._cursor[0]:
            return
        state = self.session.state
        left = state.pile(state.to_move, pile)
        if not left:
            self.say(f"{self._seat(state.to_move).name}, your {pile.value} pile is empty.",
                     error=True)
            return
        self._choose(pile, _nearest(left, number))

    def action_digit(self, digit: int) -> None:
        """A digit chooses that number on the pile under the cursor; the next digit
        makes a two-digit number while it stays within the piles (1 then 2 is 12
        when n ≥ 12). What the number would do is said; only enter plays it."""
        n = self.table.n
        joined = None if self._typed is None else self._typed * 10 + digit
        number = joined if joined is not None and joined <= n else digit
        if not 1 <= number <= n:
            self._typed = None
            self.say(f"The numbers run from 1 to {n}.", error=True)
            return
        self._typed = number
        self._choose(self._cursor[0], number)
        self._preview()

    def action_erase(self) -> None:
        """Backspace takes back the last digit typed."""
        if self._typed is not None:
            self._typed = self._typed // 10 or None
            if self._typed is not None:
                self._choose(self._cursor[0], self._typed)
                self._preview()
            else:
                self.say("")

    def _preview(self) -> None:
        """What the move under the cursor would do, before enter plays it."""
        state, move = self.session.state, Move(*self._cursor)
        name = self._seat(state.to_move).name
        if move not in add_residue.legal_moves(state):
            self.say(f"{name}: no {move.number} left in your {move.pile.value} pile.",
                     error=True)
            return
        more = (" A second digit makes a two-digit number." if self._typed is not None
                and self._typed * 10 <= self.table.n else "")
        self.say(f"{sentence_start(self.describe(move))}: enter plays it.{more}")

    def action_play_chosen(self) -> None:
        self._typed = None
        state, move = self.session.state, Move(*self._cursor)
        if move not in add_residue.legal_moves(state):
            self._preview()  # the person's name and the pile, not the rules' seat number
            self.app.bell()
            return
        self.play(move)

    def on_chips_picked(self, event: Chips.Picked) -> None:
        state = self.session.state
        if not self._person_to_move():
            if not self.session.is_over:
                self.say(f"Wait: it is {self._seat(state.to_move).label}'s move.")
            return
        if event.player != state.to_move:
            name = self._seat(state.to_move).name
            self.say(f"It is {name}'s move: click one of {name}'s chips.", error=True)
            return
        self._cursor = (event.pile, event.number)
        self.play(Move(event.pile, event.number))


def _other(pile: Pile) -> Pile:
    return Pile.MOD if pile is Pile.ADD else Pile.ADD


def _nearest(numbers: Iterable[int], number: int) -> int:
    """The one nearest ``number``, the smaller of two as near."""
    return min(numbers, key=lambda k: (abs(k - number), k))


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"

