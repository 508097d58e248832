"""The relay as ``bench`` measures it: its kernel for four players against the plain
rules."""

from __future__ import annotations

from rules import relay
from rules.cards import deal_cards
from rules.play import final_state
from rules.relay import Options
from solitaire_tui.games.relay.game import kernel
from solitaire_tui.measures import BenchCase, Measures


def _pure(deal: int) -> object:
    return final_state(relay, relay.new_game(Options(4), deal_cards(deal)))


MEASURES = Measures(kernels=lambda: (
    BenchCase("Relay, 4 players", lambda: kernel(Options(4)), _pure, 150_000),))
