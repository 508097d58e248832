"""The Hit or Miss relay at the table (``play.table``): the player steps the rounds."""

from __future__ import annotations

from rules import relay
from rules.relay import Options, State, Step
from rules.words import counted
from solitaire_tui.games.relay import words
from solitaire_tui.play.table import GameTable


class RelayTable(GameTable[State, Step]):
    RULES = relay
    HAS_OPTIONS = True

    def default_options(self) -> Options:
        return Options()

    def new_state(self) -> State:
        assert self.deck is not None
        return relay.new_game(self.options, self.deck.cards)

    @property
    def variant(self) -> str:
        players: int = self.options.players
        return counted(players, "player")

    def figures(self, state: State) -> str:
        return words.figures(state)

    def describe(self, state: State, move: Step) -> str:
        return "step a round (space)"

    def score(self, state: State) -> int:
        return relay.result(state).rounds

    def verdict(self, state: State) -> tuple[bool, str]:
        return words.verdict(state)
