"""The table's shared words: its title, its status line, a finished game's sentence,
the keys that start again. A game's own words are in its home's ``words.py``."""

from __future__ import annotations

from typing import Any

from rules.words import counted, sentence_start
from solitaire_tui.play.table import STANDARD, GameTable


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital, a full stop at its end."""
    text = text.strip()
    if not text:
        return text
    text = sentence_start(text)
    return text if text.endswith((".", "!", "?")) else text + "."


def outcome(won: bool, why: str, lost: str = "Lost") -> str:
    """A finished game in one line, as ``play --headless`` ends: ``Won: why.``"""
    return f"{'Won' if won else lost}: {sentence(why)}"


def title(table: GameTable[Any, Any]) -> str:
    """The game, its variant, its deal and the replay, for the screen's title."""
    variant = table.variant
    where = f" · {table.deck.label}" if table.deck is not None else ""
    replay = f" · replay of {table.replaying}" if table.replaying else ""
    named = f" · {variant}" if variant != STANDARD else ""
    return f"{table.game.title}{named}{where}{replay}"


def status(table: GameTable[Any, Any]) -> str:
    """The status line: the moves made and the game's own figures, and from the first
    move that makes it so, that the game counts toward no record (the message at
    that move said why; the end says it again). The deal is the title's: said here
    too, the line wrapped at 80 columns, or lost auto play's sign beside it."""
    line = f"Moves {len(table.session.moves)} · {table.figures(table.session.state)}"
    if table.uncounted and not table.replaying and not table.session.is_over:
        line += " · no record"
    return line


def again_keys(table: GameTable[Any, Any]) -> str:
    """The keys that start a finished game again."""
    if table.game.USES_DECK:
        return "r: play this deal again · n: new deal"
    return "r: play again · n: new game"


def thrown_away(table: GameTable[Any, Any]) -> str | None:
    """What starting again does to a game in play: it is not kept, and undo cannot
    bring it back; to moves taken back (undone to the start, or gone back to from a
    review): redo cannot play them again."""
    undone = table.session.undone if not table.replaying else 0
    taken_back = f"the {counted(undone, 'move')} taken back, which U plays again"
    if table.in_play:
        return (f"the {table.game.title} game in play is not over, and will not be kept"
                + (f", nor {taken_back}" if undone else ""))
    return f"{taken_back}, will be lost" if undone else None
