"""The board every game of the Calculation family is played on: the hand card, the
stock, the final piles (foundations) and the storage piles, with the keys and clicks
that move a card.

The hand card goes to a final pile or a storage pile, and a storage pile's top card
to a final pile. A card that fits several final piles leaves the player a choice, so
the screen asks which one; the rules' ``fitting_piles`` says when there is a choice to
ask about. By mouse, a card is chosen first (the hand card or a storage pile's top)
and then the pile it goes to. Sequence Solitaire's screen and the described games'
subclass it with what is their own (a helper and a review, a waste pile and passes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.widgets import Label, Static

from rules.cards import Card
from rules.errors import IllegalMove
from rules.family import FamilyRules
from rules.sequence import ToFinal, ToStorage
from rules.words import sentence_start
from solitaire_tui.games.family.choice import (
    CHOOSE_FIRST,
    LET_GO,
    NOT_TO_STORAGE,
    PICK,
    Choice,
    Place,
    Question,
)
from solitaire_tui.games.family.moves import listed, named
from solitaire_tui.games.family.widgets import FinalPileView, StoragePile, StorageTable
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.widgets.cards import CardView, PileView
from solitaire_tui.widgets.text import set_text

ROW = 4  # final piles a row: 80 columns hold the hand, the stock and four of them


class Board(Protocol):
    """What the board draws of a state of any game of the family."""

    @property
    def hand(self) -> Card | None: ...

    @property
    def finals(self) -> Sequence[Sequence[Card]]: ...

    @property
    def storage(self) -> Sequence[Sequence[Card]]: ...


S = TypeVar("S", bound=Board)


def digit_keys(action: str, description: str, says: str, count: int) -> list[BindingType]:
    """``1``..``count`` for one action; the footer shows them once, as ``1–4``, and the
    rules page says what they do (``says``)."""
    return [Binding(str(number), f"{action}({number})", description, key_display=f"1–{count}",
                    show=number == 1, tooltip=says) for number in range(1, count + 1)]


def family_keys(finals: int, storage: int, hand: str = "Hand") -> list[BindingType]:
    """The keys that move a card on a board of ``finals`` final piles and ``storage``
    storage piles (none: the hand card goes only to a final pile); ``hand`` names the
    pile whose top card is the hand card (a waste pile's, where the game has one)."""
    stores = [*digit_keys("store", "Storage", "the hand card to that storage pile", storage),
              Binding("s", "from_storage", "Pile→final",
                      tooltip="a storage pile's top card to a final pile")] if storage else []
    asked = ("after f or s: which storage pile, or which final pile, as asked" if storage
             else "after f: which final pile, as asked")
    card = "the hand card" if hand == "Hand" else f"the {hand.lower()}'s top card"
    return [
        *stores[:-1],
        *digit_keys("answer", "Choose", asked, max(finals, storage)),
        # "Play waste": "Waste→final" is a character too wide for the footer's column.
        Binding("f", "hand_to_final", "Hand→final" if hand == "Hand" else f"Play {hand.lower()}",
                tooltip=f"{card} to a final pile"),
        *stores[-1:],
        Binding("escape", "cancel", "Cancel", key_display="esc",
                tooltip="let go of the card chosen"),
    ]


class FamilyScreen(GameScreen[S, Any], Generic[S]):
    MOUSE_HELP = ("click the hand card or a storage pile, then the pile it goes to;"
                  " click it again to let it go")
    FAMILY_RULES: ClassVar[FamilyRules[Any]]  # the game's rules module
    FINALS: ClassVar[int]
    STORAGE: ClassVar[int]
    STOCK_NAME: ClassVar[str] = "Deck"
    HAND_NAME: ClassVar[str] = "Hand"  # the pile whose top card is the hand card

    DEFAULT_CSS = """
    /* width 100%: as 1fr the board loses the banner's side margins when it shows */
    FamilyScreen > #board { width: 100%; }
    FamilyScreen #table { height: auto; margin: 1 0; align-horizontal: center; }
    FamilyScreen .more-finals { height: auto; align-horizontal: center; }
    FamilyScreen .pile-space { width: 11; }
    /* Under 30 rows: no margins, and at the end no line of ranks still to come (none). */
    FamilyScreen.-short #table { margin: 0; }
    FamilyScreen.-short.-over #to-come { display: none; }
    /* 80 columns hold the six piles and "needs 10 · +4" */
    FamilyScreen #hand { margin-right: 0; }
    FamilyScreen #hand > CardView, FamilyScreen #deck > CardView { margin-left: 1; }
    FamilyScreen #storage-name { text-style: bold; }
    /* as wide as the board: its counts change with every card turned, and a line as
       wide as its words was laid out again each time */
    FamilyScreen #to-come { color: $text-muted; width: 100%; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choice = Choice()

    # --- what a game supplies ------------------------------------------------------

    def stock(self, state: S) -> Sequence[Card]:
        """The cards still to be turned, the next first."""
        raise NotImplementedError

    def final_size(self, pile: int) -> int:
        raise NotImplementedError

    def final_step(self, pile: int) -> int:
        raise NotImplementedError

    def show_hand(self, state: S) -> None:
        self.query_one("#hand", PileView).show(
            state.hand, int(state.hand is not None),
            note="in hand" if state.hand is not None else "used up")

    # --- the board -------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        finals = [FinalPileView(f"Final {pile + 1}", id=f"final-{pile + 1}")
                  for pile in range(self.FINALS)]
        with Horizontal(id="table"):
            yield PileView(self.HAND_NAME, id="hand")
            yield PileView(self.STOCK_NAME, id="deck")
            yield from finals[:ROW]
        for row in range(ROW, self.FINALS, ROW):  # under the first four, as wide
            with Horizontal(classes="more-finals"):
                yield Static(classes="pile-space")
                yield Static(classes="pile-space")
                yield from finals[row:row + ROW]
        if self.STORAGE:
            yield Label("Storage piles · the top card, last, is the one that moves",
                        id="storage-name")
            yield StorageTable(self.STORAGE, id="storage")
        yield Label(id="to-come")

    def show(self, state: S) -> None:
        """A new position ends any question and drops a chosen card."""
        self.choice.let_go()
        self.show_hand(state)
        stock = self.stock(state)
        self.query_one("#deck", PileView).show(stock[0] if stock else None, len(stock),
                                               face_up=False)
        for pile, cards in enumerate(state.finals):
            self.query_one(f"#final-{pile + 1}", FinalPileView).show_final(
                cards, self.final_size(pile), self._needs(state, pile), self.final_step(pile))
        if self.STORAGE:
            self.query_one(StorageTable).show(state.storage)
        set_text(self.query_one("#to-come", Label), self._to_come(state))
        self._show_choice()

    def _to_come(self, state: S) -> str:
        """How many of each rank are still to be turned, as a player of Calculation
        counts them: what the stock holds, never in what order."""
        left = Counter(card.rank for card in self.stock(state))
        if not left:
            return f"The {self.STOCK_NAME.lower()} is used up"
        return f"Still in the {self.STOCK_NAME.lower()}  " + " ".join(
            f"{self._rank(rank)}×{left[rank]}" for rank in range(1, 14))

    def _needs(self, state: S, pile: int) -> str | None:
        """The rank final pile ``pile`` takes next."""
        rank = self.FAMILY_RULES.needs(state, pile)
        return None if rank is None else self._rank(rank)

    def _rank(self, rank: int) -> str:
        """A rank as the deck's cards show it: a letter, or a bare number when the
        deck is ranks only."""
        deck = self.table.deck
        bare = deck is not None and deck.cards[0].suit is None
        return str(rank) if bare else Card(rank).rank_text

    @property
    def answer(self) -> str:
        """The keys that answer a question, as the line asking says them."""
        return f"1–{max(self.FINALS, self.STORAGE)}, esc cancels"

    # --- choosing a card and where it goes ----------------------------------------

    def can(self, action: str) -> bool | None:
        return self.choice.allows(action, self.session.state, self.session.is_over)

    def action_store(self, number: int) -> None:
        self.play(ToStorage(number - 1))

    def action_hand_to_final(self) -> None:
        self._to_final(None)

    def action_from_storage(self) -> None:
        self.choice.ask("storage")
        self._show_choice()
        self.say(f"From which storage pile? {self.answer}.")

    def action_answer(self, number: int) -> None:
        """A digit answers the question asked. An answer that cannot be played (a
        final pile that does not take the card, a storage pile with no card or none
        that fits) asks again: letting go would leave the next digit, meant for the
        same question, to put the hand card on a storage pile."""
        choice = self.choice
        question, chosen, source = choice.question, choice.chosen, choice.source
        if question == "storage":
            state = self.session.state
            try:
                card = self.FAMILY_RULES.card_at(state, number - 1)
            except IllegalMove as error:
                self._ask_again(f"{sentence_start(str(error))}.", "From which storage pile?")
                return
            if not self.FAMILY_RULES.fitting_piles(state, card):
                self._ask_again(self._fits_nowhere(state, card), "From which storage pile?")
                return
        if question == "final" and chosen:
            state = self.session.state
            try:
                self.table.rules.apply(state, ToFinal(source, number - 1))
            except IllegalMove as error:  # the rules' words, and the question again
                piles = self.FAMILY_RULES.fitting_piles(
                    state, self.FAMILY_RULES.card_at(state, source))
                self._ask_again(f"{sentence_start(str(error))}.",
                                f"Which final pile? {listed(piles)},")
                return
        self._let_go()
        if question == "storage":
            self._to_final(number - 1)
        elif chosen:
            self.play(ToFinal(source, number - 1))

    def _ask_again(self, why: str, question: str) -> None:
        """Why the answer cannot be played, and the question, still open."""
        ending = " esc cancels." if question.endswith(",") else f" {self.answer}."
        self.say(f"{why} {question}{ending}", error=True)
        self.app.bell()

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
        piles = self.FAMILY_RULES.fitting_piles(state, card)
        if len(piles) == 1:
            self.play(ToFinal(source, piles[0]))
        elif piles:
            self._choose(source, "final")
            self.say(f"{card.glyph} fits final piles {listed(piles)}."
                     f" Which final pile? {self.answer}.")
        else:
            self._no_fit(state, card)

    def _card_or_why_not(self, source: int | None) -> Card | None:
        """The card at ``source``; when there is none the rules say why."""
        try:
            return self.FAMILY_RULES.card_at(self.session.state, source)
        except IllegalMove as error:
            self.refuse(error)
            return None

    def _no_fit(self, state: S, card: Card) -> None:
        self.say(self._fits_nowhere(state, card), error=True)
        self.app.bell()

    def _fits_nowhere(self, state: S, card: Card) -> str:
        """Why ``card`` goes to no final pile: what each one needs."""
        wanted = [f"final {pile + 1} needs {rank}" for pile in range(self.FINALS)
                  if (rank := self._needs(state, pile)) is not None]
        return f"{card.glyph} fits no final pile: {', '.join(wanted)}."

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
        targets = "a final pile" + (" or a storage pile" if source is None and self.STORAGE
                                    else "")
        where = named(source, self.HAND_NAME.lower())
        self.say(f"{card.glyph} from {where} chosen: click {targets}; esc cancels.")


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
