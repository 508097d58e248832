"""The five games as the menu and the command line name and describe them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    key: str  # the command-line name
    title: str
    blurb: str  # one line for menus and --help


GAMES = (
    GameInfo("hit-or-miss", "Hit or Miss",
             "Count 1 to 13 as you turn cards; a match is discarded."),
    GameInfo("relay", "Hit or Miss relay",
             "2 to 10 players pass their matches down the line."),
    GameInfo("one-handed", "One-Handed Solitaire",
             "Watch the newest four cards for a rank or suit pair."),
    GameInfo("sequence", "Sequence Solitaire",
             "Build four piles counting by 1, 2, 3 and 4 to the king."),
    GameInfo("add-residue", "Add/Residue",
             "Add to m or take it modulo your number, and score the rest."),
)
GAMES_BY_KEY = {game.key: game for game in GAMES}
