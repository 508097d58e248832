"""Playing one game to its end without a screen, for ``solitaire-tui play``.

Each game's home builds its first state and its player from the command line's
values (``Game.play``); one loop here plays any of them, and one report carries the
result as text lines and as JSON.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.cards import Card, format_cards
from rules.play import Rules, moves_of
from rules.review import Decision
from solitaire_tui.decks import Deck
from solitaire_tui.play import review_words
from solitaire_tui.play.review_words import Mover, Named


@dataclass
class Report:
    heading: str
    outcome: str
    data: dict[str, Any]
    moves: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)  # lines after the outcome (a review)


def plain(value: Any) -> Any:
    """JSON-ready form of rules values: cards as text, enums as their names."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    return value


def play_out(
    rules: Rules[Any, Any],
    state: Any,
    choose: Callable[[Any], Any] | None,
    describe: Callable[[Any, Any, Any], str],
    log: bool,
    made: list[Any] | None = None,
) -> tuple[Any, list[str]]:
    """The game played from ``state`` to its end, and (``log``) every move described;
    ``made``, if given, gets every move (for a review)."""
    lines = []
    before = state
    for move, after in moves_of(rules, state, choose):
        if log:
            lines.append(describe(before, move, after))
        if made is not None:
            made.append(move)
        before = after
    return before, lines


def report(game: str, heading: str, outcome: str, options: Any, deck: Deck | None,
           result: Any, seed: int | None, moves: list[str]) -> Report:
    """A finished game as ``play`` prints it; ``seed`` only where one was used."""
    data: dict[str, Any] = {"game": game, "options": plain(options)}
    if deck is not None:
        data |= {"deal": deck.deal, "deck": format_cards(deck.cards)}
    if seed is not None:
        data["seed"] = seed
    data["result"] = plain(result)
    return Report(heading, outcome, data, moves)


def reviewed(report: Report, decisions: Sequence[Decision[Any, Any]], named: Named,
             chance: str, mover: Mover = lambda state: None,
             words: Named = review_words.in_rules_words) -> None:
    """``report`` with the game's review: a ``review`` list in its JSON, and a line a
    decision after its outcome (``chance``: what a chance is, in the game's words;
    ``mover``: who moves, at a game of several seats; ``words``: a move in the game's
    words, beside its name)."""
    report.data["review"] = [review_words.entry(decision, named, mover)
                             for decision in decisions]
    report.after = [review_words.summary(decisions, chance),
                    *(review_words.line(decision, named, mover, words)
                      for decision in decisions)]


def report_lines(report: Report) -> Iterator[str]:
    yield report.heading
    yield from report.moves
    yield report.outcome
    yield from report.after
