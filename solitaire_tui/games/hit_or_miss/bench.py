"""Hit or Miss as ``bench`` measures it: its kernel against the plain rules, without
a strike limit and at roll-call's three."""

from __future__ import annotations

from collections.abc import Callable

from rules import hit_or_miss
from rules.cards import deal_cards, ranks_only
from rules.hit_or_miss import Options
from rules.play import final_state
from solitaire_tui.games.hit_or_miss.game import kernel
from solitaire_tui.measures import BenchCase, Measures


def _pure(strikes: int | None) -> Callable[[int], object]:
    return lambda deal: final_state(hit_or_miss, hit_or_miss.new_game(
        Options(strikes), ranks_only(deal_cards(deal))))


MEASURES = Measures(kernels=lambda: (
    BenchCase("Hit or Miss, unlimited", lambda: kernel(Options()), _pure(None), 800_000),
    BenchCase("Hit or Miss, roll-call", lambda: kernel(Options(3)), _pure(3)),
))
