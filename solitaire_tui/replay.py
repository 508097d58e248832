"""A game from an autoplay run, to watch move by move on its game screen.

A run's result for deal d depends on d alone, so the game is rebuilt from the run's
options and the deal number: the same cards, and the computer players seeded as the
kernels seed them (Sequence's random player with d, Add/Residue's seat s with d + s).
The screen then plays the line from the start and steps through it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from rules.strategies import sequence as sequence_players
from rules.strategies.add_residue import seated
from solitaire_tui import decks
from solitaire_tui.runs import Setup
from solitaire_tui.table import Seat, Table


@dataclass(frozen=True)
class Replay:
    game: str
    deck: decks.Deck | None
    options: Any  # what the game's screen takes: the rules' Options, or a Table
    choose: Callable[[Any], Any] | None  # who chooses each move; None: every move is forced
    label: str  # what is replayed, in words: "deal 17, random player"


def replay(setup: Setup, part: int, deal: int) -> Replay:
    """Game ``deal`` of the run ``setup`` describes, as its tally ``part`` (a seat or
    a strategy) saw it."""
    strategies: list[str] = setup.options.get("strategies", [])
    if setup.game == "add-residue":
        players = seated(strategies, deal, setup.rules)
        table = Table(tuple(Seat(f"P{seat + 1}", level) for seat, level in enumerate(strategies)),
                      setup.rules.n)
        return Replay(setup.game, None, table,
                      lambda state: players[state.to_move].choose(state),
                      f"game {deal}, won by P{part + 1}")
    deck = decks.numbered(deal)
    if setup.game == "sequence":
        player = sequence_players.player(strategies[part], deal)
        return Replay(setup.game, deck, None, player.choose,
                      f"deal {deal}, {strategies[part]} player")
    options = setup.rules
    if setup.game == "hit-or-miss":
        options = replace(options, seed=deal)  # the kernels shuffle deal d's misses with seed d
    return Replay(setup.game, deck, options, None, f"deal {deal}")
