"""Sequence Solitaire: the hand card goes to a final pile or a storage pile, and a
storage pile's top card to a final pile.

A card that fits several final piles leaves the player a choice, so the screen asks
which one; the rules' ``fitting_piles`` says when there is a choice to ask about.
By mouse, a card is chosen first (the hand card or a storage pile's top) and then
the pile it goes to. A card's source is as the rules number it: a storage pile from
0, or None for the hand.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from functools import partial

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.widgets import Label

from rules import sequence
from rules.cards import Card
from rules.errors import IllegalMove
from rules.own import sequence as own_rules
from rules.review import Decision
from rules.sequence import PILE_SIZE, PILES, Move, State, ToFinal, ToStorage
from rules.words import counted
from solitaire_tui.decks import Deck, numbered, random_deck
from solitaire_tui.games.game import Game
from solitaire_tui.games.sequence.choice import (
    CHOOSE_FIRST,
    LET_GO,
    NOT_TO_STORAGE,
    PICK,
    Choice,
    Place,
    Question,
)
from solitaire_tui.games.sequence.moves import listed, named
from solitaire_tui.games.sequence.play import HELPERS, SequenceTable, helper_words
from solitaire_tui.games.sequence.widgets import FinalPileView, StoragePile, StorageTable
from solitaire_tui.own import files, folder
from solitaire_tui.play.hints import PEEK
from solitaire_tui.play.services import Services
from solitaire_tui.ui.choices import keep_choice, kept_choice
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import GAME_KEYS
from solitaire_tui.ui.options_dialog import OptionsDialog, Pick
from solitaire_tui.ui.workers import cancelled
from solitaire_tui.widgets.cards import CardView, PileView
from solitaire_tui.widgets.text import set_text

ANSWER = "1–4, esc cancels"
def _digit_keys(action: str, description: str, says: str) -> list[BindingType]:
    """``1``..``4`` for one action; the footer shows them once, as ``1–4``, and the
    rules page says what they do (``says``)."""
    return [Binding(str(number), f"{action}({number})", description, key_display="1–4",
                    show=number == 1, tooltip=says) for number in range(1, PILES + 1)]


DEALS = "(sequence deals)"  # the choices' row of which deals n draws (``winnable_only``)


class SequenceScreen(GameScreen[State, Move]):
    MOUSE_HELP = ("click the hand card or a storage pile, then the pile it goes to;"
                  " click it again to let it go")

    BINDINGS = [
        *_digit_keys("store", "Storage", "the hand card to that storage pile"),
        *_digit_keys("answer", "Choose",
                     "after f or s: which storage pile, or which final pile, as asked"),
        Binding("f", "hand_to_final", "Hand→final", tooltip="the hand card to a final pile"),
        Binding("s", "from_storage", "Pile→final",
                tooltip="a storage pile's top card to a final pile"),
        Binding("escape", "cancel", "Cancel", key_display="esc",
                tooltip="let go of the card chosen"),
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
        self.choice = Choice()
        self.table.stop = cancelled  # a peek's search asks its worker
        self.table.progress = self._searching
        self._own = folder.Found()  # the player's own players, as last read

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="table"):
            yield PileView("Hand", id="hand")
            yield PileView("Deck", id="deck")
            for pile in range(PILES):
                yield FinalPileView(f"Final {pile + 1}", id=f"final-{pile + 1}")
        yield Label("Storage piles · the top card, last, is the one that moves",
                    id="storage-name")
        yield StorageTable(PILES, id="storage")
        yield Label(id="to-come")
        yield Label(id="peek")

    def show(self, state: State) -> None:
        """A new position ends any question and drops a chosen card."""
        self.choice.let_go()
        self.query_one("#hand", PileView).show(
            state.hand, int(state.hand is not None),
            note="in hand" if state.hand is not None else "used up")
        self.query_one("#deck", PileView).show(state.deck[0] if state.deck else None,
                                               len(state.deck), face_up=False)
        for pile, cards in enumerate(state.finals):
            self.query_one(f"#final-{pile + 1}", FinalPileView).show_final(
                cards, PILE_SIZE, self._needs(state, pile), sequence.step(pile))
        self.query_one(StorageTable).show(state.storage)
        set_text(self.query_one("#to-come", Label), self._to_come(state))
        self._show_choice()
        self._show_peek(state)

    def _to_come(self, state: State) -> str:
        """How many of each rank are still in the deck, as a player of Calculation
        counts them: what the deck holds, never in what order."""
        left = Counter(card.rank for card in state.deck)
        return "Still in the deck  " + " ".join(
            f"{self._rank(rank)}×{left[rank]}" for rank in range(1, PILE_SIZE + 1))

    def _needs(self, state: State, pile: int) -> str | None:
        """The rank final pile ``pile`` takes next."""
        rank = sequence.needs(state, pile)
        return None if rank is None else self._rank(rank)

    def _rank(self, rank: int) -> str:
        """A rank as the deck's cards show it: a letter, or a bare number when the
        deck is ranks only."""
        deck = self.table.deck
        bare = deck is not None and deck.cards[0].suit is None
        return str(rank) if bare else Card(rank).rank_text

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

    # --- choosing a card and where it goes --------------------------------------

    def can(self, action: str) -> bool | None:
        if action == "review":
            return self.session.is_over and bool(self.session.moves)
        return self.choice.allows(action, self.session.state, self.session.is_over)

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

    def action_store(self, number: int) -> None:
        self.play(ToStorage(number - 1))

    def action_hand_to_final(self) -> None:
        self._to_final(None)

    def action_from_storage(self) -> None:
        self.choice.ask("storage")
        self._show_choice()
        self.say(f"From which storage pile? {ANSWER}.")

    def action_answer(self, number: int) -> None:
        choice = self.choice
        question, chosen, source = choice.question, choice.chosen, choice.source
        self._let_go()
        if question == "storage":
            self._to_final(number - 1)
        elif chosen:
            self.play(ToFinal(source, number - 1))

    def action_cancel(self) -> None:
        self._let_go()
        self.say("")

    def _to_final(self, source: int | None) -> None:
        """Play the card at ``source`` to the final pile that takes it, asking which
        when several do."""
        state = self.session.state
        card = self._card_or_why_not(source)
        if card is None:
            return
        piles = sequence.fitting_piles(state, card)
        if len(piles) == 1:
            self.play(ToFinal(source, piles[0]))
        elif piles:
            self._choose(source, "final")
            self.say(f"{card.glyph} fits final piles {listed(piles)}."
                     f" Which final pile? {ANSWER}.")
        else:
            self._no_fit(state, card)

    def _card_or_why_not(self, source: int | None) -> Card | None:
        """The card at ``source``; when there is none the rules say why."""
        try:
            return sequence.card_at(self.session.state, source)
        except IllegalMove as error:
            self.refuse(error)
            return None

    def _no_fit(self, state: State, card: Card) -> None:
        wanted = [f"final {pile + 1} needs {rank}" for pile in range(PILES)
                  if (rank := self._needs(state, pile)) is not None]
        self.say(f"{card.glyph} fits no final pile: {', '.join(wanted)}.", error=True)
        self.app.bell()

    def _choose(self, source: int | None, question: Question | None = None) -> None:
        """Choose the card at ``source`` (to play by mouse, or to ask where it goes)."""
        self.choice.choose(source, question)
        self._show_choice()

    def _let_go(self) -> None:
        self.choice.let_go()
        self._show_choice()

    def _show_choice(self) -> None:
        """The chosen card marked, and the keys that apply now."""
        chosen, source = self.choice.chosen, self.choice.source
        self.query_one("#hand CardView", CardView).set_class(chosen and source is None,
                                                             "-chosen")
        for view in self.query(StoragePile):
            view.set_class(chosen and source == view.number - 1, "-chosen")
        self.refresh_bindings()

    def on_click(self, event: events.Click) -> None:
        place = _place(event.widget)
        if place is None or self.session.is_over:
            return
        meant = self.choice.clicked(*place)
        if meant == CHOOSE_FIRST:
            self.say("Choose a card first: click the hand card or a storage pile,"
                     " then the final pile it goes to.", error=True)
        elif meant == LET_GO:
            self.action_cancel()
        elif meant == NOT_TO_STORAGE:
            self.say("A storage pile's top card goes only to a final pile: click one,"
                     " or click the chosen pile again to let it go.", error=True)
            self.app.bell()
        elif meant == PICK:
            self._pick(None if place[0] == "hand" else place[1])
        elif not isinstance(meant, str):
            self.play(meant)

    def _pick(self, source: int | None) -> None:
        card = self._card_or_why_not(source)
        if card is None:
            return
        self._choose(source)
        targets = "a final pile" + (" or a storage pile" if source is None else "")
        self.say(f"{card.glyph} from {named(source)} chosen: click {targets}; esc cancels.")


def _place(widget: DOMNode | None) -> tuple[Place, int] | None:
    """The pile a click landed on: ``("hand", 0)``, ``("final", pile)`` or
    ``("storage", pile)``, piles from 0; None for anywhere else."""
    for node in widget.ancestors_with_self if widget is not None else ():
        kind, _, number = (node.id or "").partition("-")
        if kind == "hand":
            return "hand", 0
        if kind in ("final", "storage") and number.isdigit():
            return "final" if kind == "final" else "storage", int(number) - 1
    return None
