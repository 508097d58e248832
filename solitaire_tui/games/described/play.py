"""A described game at the table (``play.table``): its first state from its
description, and the fair player as the helper for hints and auto play, the greedy
player standing in while the family's kernel compiles."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import ClassVar

from rules.calculation import game as calc
from rules.calculation.description import Description
from rules.calculation.game import Move, State
from rules.players.calculation import FairPlayer, GreedyPlayer
from solitaire_tui.games.described import words
from solitaire_tui.games.family import moves
from solitaire_tui.play.table import GameTable


class DescribedTable(GameTable[State, Move]):
    RULES = calc
    SLOW_HINTS = True  # the fair player's rollouts: compiled, a few milliseconds a move

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

    @property
    def hint_part(self) -> str:
        return self.game.ENGINE[0].name  # the family's kernel, the fair player's

    @property
    def stand_in(self) -> tuple[str, Callable[[State], Move | None]]:
        """The greedy player, plain Python, while the fair player's part compiles."""
        return "greedy", GreedyPlayer().choose

    def hint(self, state: State) -> Move | None:
        if calc.is_over(state):
            return None
        assert self.deck is not None  # the family is always dealt
        return FairPlayer(self.deck.seed).choose(state)

    def describe(self, state: State, move: Move) -> str:
        return moves.describe(calc, state, move, "waste" if self.DESCRIPTION.waste else "hand")


@cache
def table_for(description: Description) -> type[DescribedTable]:
    """The table class of the game ``description`` describes, one a game."""
    return type(words.class_name(description.key, "Table"), (DescribedTable,),
                {"__module__": __name__, "DESCRIPTION": description})
