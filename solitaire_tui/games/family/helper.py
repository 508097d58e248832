"""The family's board with a helper the player chooses (``p``) for hints and auto
play, a peek line saying whether the position can still be won, when the helper is
the solver, and the review of a finished game (``v``), weighed as the game's fair
helper weighs its moves (``games.family.table``). Sequence Solitaire and every
described game play on it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Generic

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label

from rules.review import Decision
from rules.words import counted
from solitaire_tui.decks import Deck
from solitaire_tui.games.family.board import FamilyScreen, S
from solitaire_tui.games.family.table import PEEK, FamilyTable
from solitaire_tui.own_players import folder
from solitaire_tui.play.hints import PEEK as PEEK_WANTED
from solitaire_tui.play.reviews import LastReview
from solitaire_tui.ui.options_dialog import OptionsDialog, Pick
from solitaire_tui.widgets.text import set_text

HELPER_KEY = Binding("p", "helper", "Helper", tooltip="who gives hints and plays auto")
REVIEW_KEY = Binding("v", "review", "Review",
                     tooltip="a finished game: each decision's chance of a win, played and best")


class HelperScreen(FamilyScreen[S], Generic[S]):
    DEFAULT_CSS = """
    HelperScreen #peek { display: none; width: 100%; color: $warning; text-style: bold; }
    HelperScreen.-peek #peek { display: block; }
    """

    table: FamilyTable[S, Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helping.heard = self._searching  # a peek's search says how far it has got
        self._own = folder.Found()  # the player's own players, as last read
        self.reviewed = LastReview()

    def compose_board(self) -> ComposeResult:
        yield from super().compose_board()
        yield Label(id="peek")

    def on_mount(self) -> None:
        self._read_players()

    def show(self, state: S) -> None:
        super().show(state)
        self._show_peek(state)

    def thought(self, state: S) -> None:
        self._show_peek(state)

    # --- the peek ---------------------------------------------------------------------

    def _searching(self, nodes: int) -> None:
        """From the solver's watcher thread: how far a peek's search has got."""
        self.app.call_from_thread(self._show_search, nodes)

    def _show_search(self, nodes: int) -> None:
        """A search's progress, unless the position on the board is answered already
        (a report from another thread may arrive after the answer) and no finish is
        searching the positions after it."""
        peek = self.table.peek
        if self.table.helper == PEEK and self._thinking() and (
                peek.known(self.session.state) is None or self.helping.finishing):
            self._show_peek_text(f"searching… {nodes:,} of {peek.max_nodes:,} positions")

    def _thinking(self) -> bool:
        """Whether a hint or a finish is still being worked out here: a search's last
        report may come after it was stopped, and must not stand as if it went on."""
        return any(worker.node is self and worker.group in ("hint", "finish")
                   and worker.is_running and not worker.is_cancelled
                   for worker in self.app.workers)

    def action_stop_finishing(self) -> None:
        super().action_stop_finishing()
        self._show_peek(self.session.state)  # the stopped search's answer is not kept

    def _show_peek_text(self, verdict: str) -> None:
        set_text(self.query_one("#peek", Label),
                 f"Peek (it looks at the hidden cards) · {verdict}")

    def _show_peek(self, state: S) -> None:
        """Whether the position can still be won, when peeking."""
        peeking = self.table.helper == PEEK
        self.set_class(peeking, "-peek")
        if not peeking:
            return
        solution = self.table.peek.known(state)
        if self.table.RULES.is_over(state):
            verdict = "the game is over"
        elif solution is None:
            verdict = "thinking…"
            self.helping.ask(PEEK_WANTED)
        elif solution.verdict == "won":
            left = len(solution.moves)
            verdict = ("won" if not left else "winnable: the solver found a winning line"
                       f" from here ({counted(left, 'move')}; not the shortest)")
        elif solution.verdict == "lost":
            verdict = "lost: no line wins from here, whatever is played"
        elif solution.nodes:
            verdict = (f"undecided: the solver found no answer in {solution.nodes:,}"
                       " positions")
        else:
            verdict = "undecided: not searched again since a position it left undecided"
        self._show_peek_text(verdict)

    # --- choosing the helper ----------------------------------------------------------

    def action_helper(self) -> None:
        """Who gives hints and plays auto, chosen in a dialog that says what peeking
        costs (a key that stepped through them voided a game's record unasked). The
        player's own players are those last read from their folder; it is read again
        meanwhile, for the next time (a file edited since is then the one used)."""
        self._choose_helper(self._own)
        self._read_players()

    def _read_players(self) -> None:
        """The player's own players, for a game that has them, read from their folder
        in a worker: a file is the player's code, run as it loads."""
        data, rules = self.services.players, self.table.OWN_RULES
        if data is not None and rules is not None:
            self.thinker.think(partial(folder.load, data, self.game.key, rules),
                               self._players_read, lambda _: None, group="players")

    def _players_read(self, found: folder.Found) -> None:
        self._own = found

    def _choose_helper(self, found: folder.Found) -> None:
        table = self.table
        names = [*table.HELPERS, *(own.name for own in found.players)]
        words = tuple(table.helper_words(name) for name in names)
        current = table.helper if table.helper in names else table.default_helper
        problems = "".join(f"\n{problem}." for problem in found.problems)
        data = self.services.players
        where = ""
        if data is not None and table.OWN_RULES is not None:
            # an invitation where there are none yet, not a missing folder
            place = folder.of_game(data, self.game.key)
            where = (f"\nYour own players: the files in {place}." if found.players else
                     f"\nTo add a player of your own, put its Python file in {place}"
                     " (the players' guide, docs/players.md, says how).")

        def chosen(name: str | None) -> None:
            if name is not None and name != table.helper:
                self.say(table.use_helper(name))
                self.redraw()  # the peek, and the status line's "no record"
                self.keeper.soon()

        self.app.push_screen(OptionsDialog(
            "Who gives hints and plays auto?\nA game you peek at counts toward no record."
            + where + problems,
            [Pick("Helper", words, words[names.index(current)])],
            lambda answers: names[words.index(answers[0])], confirm="Choose",
            keep="keep the helper"), chosen)

    def start(self, deck: Deck | None, said: str = "") -> None:
        """A new game, peek off (``FamilyTable.started``): said, when the last one was
        peeked at, after what the new game's start says (r's "The same deal…")."""
        peeking = self.table.helper == PEEK
        if peeking:
            self.thinker.cancel("hint")  # the last deal's search: nobody asks for it now
        super().start(deck, said)
        if peeking:
            counts = ("you peeked at this deal, so it still counts toward no record"
                      if self.table.peeked else "it counts toward your record")
            self.say(f"{said} Peek is off for this game ({self.table.helper} helps); {counts};"
                     " p turns it back on.".lstrip())

    # --- the review -------------------------------------------------------------

    def can(self, action: str) -> bool | None:
        if action == "review":
            return self.session.is_over and bool(self.session.moves)
        return super().can(action)

    def action_review(self) -> None:
        """The finished game's review; a decision chosen in it is gone back to (by undo,
        the rest kept to redo), to try the better move."""
        from solitaire_tui.ui.review_screen import ReviewScreen, go_back

        session, table = self.session, self.table

        def weigh(stop: Callable[[], bool],
                  heard: Callable[[int, int], None]) -> list[Decision[S, Any]]:
            return table.review(session.start, list(session.moves), stop, heard)

        game = (session.start, tuple(session.moves))
        self.app.push_screen(ReviewScreen(self.reviewed.of(game, weigh), table.move_name,
                                          table.REVIEW_CHANCE,
                                          serial=self.services.limits.serial,
                                          words=table.move_words, engine=self.thinker.engine,
                                          needs=table.REVIEW_PART),
                             partial(go_back, self, session))
