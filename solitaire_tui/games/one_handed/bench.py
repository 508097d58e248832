"""One-Handed Solitaire as ``bench`` measures it: its kernel against the plain rules."""

from __future__ import annotations

from rules import one_handed
from rules.cards import deal_cards
from rules.play import final_state
from solitaire_tui.games.one_handed.game import kernel
from solitaire_tui.measures import BenchCase, Measures


def _pure(deal: int) -> object:
    return final_state(one_handed, one_handed.new_game(one_handed.Options(), deal_cards(deal)))


MEASURES = Measures(kernels=lambda: (BenchCase("One-Handed", kernel, _pure, 2_000_000),))
