"""A game of the Calculation family described as data, and the checks a description
file passes before anything plays it.

The family (PySolFC's ``calculation.py``; McCarthy's Sequence Solitaire is its 1973
form) differs only in data: the foundations (each one's first rank, its step, how
many cards it holds, whether its first card is put out before the deal), the storage
piles (how many: each takes the turned card, and only its top card leaves, to a
foundation), and the stock (how many passes, how many cards a turn, whether turned
cards wait on a waste pile or must be placed at once). So one set of rules plays
them all (``rules.calculation.game``), given a ``Description``.

A description file may come from anyone, so it is read as hostile input: a bounded
size, every field checked against a range, unknown fields refused, and every mistake
one sentence that names the field (``DescriptionError``). TOML rather than a Python
file of data: reading it runs no code of the writer's.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.errors import RulesError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

LARGEST_FILE = 16_384  # characters: a description is a page at most
RANKS = 13
SUITS = 4
KEY = re.compile(r"[a-z][a-z0-9-]{1,29}")
MOST_FOUNDATIONS = 9  # one digit key each on the screen (1..9)
MOST_STORAGE = 8
MOST_PASSES = 5
MOST_TURNED = 3
LONGEST_NAME = 40
LONGEST_TEXT = 4_000
BASES = ("any suit", "one suit")  # how the cards put out before the deal are chosen


class DescriptionError(RulesError):
    """A description that cannot be played; the message names the field."""


@dataclass(frozen=True)
class Foundation:
    """A pile built from ``base`` up by ``step`` (modulo 13, 13 for 0) until it holds
    ``length`` cards; ``dealt``: its first card is put out before the deal."""

    base: int
    step: int
    length: int
    dealt: bool

    def rank(self, index: int) -> int:
        """The rank of the pile's card ``index`` (from 0)."""
        return (self.base - 1 + index * self.step) % RANKS + 1


@dataclass(frozen=True)
class Description:
    """A game of the family. ``waste``: turned cards wait on a waste pile, its top
    playable, turned over for the next pass; otherwise the turned card (the hand)
    must go to a foundation or a storage pile before the next is turned."""

    key: str
    name: str
    foundations: tuple[Foundation, ...]
    storage: int
    passes: int
    turn: int
    waste: bool
    bases: str
    rules: str = ""

    @property
    def cards(self) -> int:
        return SUITS * RANKS


def parse(text: str) -> Description:
    """The description a file's ``text`` holds (``DescriptionError`` for any mistake)."""
    if len(text) > LARGEST_FILE:
        raise DescriptionError(f"the file is longer than {LARGEST_FILE:,} characters")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DescriptionError(f"the file is not TOML: {error}") from None
    return described(data)


def described(data: Mapping[str, Any]) -> Description:
    """The description ``data`` (a TOML file's tables) holds, checked field by field."""
    _only(data, "", {"key", "name", "rules", "foundation", "storage", "stock"})
    key = _text(data, "key", 30)
    if not KEY.fullmatch(key):
        raise DescriptionError(f"key: {key!r} is not 2 to 30 small letters, digits and"
                               " hyphens, starting with a letter")
    foundations = data.get("foundation")
    if not isinstance(foundations, list) or not 1 <= len(foundations) <= MOST_FOUNDATIONS:
        raise DescriptionError(f"foundation: give 1 to {MOST_FOUNDATIONS} [[foundation]]"
                               " tables")
    piles = tuple(_foundation(pile, f"foundation[{index + 1}]")
                  for index, pile in enumerate(foundations))
    storage = _table(data, "storage", {"piles"})
    stock = _table(data, "stock", {"passes", "turn", "waste", "bases"})
    description = Description(
        key=key, name=_text(data, "name", LONGEST_NAME), foundations=piles,
        storage=_whole(storage, "storage.piles", 0, MOST_STORAGE, 0),
        passes=_whole(stock, "stock.passes", 1, MOST_PASSES, 1),
        turn=_whole(stock, "stock.turn", 1, MOST_TURNED, 1),
        waste=_flag(stock, "stock.waste", False),
        bases=_choice(stock, "stock.bases", BASES, BASES[0]),
        rules=_text(data, "rules", LONGEST_TEXT, "") if "rules" in data else "")
    _playable(description)
    return description


