"""Sequence Solitaire at the family's table (``games.family.table``): its helpers
(the fair and quick players, the solver's peek, players of one's own) and the deals
``n`` draws."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules import sequence
from rules.own_players import sequence as own_rules
from rules.players import Player
from rules.players.sequence import player
from rules.players.sequence_greedy import GreedyPlayer
from rules.players.sequence_review import CHANCE
from rules.players.sequence_solver import Peek
from rules.review import Decision
from rules.sequence import Move, State
from solitaire_tui import decks
from solitaire_tui.games.family.table import PEEK, PEEK_WORDS, FamilyTable
from solitaire_tui.games.sequence import words
from solitaire_tui.games.sequence.engine import REVIEW
from solitaire_tui.games.sequence.moves import describe
from solitaire_tui.play.table import Game
from solitaire_tui.store.records import Records

HELPERS = {  # as p offers them, the first by default
    "fair": "fair: plays ahead on what you can see",
    "quick": "quick: rules of thumb, at once",
    PEEK: PEEK_WORDS,
}


class SequenceTable(FamilyTable[State, Move]):
    RULES = sequence
    HELPERS = HELPERS
    OWN_RULES = own_rules.__name__
    REVIEW_CHANCE = CHANCE
    REVIEW_PART = REVIEW.name

    def __init__(self, game: Game, records: Records, deck: decks.Deck | None = None,
                 options: Any = None) -> None:
        super().__init__(game, records, deck, options)
        self.winnable_only = False  # new deals are only those the solver wins (w)

    def new_state(self) -> State:
        assert self.deck is not None
        return sequence.new_game(sequence.Options(), self.deck.cards)

    def figures(self, state: State) -> str:
        return words.figures(state, self.winnable_only)

    def verdict(self, state: State) -> tuple[bool, str]:
        return words.verdict(state)

    def score(self, state: State) -> int:
        return state.final_cards

    def describe(self, state: State, move: Move) -> str:
        return describe(state, move)

    # --- the helpers ------------------------------------------------------------------

    def solver(self) -> Peek:
        return Peek()

    def helper_player(self, name: str) -> Player[State, Move]:
        assert self.deck is not None  # Sequence is always dealt
        return player(name, self.deck.seed)

    def greedy(self) -> Player[State, Move]:
        return GreedyPlayer()

    def review(self, start: State, played: Sequence[Move], stop: Callable[[], bool],
               progress: Callable[[int, int], None]) -> list[Decision[State, Move]]:
        from rules.players.sequence_review import review

        assert self.deck is not None  # Sequence is always dealt
        return review(start, played, self.deck.seed, stop=stop, progress=progress)

    def move_name(self, state: State, move: Move) -> str:
        return own_rules.name_of(state, move)

