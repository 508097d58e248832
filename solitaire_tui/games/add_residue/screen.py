"""Add/Residue: people and computer players take turns at one table.

The people share the keyboard and the mouse (hot seat), each with a cursor of their
own (``cursor``); a number typed is shown with what it would do and played only on
enter. A computer seat moves by itself after a pause long enough to see its move
(``+`` and ``-`` change it). Who moves, and undo back to a person's turn, are the
table's (``play``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Label, Static

from rules.add_residue import MAX_PLAYERS, Move, Pile, State
from rules.own_players import add_residue as own_rules
from rules.review import Decision
from rules.roster import BASIC
from rules.words import sentence_start
from solitaire_tui.decks import Deck
from solitaire_tui.games.add_residue import words
from solitaire_tui.games.add_residue.cursor import Cursor, other
from solitaire_tui.games.add_residue.play import AddResidueTable
from solitaire_tui.games.add_residue.seating import Seating
from solitaire_tui.games.add_residue.widgets import BigNumber, Chips, SeatView
from solitaire_tui.games.game import Game
from solitaire_tui.own_players import folder
from solitaire_tui.own_players.seat import is_own
from solitaire_tui.play.reviews import LastReview
from solitaire_tui.play.services import Services
from solitaire_tui.ui.choices import kept_choice
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import game_keys
from solitaire_tui.widgets.tail import Tail
from solitaire_tui.widgets.text import set_text

FIXED_ROWS = 5  # title, message, status and two rows of footer keys
M_ROWS, LOG_ROWS = 3, 6  # the big m, and the least of the move log worth showing

# There is no deal here: the shared keys are named for what they do in this game.
SHARED_KEYS = game_keys({
    "speed(1)": "the computers move sooner after their turn comes, at once at the least"
                " (+), or wait longer before they move, to follow their moves (-)",
    "new_game": "a new game at the same table (asks first if one in play would be lost)",
    "options": "who sits at the table, and the size of the piles",
}, new_game="New game", options="Players")
PAUSES = (0.0, 0.15, 0.3, 0.6, 1.2, 2.4)  # seconds a computer waits before it moves
AT_ONCE = 1 / 60  # the timer of "at once": a frame (Textual's timers divide by it)


class AddResidueScreen(GameScreen[State, Move]):
    MOUSE_HELP = "click a chip of the player to move to play it, or a key in the footer"
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
        Binding("v", "review", "Review",
                tooltip="a finished game: each decision's chance of a win, played and best"),
        *SHARED_KEYS,
    ]

    CSS_PATH = "screen.tcss"

    table: AddResidueTable

    def __init__(self, game: Game, services: Services, deck: Deck | None = None,
                 options: object = None) -> None:
        super().__init__(game, services, deck, options)
        self.cursor = Cursor()
        self.helping.keys_for = self._hint_keys
        self.pause = self.COMPUTER_PAUSE
        self._computer: Timer | None = None
        self._choosing: State | None = None  # the state a computer is choosing a move for
        self._stuck: State | None = None  # where a computer could not move (it waits there)
        self.table.players_dir = services.players
        self._own: tuple[str, ...] = ()  # the player's own players, as last read
        self.reviewed = LastReview()

    def on_mount(self) -> None:
        self._read_players()

    def _read_players(self) -> None:
        """The player's own players, read from their folder in a worker (a file is
        the player's code, run as it loads) for the set-up to offer: as the screen
        opens, and again each time the set-up does (it takes a file added since as
        soon as it is read)."""
        data = self.services.players
        if data is not None:
            self.thinker.think(partial(folder.load, data, self.game.key, own_rules.__name__),
                               self._players_read, lambda _: None, group="players")

    def _players_read(self, found: folder.Found) -> None:
        from solitaire_tui.games.add_residue.setup_screen import TableSetup

        self._own = tuple(player.name for player in found.players)
        if isinstance(self.app.screen, TableSetup):
            self.app.screen.offer_players(self._own)

    # --- drawing ------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="top"):
            with Horizontal(id="big-m"):
                yield Label("m = ")
                yield BigNumber()
            yield Static(id="turn")
        with Vertical(id="seats"):
            for number in range(MAX_PLAYERS):
                yield SeatView(number)
        yield Tail("Moves", id="log")

    def show(self, state: State) -> None:
        """The table as it is; at a new turn the mover's cursor comes back, and a
        computer to move is scheduled."""
        table = self.table
        if not self.session.is_over:
            self.cursor.place(self.session.start, state, len(table.seating.seats))
        self._fit()
        self.query_one(BigNumber).show(state.m)
        self._show_turn(state)
        live = None if self.session.is_over else state.to_move
        chosen_pile, chosen = self.cursor.at
        chooser = state.to_move if table.person_to_move() else None
        for view in self.query(SeatView):
            seated = view.player < len(table.seating.seats)
            view.display = seated
            if not seated:
                continue
            seat = table.seat(view.player)
            view.show(seat.name, seat.level, state.scores[view.player],
                      to_move=view.player == live)
            for pile in Pile:
                cursor = chosen if (view.player, pile) == (chooser, chosen_pile) else None
                view.chips(pile).show(table.seating.n, state.pile(view.player, pile),
                                      live=view.player == live, cursor=cursor)
        self.query_one("#log", Tail).show(words.log(self.session.start, self.session.moves,
                                                    table.names))
        self._schedule_computer()

    def _show_turn(self, state: State) -> None:
        """Whose move it is, in words; at small heights m comes first, on the same line.
        Names are the players' own text, never markup."""
        table, tall = self.table, self.has_class("-tall")
        person = table.person_to_move()
        text = Text() if tall else Text.assemble((f" m = {state.m} ", "bold reverse"), " ")
        if self.session.is_over:
            text.append(f"Game over: {words.winners(state, table.names)}.")
        elif person:
            text.append(table.seat(state.to_move).name, "bold")
            text.append(", your move: ")
            text.append(f" {Move(*self.cursor.at)} ", "bold reverse")
            text.append("\n←→ ↑↓ or a number choose, enter plays; or click a chip." if tall
                        else " · enter plays it")
        elif table.replaying:
            text.append(f"{table.seat(state.to_move).label} to move: U plays its move, u"
                        " takes one back")
        elif self._stuck is state:
            text.append(f"{table.seat(state.to_move).label} could not move: u takes a move"
                        " back, n starts a new game")
        else:
            text.append(f"{table.seat(state.to_move).label} is choosing…")
        turn = self.query_one("#turn", Static)
        turn.set_class(person, "-person")
        set_text(turn, text)

    def on_resize(self, event: events.Resize) -> None:
        self.show(self.session.state)

    def _fit(self) -> None:
        """The big m, then a blank row between seats, when the height has room for them
        above a few rows of the move log."""
        rows = self.size.height - FIXED_ROWS - LOG_ROWS
        players = len(self.table.seating.seats)
        self.set_class(rows >= M_ROWS + 2 * players + 1, "-tall")
        self.set_class(rows >= M_ROWS + 3 * players + 1, "-airy")

    # --- the computers' turns ---------------------------------------------------------

    def _schedule_computer(self) -> None:
        """A computer moves by itself after a pause, except in a replay, where the
        line the computers played is stepped through, and where it could not move (a
        player of one's own that went wrong: tried again only after an undo)."""
        if (self._computer is None and self._choosing is None and self.table.computer_to_move()
                and self._stuck is not self.session.state
                and self.is_active and not self.table.replaying):
            self._computer = self.set_timer(max(self.pause, AT_ONCE), self._computer_move)

    def interrupted(self) -> None:
        """No computer moves until scheduled again; a move being chosen is dropped."""
        self._choosing = None
        self.thinker.cancel("computer")
        if self._computer is not None:
            self._computer.stop()
            self._computer = None

    def _computer_move(self) -> None:
        """A computer chooses in the background, so the table stays live while a strong
        or perfect one searches (the first perfect move builds the game's whole table,
        a few seconds); the move is played if the position is still the same."""
        self._computer = None
        table = self.table
        if table.computer_to_move() and self.is_active:  # not while help or set-up is open
            state = self._choosing = self.session.state
            level = table.seat(state.to_move).level
            searches = level not in BASIC and not is_own(level)  # strong, perfect
            self.thinker.think(partial(table.players[state.to_move].choose, state),
                               partial(self._computer_chose, state),
                               partial(self._computer_failed, state), group="computer",
                               needs=table.game.HINT_PART if searches else None)

    def _computer_chose(self, state: State, move: Move) -> None:
        """Played if the position is still the one it was chosen for, and the table is
        in view; otherwise the computer chooses again when it is."""
        self._choosing = None
        if state is self.session.state and self.is_active:
            self.play(move)
        else:
            self._schedule_computer()

    def _computer_failed(self, state: State, error: BaseException) -> None:
        self._choosing, self._stuck = None, state
        self._show_turn(state)
        self.say(f"{self.table.seat(state.to_move).label} could not move: {error}", error=True)

    def on_screen_resume(self) -> None:
        self._schedule_computer()

    # --- games and tables -------------------------------------------------------------

    def new_game(self) -> None:
        self.table.reseed()
        self.start(None)
        self.say("A new game at the same table.")

    def options_again(self) -> None:
        """The set-up is shown each time, as who sits at the table changes; it is
        filled with the table last sat at, unless the command line said otherwise."""
        kept = kept_choice(self.services.choices, self.game.key)
        table = None if self.table.asked_for else self.table.remembered(kept)
        if table is not None:
            self.table.offered = self.table.options = table
            self.start(self.table.deck)
        self.action_options()

    def action_options(self) -> None:
        from solitaire_tui.games.add_residue.setup_screen import TableSetup

        def chosen(table: Seating | None) -> None:
            if table is not None:
                self.table.seated = True
                self.change_options(table)
            elif not self.table.seated:
                self.dismiss()

        self.interrupted()
        self.app.push_screen(TableSetup(self.table.seating, self._own, rules=self.action_help),
                             chosen)
        self._read_players()

    def action_speed(self, change: int) -> None:
        """+ and - change how long the computers wait (in a replay, auto play's speed)."""
        if self.table.replaying:
            self.helping.change_speed(change)
            return
        at = min(range(len(PAUSES)), key=lambda index: abs(PAUSES[index] - self.pause))
        pause = PAUSES[max(0, min(len(PAUSES) - 1, at - change))]
        if pause == self.pause:  # as it was: said so, with the key that does change it
            self.say("The computers move at once already (- makes them wait)." if change > 0
                     else f"The computers wait {pause:g} s already, the longest (+ shortens"
                     " it).")
            return
        self.pause = pause
        self.say(f"The computers now move {pause:g} s after their turn comes."
                 if pause else "The computers now move at once.")

    # --- choosing a move --------------------------------------------------------------

    def can(self, action: str) -> bool | None:
        """The keys that choose a move are a person's, on their turn; the review is a
        finished game's."""
        if action == "review":
            return self.session.is_over
        return False if self.session.is_over else self.table.person_to_move() or None

    def action_review(self) -> None:
        """The finished game's review, of the people's decisions (the computers' are
        not theirs to try again); one chosen is gone back to (by undo), to try the
        better move."""
        from rules.players.add_residue_review import chance_words, review
        from solitaire_tui.ui.review_screen import ReviewScreen, go_back

        session, table = self.session, self.table

        def weigh(stop: Callable[[], bool],
                  heard: Callable[[int, int], None]) -> list[Decision[State, Move]]:
            return review(session.start, list(session.moves), table.seed, stop=stop,
                          progress=heard, seats=lambda seat: table.seat(seat).is_person)

        chance = chance_words(session.state.options)
        game = (table.seed, session.start, tuple(session.moves))
        self.app.push_screen(ReviewScreen(self.reviewed.of(game, weigh), own_rules.name_of,
                                          chance,
                                          mover=lambda state: table.seat(state.to_move).name,
                                          serial=self.services.limits.serial,
                                          engine=self.thinker.engine,
                                          needs=self.game.HINT_PART),
                             partial(go_back, self, session))

    def _hint_keys(self, move: Move) -> str:
        """The keys that play the hinted move from the cursor as it is (a number typed
        so far is dropped, as it would join the hint's). The cursor stays: each person
        at a hot seat keeps their own, and a hint moves none."""
        if not self.table.person_to_move():
            return ""
        self.cursor.typed = None
        pile = "" if move.pile is self.cursor.at[0] else ("↑ " if move.pile is Pile.ADD
                                                          else "↓ ")
        return f"; keys {pile}{move.number} enter"

    def _choose(self, pile: Pile, number: int) -> None:
        self.cursor.at = (pile, number)
        self.show(self.session.state)

    def action_step(self, step: int) -> None:
        self.cursor.step(self.session.state, step)
        self.show(self.session.state)

    def action_switch_pile(self) -> None:
        self.action_to_pile(other(self.cursor.at[0]).value)

    def action_to_pile(self, name: str) -> None:
        """↑ the add pile, ↓ the mod pile (no wrapping round); ``p`` the other one."""
        state, pile = self.session.state, Pile(name)
        if not self.cursor.to_pile(state, pile):
            self.say(f"{self.table.seat(state.to_move).name}, your {pile.value} pile is"
                     " empty.", error=True)
            return
        self.show(state)

    def action_digit(self, digit: int) -> None:
        """A digit chooses that number on the pile under the cursor (two digits make
        a number while it stays within the piles); what it would do is said, and
        only enter plays it."""
        if not self.cursor.digit(digit, self.table.seating.n):
            self.say(f"The numbers run from 1 to {self.table.seating.n}.", error=True)
            return
        self.show(self.session.state)
        self._preview()

    def action_erase(self) -> None:
        """Backspace takes back the last digit typed."""
        if self.cursor.typed is None:
            return
        if self.cursor.erase():
            self.show(self.session.state)
            self._preview()
        else:
            self.say("")

    def _preview(self) -> None:
        """What the move under the cursor would do, before enter plays it."""
        table, move = self.table, Move(*self.cursor.at)
        state = self.session.state
        name = table.seat(state.to_move).name
        if not table.legal(move):
            self.say(f"{name}: no {move.number} left in your {move.pile.value} pile.",
                     error=True)
            return
        more = (" A second digit makes a two-digit number."
                if self.cursor.more_digits(table.seating.n) else "")
        self.say(f"{sentence_start(words.effect(state, move))}: enter plays it.{more}")

    def action_play_chosen(self) -> None:
        self.cursor.typed = None
        move = Move(*self.cursor.at)
        if not self.table.legal(move):
            self._preview()  # the person's name and the pile, not the rules' seat number
            self.app.bell()
            return
        self.play(move)

    def on_chips_picked(self, event: Chips.Picked) -> None:
        table, state = self.table, self.session.state
        if not table.person_to_move():
            if not self.session.is_over:
                self.say(f"Wait: it is {table.seat(state.to_move).label}'s move.")
            return
        if event.player != state.to_move:
            name = table.seat(state.to_move).name
            self.say(f"It is {name}'s move: click one of {name}'s chips.", error=True)
            return
        self.cursor.at = (event.pile, event.number)
        self.play(Move(event.pile, event.number))
