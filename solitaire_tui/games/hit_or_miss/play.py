"""Hit or Miss at the table (``play.table``): the player calls each card."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules import hit_or_miss
from rules.hit_or_miss import Call, Options, State
from solitaire_tui import decks
from solitaire_tui.games.hit_or_miss import words
from solitaire_tui.play.table import Game, GameTable
from solitaire_tui.store.records import Records


class HitOrMissTable(GameTable[State, Call]):
    RULES = hit_or_miss
    HAS_OPTIONS = True

    def __init__(self, game: Game, records: Records, deck: decks.Deck | None = None,
                 options: Any = None) -> None:
        self._seeded_for = deck if options is not None else None
        super().__init__(game, records, deck, options)

    def default_options(self) -> Options:
        return Options()

    def new_state(self) -> State:
        """As the command line does, a deal seeds the shuffle between passes with its
        own seed (``Deck.seed``), so the deal number alone replays a shuffled game;
        options given with the deck keep the seed they carry (the command line's
        --seed)."""
        assert self.deck is not None
        if self.deck != self._seeded_for:
            self.options = replace(self.options, seed=self.deck.seed)
            self._seeded_for = self.deck
        return hit_or_miss.new_game(self.options, self.deck.cards)

    @property
    def variant(self) -> str:
        options: Options = self.options
        return f"{options.variant}, {options.order.value} order"

    def figures(self, state: State) -> str:
        return words.figures(state)

    def describe(self, state: State, move: Call) -> str:
        return words.describe(state, move)

    def score(self, state: State) -> int:
        return hit_or_miss.result(state).cards_left

    def verdict(self, state: State) -> tuple[bool, str]:
        return words.verdict(state)
