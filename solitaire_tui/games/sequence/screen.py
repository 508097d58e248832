"""Sequence Solitaire: the family's board (``games.family.board``) with a helper who
gives hints and plays auto, a peek at whether the deal can still be won, deals the
solver wins, and the review of a finished game."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label

from rules import sequence
from rules.cards import Card
from rules.own import sequence as own_rules
from rules.review import Decision
from rules.sequence import PILE_SIZE, PILES, Move, State
from rules.words import counted
from solitaire_tui.decks import Deck, numbered, random_deck
from solitaire_tui.games.family.board import FamilyScreen, family_keys
from solitaire_tui.games.family.moves import FamilyRules
from solitaire_tui.games.game import Game
from solitaire_tui.games.sequence.play import HELPERS, SequenceTable, helper_words
from solitaire_tui.own import files, folder
from solitaire_tui.play.hints import PEEK
from solitaire_tui.play.services import Services
from solitaire_tui.ui.choices import keep_choice, kept_choice
from solitaire_tui.ui.keys import GAME_KEYS
from solitaire_tui.ui.options_dialog import OptionsDialog, Pick
from solitaire_tui.ui.workers import cancelled
from solitaire_tui.widgets.text import set_text

DEALS = "(sequence deals)"  # the choices' row of which deals n draws (``winnable_only``)


class SequenceScreen(FamilyScreen[State]):
    FAMILY_RULES: ClassVar[FamilyRules[State]] = sequence
    FINALS = PILES
    STORAGE = PILES

    BINDINGS = [
        *family_keys(PILES, PILES),
        Binding("p", "helper", "Helper", tooltip="who gives hints and plays auto"),
        Binding("w", "winnable", "Winnable",
                tooltip="new deals (n): any deal, or only deals the solver has won (on or off)"),
        Binding("v", "review", "Review",
                tooltip="a finished game: each decision's chance of a win, played and best"),
        *GAME_KEYS,
    ]
    CSS_PATH = "screen.tcss"

    table: SequenceTable

    def __init__(self, game: Game, services: Services, deck: Deck | None = None,
                 options: sequence.Options | None = None) -> None:
        super().__init__(game, services, deck, options)
        self.table.stop = cancelled  # a peek's search asks its worker
        self.table.progress = self._searching
        self._own = folder.Found()  # the player's own players, as last read

    def compose_board(self) -> ComposeResult:
        yield from super().compose_board()
        yield Label(id="peek")

    def stock(self, state: State) -> Sequence[Card]:
        return state.deck

    def final_size(self, pile: int) -> int:
        return PILE_SIZE

    def final_step(self, pile: int) -> int:
        return sequence.step(pile)

    def show(self, state: State) -> None:
        super().show(state)
        self._show_peek(state)

    # --- the helper: hints, auto play and peeking ----------------------------------

    def _searching(self, nodes: int) -> None:
        """From the solver's watcher thread: how far a peek's search has got."""
        self.app.call_from_thread(self._show_search, nodes)

    def _show_search(self, nodes: int) -> None:
        """A search's progress, unless the position on the board is answered already
        (a report from another thread may arrive after the answer) and no finish is
        searching the positions after it."""
        peek = self.table.peek
        if self.table.helper == "peek" and (peek.known(self.session.state) is None
                                            or self.helping.finishing):
            self._show_peek_text(f"searching… {nodes:,} of {peek.max_nodes:,} positions")

    def _show_peek_text(self, verdict: str) -> None:
        set_text(self.query_one("#peek", Label), f"Peek (it looks at the hidden cards) · {verdict}")

    def thought(self, state: State) -> None:
        self._show_peek(state)

    def _show_peek(self, state: State) -> None:
        """Whether the position can still be won, when peeking."""
        peeking = self.table.helper == "peek"
        self.set_class(peeking, "-peek")
        if not peeking:
            return
        solution = self.table.peek.known(state)
        if sequence.is_over(state):
            verdict = "the game is over"
        elif solution is None:
            verdict = "thinking…"
            self.helping.ask(PEEK)
        elif solution.verdict == "won":
            left = len(solution.moves)
            verdict = ("won" if not left else "winnable: the solver found a winning line"
                       f" from here ({counted(left, 'move')}; not the shortest)")
        elif solution.verdict == "lost":
            verdict = "lost: no line wins from here, whatever is played"
        else:
            verdict = (f"undecided: the solver found no answer in {solution.nodes:,}"
                       " positions")
        self._show_peek_text(verdict)

    def action_helper(self) -> None:
        """Who gives hints and plays auto, chosen in a dialog that says what peeking
        costs (a key that stepped through them voided a game's record unasked). The
        player's own players are those last read from their folder; it is read again
        meanwhile, for the next time (a file edited since is then the one used)."""
        self._choose_helper(self._own)
        self._read_players()

    def _read_players(self) -> None:
        """The player's own players, read from their folder in a worker: a file is the
        player's code, run as it loads."""
        data = self.services.players
        if data is not None:
            self.thinker.think(partial(folder.load, data, self.game.key, own_rules.__name__),
                               self._players_read, lambda _: None, group="players")

    def _players_read(self, found: folder.Found) -> None:
        self._own = found

    def _choose_helper(self, found: folder.Found) -> None:
        names = [*HELPERS, *(own.name for own in found.players)]
        words = tuple(helper_words(name, files.find(name, self.game.key)) for name in names)
        current = self.table.helper if self.table.helper in names else "fair"
        problems = "".join(f"\n{problem}." for problem in found.problems)
        data = self.services.players
        where = "" if data is None else str(folder.of_game(data, self.game.key))
        if where:  # an invitation where there are none yet, not a missing folder
            where = (f"\nYour own players: the files in {where}." if found.players else
                     f"\nTo add a player of your own, put its Python file in {where}"
                     " (the players' guide, docs/players.md, says how).")

        def chosen(name: str | None) -> None:
            if name is not None and name != self.table.helper:
                self.say(self.table.use_helper(name))
                self.redraw()  # the peek, and the status line's "no record"
                self.keeper.soon()

        self.app.push_screen(OptionsDialog(
            "Who gives hints and plays auto?\nA game you peek at counts toward no record."
            + where + problems,
            [Pick("Helper", words, words[names.index(current)])],
            lambda answers: names[words.index(answers[0])], confirm="Choose",
            keep="keep the helper"), chosen)

    # --- winnable deals only ----------------------------------------------------

    def on_mount(self) -> None:
        """Which deals ``n`` draws, as chosen last time (before the first drawing, whose
        status line says so)."""
        kept = kept_choice(self.services.choices, DEALS)
        self.table.winnable_only = bool(kept and kept.get("winnable") is True)
        self._read_players()

    def action_winnable(self) -> None:
        table = self.table
        table.winnable_only = not table.winnable_only
        self.redraw()  # the status line says which deals n draws
        keep_choice(self, self.services.choices, DEALS, {"winnable": table.winnable_only})
        self.say("New deals (n): only deals the solver wins, each found in a few hundredths"
                 " of a second (w: any deal again)." if table.winnable_only else
                 "New deals (n): any deal, as dealt (w: only those the solver wins).")

    def start(self, deck: Deck | None, said: str = "") -> None:
        """A new game, never peeked at (``SequenceTable.started``): said, when the last
        one was, after what the new game's start says (r's "The same deal…")."""
        peeking = self.table.helper == "peek"
        if peeking:
            self.thinker.cancel("hint")  # the last deal's search: nobody asks for it now
        super().start(deck, said)
        if peeking:
            self.say(f"{said} Peek is off for this game, which counts toward your record;"
                     " p turns it back on.".lstrip())

    def new_game(self) -> None:
        """A random deal, or with ``winnable_only`` the first random deal the solver wins
        (``winnable``), found in a worker: the screen says so while it looks, and a new
        ``n`` starts the search again."""
        if not self.table.winnable_only:
            self.start(random_deck())
            return
        from solitaire_tui.games.sequence.winnable import Found, winnable_deal

        began = time.perf_counter()
        self.say("Looking for a deal the solver wins…")

        def found(deal: Found | None) -> None:
            if deal is None:
                return
            self.start(numbered(deal.deal))
            tries = counted(deal.tries, "deal")
            self.say(f"Deal {deal.deal}: the solver wins it (found in"
                     f" {time.perf_counter() - began:.2f} s, {tries} drawn).")

        self.thinker.think(lambda: winnable_deal(cancelled()), found, lambda _: None,
                           group="deal", needs=self.game.ENGINE[1].name)

    # --- the review -------------------------------------------------------------

    def can(self, action: str) -> bool | None:
        if action == "review":
            return self.session.is_over and bool(self.session.moves)
        return super().can(action)

    def action_review(self) -> None:
        """The finished game's review; a decision chosen in it is gone back to (by undo,
        the rest kept to redo), to try the better move."""
        from rules.players.sequence_review import CHANCE, review
        from solitaire_tui.ui.review_screen import ReviewScreen, go_back

        session, deck = self.session, self.table.deck
        assert deck is not None  # Sequence is always dealt

        def weigh(stop: Callable[[], bool],
                  heard: Callable[[int, int], None]) -> list[Decision[State, Move]]:
            return review(session.start, list(session.moves), deck.seed, stop=stop,
                          progress=heard)

        self.app.push_screen(ReviewScreen(weigh, own_rules.name_of, CHANCE,
                                          serial=self.services.limits.serial),
                             partial(go_back, self, session))
