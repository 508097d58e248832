"""The Calculation family's rows: a shipped description (by its file's name) played by
the family's greedy player or a seeded random one."""

from __future__ import annotations

from functools import cache
from importlib import resources

from rules.calculation import game as calc
from rules.calculation.description import Description, parse
from rules.cards import deal_cards
from rules.play import final_state
from rules.players import Player, RandomPlayer
from rules.players.calculation import GreedyPlayer


@cache
def shipped(stem: str) -> Description:
    """The shipped description in ``games/<stem>.toml``."""
    path = resources.files("rules.calculation").joinpath("games", f"{stem}.toml")
    return parse(path.read_text(encoding="utf-8"))


def pure(deal: int, game: tuple[str, str]) -> tuple[int, ...]:
    """Deal ``deal`` of the shipped game ``game[0]`` by ``game[1]`` ("greedy", "random",
    the random player seeded with the deal)."""
    stem, strategy = game
    player: Player[calc.State, calc.Move] = (
        GreedyPlayer() if strategy == "greedy" else RandomPlayer(calc.legal_moves, deal))
    end = final_state(calc, calc.new_game(shipped(stem), deal_cards(deal)), player.choose)
    r = calc.result(end)
    return (r.won, r.final_cards, r.moves)
