"""A described game at the table (``play.table``): its first state from its
description, and the greedy player, plain Python, as the helper for hints and auto
play (the family's stronger players do not read descriptions yet)."""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from rules.calculation import game as calc
from rules.calculation.description import Description
from rules.calculation.game import Move, State
from rules.players.calculation import GreedyPlayer
from solitaire_tui.games.described import words
from solitaire_tui.games.family import moves
from solitaire_tui.play.table import GameTable


class DescribedTable(GameTable[State, Move]):
    RULES = calc

    DESCRIPTION: ClassVar[Description]  # set for each game (``DescribedGame.table``)

    def new_state(self) -> State:
        assert self.deck is not None  # the family is always dealt
        return calc.new_game(self.DESCRIPTION, self.deck.cards)

    def figures(self, state: State) -> str:
        return words.figures(state)

    def verdict(self, state: State) -> tuple[bool, str]:
        return words.verdict(state)

    def score(self, state: State) -> int:
        return state.final_cards

    def hint(self, state: State) -> Move | None:
        return None if calc.is_over(state) else GreedyPlayer().choose(state)

    def describe(self, state: State, move: Move) -> str:
        return moves.describe(calc, state, move)


@cache
def table_for(description: Description) -> type[DescribedTable]:
    """The table class of the game ``description`` describes, one a game."""
    name = "".join(part.capitalize() for part in description.key.split("-")) + "Table"
    return type(name, (DescribedTable,), {"__module__": __name__, "DESCRIPTION": description})