def data(description: Description) -> dict[str, Any]:
    """``description`` as a file's tables (``described`` reads them back): plain data,
    which travels to a run's worker processes."""
    tables: dict[str, Any] = {
        "key": description.key, "name": description.name,
        "foundation": [{"base": pile.base, "step": pile.step, "length": pile.length,
                        "dealt": pile.dealt} for pile in description.foundations],
        "storage": {"piles": description.storage},
        "stock": {"passes": description.passes, "turn": description.turn,
                  "waste": description.waste, "bases": description.bases}}
    return tables | ({"rules": description.rules} if description.rules else {})


def _playable(description: Description) -> None:
    """The checks across fields: every card has its place on a foundation, and the
    stock's settings need what they lean on."""
    wanted = Counter(pile.rank(index) for pile in description.foundations
                     for index in range(pile.length))
    if sum(wanted.values()) != description.cards:
        raise DescriptionError(f"foundation: their lengths add to {sum(wanted.values())}, not"
                               f" to the deck's {description.cards} cards")
    short = sorted(rank for rank in range(1, RANKS + 1) if wanted[rank] != SUITS)
    if short:
        rank = short[0]
        raise DescriptionError(f"foundation: they take {wanted[rank]} cards of rank {rank},"
                               f" and a deck has {SUITS}")
    dealt = [pile.base for pile in description.foundations if pile.dealt]
    if description.bases == "one suit" and len(set(dealt)) < len(dealt):
        twice = next(rank for rank in dealt if dealt.count(rank) > 1)
        raise DescriptionError(f"stock.bases: \"one suit\" has one card of rank {twice}, and"
                               " two foundations put one out before the deal")
    if not description.waste and not description.storage:
        raise DescriptionError("storage.piles: with no waste pile (stock.waste = false) the"
                               " turned card needs a storage pile to go to")
    if not description.waste and (description.passes > 1 or description.turn > 1):
        raise DescriptionError("stock.waste: more than one pass, or more than one card a"
                               " turn, needs a waste pile (stock.waste = true)")


def _foundation(data: object, where: str) -> Foundation:
    if not isinstance(data, Mapping):
        raise DescriptionError(f"{where}: a foundation is a table of base, step, length"
                               " and dealt")
    _only(data, where, {"base", "step", "length", "dealt"})
    return Foundation(base=_whole(data, f"{where}.base", 1, RANKS),
                      step=_whole(data, f"{where}.step", 1, RANKS - 1),
                      length=_whole(data, f"{where}.length", 1, RANKS, RANKS),
                      dealt=_flag(data, f"{where}.dealt", False))


def _only(data: Mapping[str, Any], where: str, known: set[str]) -> None:
    unknown = sorted(str(name) for name in data if name not in known)
    if unknown:
        field = f"{where}.{unknown[0]}" if where else unknown[0]
        raise DescriptionError(f"{field[:60]}: not a field of a description (known here:"
                               f" {', '.join(sorted(known))})")


def _table(data: Mapping[str, Any], name: str, known: set[str]) -> Mapping[str, Any]:
    table = data.get(name, {})
    if not isinstance(table, Mapping):
        raise DescriptionError(f"{name}: give it as a [{name}] table")
    _only(table, name, known)
    return table


def _field(data: Mapping[str, Any], field: str) -> object:
    return data.get(field.rsplit(".", 1)[-1])


def _whole(data: Mapping[str, Any], field: str, low: int, high: int,
           default: int | None = None) -> int:
    value = _field(data, field)
    if value is None and default is not None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = "nothing" if value is None else repr(value)[:20]
        raise DescriptionError(f"{field}: {shown} is not a whole number from {low} to {high}")
    return value


def _flag(data: Mapping[str, Any], field: str, default: bool) -> bool:
    value = _field(data, field)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise DescriptionError(f"{field}: {repr(value)[:20]} is not true or false")
    return value


def _choice(data: Mapping[str, Any], field: str, choices: tuple[str, ...], default: str) -> str:
    value = _field(data, field)
    if value is None:
        return default
    if value not in choices:
        raise DescriptionError(f"{field}: {repr(value)[:20]} is not one of"
                               f" {', '.join(map(repr, choices))}")
    return str(value)


def _text(data: Mapping[str, Any], field: str, longest: int, default: str | None = None) -> str:
    value = data.get(field, default)
    if not isinstance(value, str) or not value.strip():
        raise DescriptionError(f"{field}: give it as text in quotes")
    if len(value) > longest:
        raise DescriptionError(f"{field}: longer than {longest} characters")
    if not all(character.isprintable() or character == "\n" for character in value):
        raise DescriptionError(f"{field}: holds characters that cannot be shown")
    return value.strip()
