"""One-Handed Solitaire at the table (``play.table``): every move is forced or named."""

from __future__ import annotations

from rules import one_handed
from rules.one_handed import Move, State
from solitaire_tui.games.one_handed import words
from solitaire_tui.play.table import GameTable


class OneHandedTable(GameTable[State, Move]):
    RULES = one_handed

    def new_state(self) -> State:
        assert self.deck is not None
        return one_handed.new_game(one_handed.Options(), self.deck.cards)

    def figures(self, state: State) -> str:
        return words.figures(state)

    def describe(self, state: State, move: Move) -> str:
        return words.describe(move)

    def score(self, state: State) -> int:
        return one_handed.result(state).cards_left

    def verdict(self, state: State) -> tuple[bool, str]:
        return words.verdict(state)
