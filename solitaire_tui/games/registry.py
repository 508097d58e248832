"""The games, in the menu's order: the one list the menu, the command line, the
statistics panel, the history and replays ask. A new game with a home of its own is
one more line here (and its home beside the others); a game of the Calculation
family is one more description (``games.described``), and Sequence Solitaire's own
description is played by its home."""

from __future__ import annotations

from pathlib import Path

from solitaire_tui.engine import in_order
from solitaire_tui.games.add_residue.game import GAME as ADD_RESIDUE
from solitaire_tui.games.described import own
from solitaire_tui.games.described.game import described, shipped
from solitaire_tui.games.game import Game
from solitaire_tui.games.hit_or_miss.game import GAME as HIT_OR_MISS
from solitaire_tui.games.one_handed.game import GAME as ONE_HANDED
from solitaire_tui.games.relay.game import GAME as RELAY
from solitaire_tui.games.sequence.game import GAME as SEQUENCE
from solitaire_tui.stats.findings import Finding

HOMES: tuple[Game, ...] = (HIT_OR_MISS, RELAY, ONE_HANDED, SEQUENCE, ADD_RESIDUE)
DESCRIBED = tuple(described(description) for description in shipped()
                  if description.key not in {game.key for game in HOMES})
# The described games after the others, whose numbers (``play 5``) stay as they were;
# one's own games after those (``take_owners_games``).
GAMES: list[Game] = [*HOMES, *DESCRIBED]
GAMES_BY_KEY = {game.key: game for game in GAMES}
OWN_PROBLEMS: list[str] = []  # a sentence for each file of one's own that is no game
_OWN_TAKEN: list[Path] = []  # the data directory they were read from, once read
ENGINE = in_order(part for game in GAMES for part in game.ENGINE)  # what ``warm`` compiles


def take_owners_games(data: Path) -> None:
    """Add the games described in ``data``'s ``games/`` folder (``described.own``) to
    the lists above, after the others, and their files' problems to ``OWN_PROBLEMS``.
    Called by the command line for the person at the shell, once, before anything
    reads the lists; never for a ``serve`` guest, who plays the suite's games only."""
    if _OWN_TAKEN:
        return
    _OWN_TAKEN.append(data)
    found = own.read(data, GAMES_BY_KEY)
    for description in found.descriptions:
        game = described(description)
        GAMES.append(game)
        GAMES_BY_KEY[game.key] = game
    OWN_PROBLEMS.extend(found.problems)


def findings() -> list[tuple[str, Finding]]:
    """Every game's findings, each with its game's title (``stats.findings``)."""
    return [(game.title, finding) for game in GAMES for finding in game.findings()]
