"""One-Handed Solitaire's rows."""

from __future__ import annotations

from rules import one_handed as oh
from rules.cards import Card, deal_cards
from rules.play import final_state


def pure_result(deck: tuple[Card, ...]) -> tuple[int, int, int]:
    r = oh.result(final_state(oh, oh.new_game(oh.Options(), deck)))
    return (r.won, r.cards_left, r.moves)


def pure(deal: int, options: oh.Options) -> tuple[int, int, int]:
    return pure_result(deal_cards(deal))
