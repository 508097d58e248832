"""Sequence Solitaire's rows, by the greedy and the random player."""

from __future__ import annotations

from rules import sequence as sq
from rules.cards import Card, deal_cards
from rules.play import final_state
from rules.players import Player, RandomPlayer
from rules.players.sequence import GreedyPlayer

STRATEGIES = ("greedy", "random")
PILE_ORDER = tuple(Card(sq.rank_needed(pile, j) or 0) for pile in range(4) for j in range(13))


def player(strategy: str, seed: int) -> Player[sq.State, sq.Move]:
    return GreedyPlayer() if strategy == "greedy" else RandomPlayer(sq.legal_moves, seed)


def pure_result(deck: tuple[Card, ...], strategy: str, seed: int) -> tuple[int, ...]:
    state = sq.new_game(sq.Options(), deck)
    r = sq.result(final_state(sq, state, player(strategy, seed).choose))
    return (r.won, r.final_cards, r.moves)


def pure(deal: int, strategy: str) -> tuple[int, ...]:
    return pure_result(deal_cards(deal), strategy, deal)  # a deal seeds its random player
