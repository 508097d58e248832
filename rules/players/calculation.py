"""The greedy player for every game of the Calculation family (``rules.calculation``):
the baseline its described games are measured by until stronger players read
descriptions too."""

from __future__ import annotations

from rules.calculation import game
from rules.calculation.game import TURN, Move, State, ToFinal, ToStorage
from rules.players.base import Player, RandomPlayer
from rules.roster import BASIC, check_name


class GreedyPlayer:
    """Plays to a foundation whenever it can, storage tops before the hand card (in
    the rules' order of legal moves); otherwise puts the hand card on the lowest
    storage pile, the leftmost of equals, or, with none, turns the stock. On the
    described Sequence Solitaire it is ``rules.players.sequence.GreedyPlayer``."""

    def choose(self, state: State) -> Move:
        moves = game.legal_moves(state)
        for move in moves:
            if isinstance(move, ToFinal):
                return move
        if state.hand is not None and state.storage:
            heights = [len(pile) for pile in state.storage]
            return ToStorage(heights.index(min(heights)))
        return TURN


def player(name: str, seed: int, game_name: str) -> Player[State, Move]:
    """The player ``name`` stands for in the game ``game_name``; ``seed`` drives the
    random one (a batch game's deal number), as the family's kernel plays it."""
    if check_name(name, BASIC, game_name) == "greedy":
        return GreedyPlayer()
    return RandomPlayer(game.legal_moves, seed)
