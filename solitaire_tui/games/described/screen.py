"""A described game's screen: the family's board with its helper and peek
(``games.family.helper``) drawn from its description, with a waste pile turned by
``space`` where the description has one."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar

from textual.binding import Binding

from rules.calculation import game as calc
from rules.calculation.description import Description
from rules.calculation.game import TURN, State
from rules.cards import Card
from rules.family import FamilyRules
from solitaire_tui.games.described.play import DescribedTable
from solitaire_tui.games.described.words import class_name
from solitaire_tui.games.family.board import FamilyScreen, family_keys
from solitaire_tui.games.family.helper import HELPER_KEY, REVIEW_KEY, HelperScreen
from solitaire_tui.games.family.moves import TURN_KEY
from solitaire_tui.ui.keys import GAME_KEYS
from solitaire_tui.widgets.cards import PileView


class DescribedScreen(HelperScreen[State]):
    FAMILY_RULES: ClassVar[FamilyRules[State]] = calc
    DESCRIPTION: ClassVar[Description]  # set for each game (``screen_for``)
    STOCK_NAME = "Stock"

    table: DescribedTable

    def stock(self, state: State) -> Sequence[Card]:
        return state.stock

    def final_size(self, pile: int) -> int:
        return self.DESCRIPTION.foundations[pile].length

    def final_step(self, pile: int) -> int:
        return self.DESCRIPTION.foundations[pile].step

    def show_hand(self, state: State) -> None:
        """With a waste pile, the hand card is its top card (the pass under way is on
        the status line)."""
        if not self.DESCRIPTION.waste:
            super().show_hand(state)
            return
        self.query_one("#hand", PileView).show(state.hand, len(state.waste))

    def can(self, action: str) -> bool | None:
        if action == "turn":
            return TURN in calc.legal_moves(self.session.state) and (
                self.choice.question is None)
        return super().can(action)

    def action_turn(self) -> None:
        """Turn the stock; once it is used up, the waste over as the next pass's stock,
        which is said (the board alone shows only an empty waste)."""
        self._let_go()
        passes = self.session.state.passes
        if self.play(TURN) and self.session.state.passes > passes:
            self.say(f"The waste turned over as the stock: pass {passes + 1} of"
                     f" {self.DESCRIPTION.passes}.")


@cache
def screen_for(description: Description) -> type[DescribedScreen]:
    """The screen class of the game ``description`` describes, one a game: its keys
    are those of its board (how many final and storage piles, whether it turns onto a
    waste pile)."""
    turn = [Binding(TURN_KEY, "turn", "Turn", key_display="space",
                    tooltip="turn the stock onto the waste pile, or the waste over for"
                    " the next pass")] if description.waste else []
    hand = "Waste" if description.waste else "Hand"
    attributes: dict[str, Any] = {
        "__module__": __name__,
        "HAND_NAME": hand,
        "DESCRIPTION": description,
        "MOUSE_HELP": FamilyScreen.MOUSE_HELP if description.storage else (
            f"click the {hand.lower()}'s top card, then the final pile it goes to;"
            " click it again to let it go"),
        "FINALS": len(description.foundations),
        "STORAGE": description.storage,
        "BINDINGS": [*family_keys(len(description.foundations), description.storage,
                                  hand), *turn, HELPER_KEY, REVIEW_KEY, *GAME_KEYS],
    }
    return type(class_name(description.key, "Screen"), (DescribedScreen,), attributes)
