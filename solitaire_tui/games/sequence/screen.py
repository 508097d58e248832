"""Sequence Solitaire: the family's board with its helper, peek and review
(``games.family.helper``), and deals the solver wins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding

from rules import sequence
from rules.cards import Card
from rules.family import FamilyRules
from rules.sequence import PILE_SIZE, PILES, State
from rules.words import counted
from solitaire_tui.decks import numbered, random_deck
from solitaire_tui.games.family.board import family_keys
from solitaire_tui.games.family.helper import HELPER_KEY, REVIEW_KEY, HelperScreen
from solitaire_tui.games.sequence.engine import SOLVER
from solitaire_tui.games.sequence.play import SequenceTable
from solitaire_tui.ui.choices import keep_choice, kept_choice
from solitaire_tui.ui.keys import GAME_KEYS
from solitaire_tui.ui.workers import cancelled

DEALS = "(sequence deals)"  # the choices' row of which deals n draws (``winnable_only``)


class SequenceScreen(HelperScreen[State]):
    FAMILY_RULES: ClassVar[FamilyRules[State]] = sequence
    FINALS = PILES
    STORAGE = PILES

    BINDINGS = [
        *family_keys(PILES, PILES),
        HELPER_KEY,
        Binding("w", "winnable", "Winnable",
                tooltip="new deals (n): any deal, or only deals the solver has won (on or off)"),
        REVIEW_KEY,
        *GAME_KEYS,
    ]

    table: SequenceTable

    def stock(self, state: State) -> Sequence[Card]:
        return state.deck

    def final_size(self, pile: int) -> int:
        return PILE_SIZE

    def final_step(self, pile: int) -> int:
        return sequence.step(pile)

    # --- winnable deals only ----------------------------------------------------

    def on_mount(self) -> None:
        """Which deals ``n`` draws, as chosen last time (before the first drawing, whose
        status line says so)."""
        kept = kept_choice(self.services.choices, DEALS)
        self.table.winnable_only = bool(kept and kept.get("winnable") is True)

    def action_winnable(self) -> None:
        table = self.table
        table.winnable_only = not table.winnable_only
        self.redraw()  # the status line says which deals n draws
        keep_choice(self, self.services.choices, DEALS, {"winnable": table.winnable_only})
        self.say("New deals (n): only deals the solver wins, each found in a few hundredths"
                 " of a second (w: any deal again)." if table.winnable_only else
                 "New deals (n): any deal, as dealt (w: only those the solver wins).")

    def new_game(self) -> None:
        """A random deal, or with ``winnable_only`` the first random deal the solver wins
        (``winnable``), found in a worker: the screen says so while it looks, and a new
        ``n`` starts the search again."""
        if not self.table.winnable_only:
            self.start(random_deck())
            return
        from solitaire_tui.games.sequence.winnable import Found, winnable_deal

        self.say("Looking for a deal the solver wins…")

        def found(deal: Found | None) -> None:
            if deal is None:
                return
            tries = counted(deal.tries, "deal")
            # Said by the start, which may add to it (peek turned off): said after, it
            # would hide that.
            self.start(numbered(deal.deal), f"Deal {deal.deal}: the solver wins it (found in"
                       f" {deal.seconds:.2f} s, {tries} drawn).")

        self.thinker.think(lambda: winnable_deal(cancelled()), found, lambda _: None,
                           group="deal", needs=SOLVER.name)
