"""A described game at the family's table (``games.family.table``): its first state
from its description; the fair or the quick player as the helper for hints and auto
play (the greedy player standing in while the family's kernel compiles), the solver's
peek, or a player of one's own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import ClassVar

from rules.calculation import game as calc
from rules.calculation.description import Description
from rules.calculation.game import Move, State
from rules.own_players import calculation as own_rules
from rules.players import Player
from rules.players.calculation import GreedyPlayer, chance_words, peek, player, review
from rules.players.solver import Peek
from rules.review import Decision
from solitaire_tui.games.described import words
from solitaire_tui.games.described.engine import FAMILY_PART
from solitaire_tui.games.family import moves
from solitaire_tui.games.family.table import PEEK, PEEK_WORDS, FamilyTable

HELPERS = {  # as p offers them, the first by default
    "fair": "fair: plays ahead on what you can see",
    "quick": "quick: rules of thumb, at once",
    PEEK: PEEK_WORDS,
}


class DescribedTable(FamilyTable[State, Move]):
    RULES = calc
    HELPERS = HELPERS
    REVIEW_PART = FAMILY_PART.name  # the review reads the fair player's rollouts
    OWN_RULES = own_rules.__name__

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

    def solver(self) -> Peek[State, Move]:
        return peek()

    def helper_player(self, name: str) -> Player[State, Move]:
        assert self.deck is not None  # the family is always dealt
        return player(name, self.deck.seed, self.DESCRIPTION.name)

    def greedy(self) -> Player[State, Move]:
        return GreedyPlayer()

    def review(self, start: State, played: Sequence[Move], stop: Callable[[], bool],
               progress: Callable[[int, int], None]) -> list[Decision[State, Move]]:
        assert self.deck is not None  # the family is always dealt
        return review(start, played, self.deck.seed, stop, progress)

    def move_name(self, state: State, move: Move) -> str:
        return own_rules.name_of(state, move)

    def move_words(self, state: State, move: Move) -> str:
        return moves.words(move, words.hand(state))

    def describe(self, state: State, move: Move) -> str:
        return moves.describe(calc, state, move, words.hand(state))


@cache
def table_for(description: Description) -> type[DescribedTable]:
    """The table class of the game ``description`` describes, one a game."""
    return type(words.class_name(description.key, "Table"), (DescribedTable,),
                {"__module__": __name__, "DESCRIPTION": description,
                 "OWN_OPTIONS": own_rules.options(description),
                 "REVIEW_CHANCE": chance_words(description.passes)})
