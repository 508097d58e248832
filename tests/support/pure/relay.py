"""The relay's rows, its deals spread over 2..10 players."""

from __future__ import annotations

from rules import relay
from rules.cards import deal_cards
from rules.fast import relay as fast
from rules.play import final_state

PLAYER_COUNTS = range(2, relay.MAX_PLAYERS + 1)

Row = tuple[int, ...]


def players_of(deal: int) -> int:
    """The relay comparison spreads its deals over the player counts 2..10."""
    return PLAYER_COUNTS[deal % len(PLAYER_COUNTS)]


def pure(deal: int, players: int | None) -> Row:
    """The rules' fields for a deal; ``players`` None plays it with players_of(deal)."""
    options = relay.Options(players_of(deal) if players is None else players)
    r = relay.result(final_state(relay, relay.new_game(options, deal_cards(deal))))
    return (r.won, r.rounds, *(fast.NO_HIT if c is None else c.index for c in r.last_hits))
