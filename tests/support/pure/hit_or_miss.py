"""Hit or Miss: each variant's rows, and the strike limits one replay chains."""

from __future__ import annotations

import dataclasses

from rules import hit_or_miss as hm
from rules.cards import deal_cards
from rules.play import final_state

VARIANTS = [
    hm.Options(strikes, order)
    for order in hm.PassOrder
    for strikes in (None, 3, 2)
    if not (order is hm.PassOrder.SHUFFLED and strikes is None)
]
# The strike limits of one pass order that the pure replay plays as one game, fewest
# first: a limit of three strikes plays a deal as two does until two strikes in a row
# would have lost it (``is_lost``, between passes, is the only rule a limit enters),
# so its game goes on from where two's ended. Unlimited play is a game of its own: it
# may end sooner (13, 26 or 39 cards after a single strike).
CHAINS = [[options for options in VARIANTS if options.order is order and options.strikes]
          [::-1] for order in hm.PassOrder] + [
    [options] for options in VARIANTS if options.strikes is None]


def fields(state: hm.State) -> tuple[int, ...]:
    r = hm.result(state)
    return (r.won, r.cards_left, r.passes, r.strikes, r.turns)


def pure(deal: int, options: hm.Options) -> tuple[int, ...]:
    """The pure rules' fields for ``deal`` under ``options`` (a deal seeds its shuffle)."""
    return chained(deal, [options])


def chained(deal: int, chain: list[hm.Options]) -> tuple[int, ...]:
    """The pure rules' fields for ``deal`` under each limit of ``chain`` in turn, one
    row: each game played to its end, the next limit's going on from there (its
    options put in the state; a deal seeds its own shuffle)."""
    games = [hm.Options(options.strikes, options.order, seed=deal) for options in chain]
    row: tuple[int, ...] = ()
    state = hm.new_game(games[0], deal_cards(deal))
    for game in games:
        state = final_state(hm, dataclasses.replace(state, options=game))
        row += fields(state)
    return row
