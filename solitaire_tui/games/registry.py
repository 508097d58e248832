"""The five games, in the menu's order: the one list the menu, the command line, the
statistics panel, the history and replays ask. A new game is one more line here
(and its home beside the others)."""

from __future__ import annotations

from solitaire_tui.engine import in_order
from solitaire_tui.games.add_residue.game import GAME as ADD_RESIDUE
from solitaire_tui.games.game import Game
from solitaire_tui.games.hit_or_miss.game import GAME as HIT_OR_MISS
from solitaire_tui.games.one_handed.game import GAME as ONE_HANDED
from solitaire_tui.games.relay.game import GAME as RELAY
from solitaire_tui.games.sequence.game import GAME as SEQUENCE
from solitaire_tui.stats.findings import Finding

GAMES: tuple[Game, ...] = (HIT_OR_MISS, RELAY, ONE_HANDED, SEQUENCE, ADD_RESIDUE)
GAMES_BY_KEY = {game.key: game for game in GAMES}
ENGINE = in_order(part for game in GAMES for part in game.ENGINE)  # what ``warm`` compiles


def findings() -> list[tuple[str, Finding]]:
    """Every game's findings, each with its game's title (``stats.findings``)."""
    return [(game.title, finding) for game in GAMES for finding in game.findings()]
