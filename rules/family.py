"""What the Calculation family's rules modules share (``rules.sequence``, the suite's
Sequence Solitaire, and ``rules.calculation.game``, every described game), and the
names of their moves.

A move is named by the keys that make it on the screen: ``"3"`` (the hand card to
storage pile 3), ``"f"`` (the hand card to the final pile it fits; ``"f2"`` to final
pile 2 when it fits several), ``"s3"`` (storage pile 3's top card to the final pile
it fits; ``"s32"`` to final pile 2), and ``"turn"`` (the stock, in a game with a waste
pile; the screen's key for it is space). One naming serves the players of one's own,
the reviews and the screen's hints, so each says a move the same way.
"""

from __future__ import annotations

import re
from typing import Protocol, TypeVar

from rules.calculation.game import Turn
from rules.cards import Card
from rules.errors import IllegalMove
from rules.sequence import ToFinal, ToStorage
from rules.words import shortened

TURN = "turn"  # a turn of the stock's name


class FamilyState(Protocol):
    """What every game of the family's positions hold (read only)."""

    @property
    def hand(self) -> Card | None: ...

    @property
    def finals(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def storage(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def moves(self) -> int: ...

    @property
    def final_cards(self) -> int: ...


S = TypeVar("S", bound=FamilyState, contravariant=True)
Move = ToFinal | ToStorage | Turn


class FamilyRules(Protocol[S]):
    """What a family's rules module answers of its positions."""

    def fitting_piles(self, state: S, card: Card, /) -> tuple[int, ...]: ...

    def card_at(self, state: S, source: int | None, /) -> Card: ...

    def needs(self, state: S, pile: int, later: int = 0, /) -> int | None: ...

    def card_moved(self, state: S, move: ToFinal | ToStorage, /) -> Card: ...

    def legal_moves(self, state: S, /) -> tuple[Move, ...]: ...


_NAME = re.compile(r"^(?:([0-9])|f([0-9])?|s([0-9])([0-9])?|(turn))$")


def name_parts(rules: FamilyRules[S], state: S, move: Move) -> tuple[str, ...]:
    """The keys that make ``move`` here, one a part ("s", "3", "1"); the final pile is
    named only when the card fits several. A turn is ``TURN``."""
    if isinstance(move, ToStorage):
        return (str(move.pile + 1),)
    if not isinstance(move, ToFinal):
        return (TURN,)
    keys: tuple[str, ...] = ("f",) if move.source is None else ("s", str(move.source + 1))
    if len(rules.fitting_piles(state, rules.card_moved(state, move))) > 1:
        keys += (str(move.pile + 1),)
    return keys


def name_of(rules: FamilyRules[S], state: S, move: Move) -> str:
    """A move's name (``name_parts`` run together): "s31"."""
    return "".join(name_parts(rules, state, move))


def named_moves(rules: FamilyRules[S], state: S) -> dict[str, Move]:
    """The legal moves by name, in the rules' order."""
    return {name_of(rules, state, move): move for move in rules.legal_moves(state)}


def move_named(rules: FamilyRules[S], state: S, name: object, turn: Move | None = None,
               hand: str = "hand card") -> Move:
    """The move ``name`` stands for here (the rules' ``apply`` then says if it is not
    legal); ``IllegalMove`` says why a name stands for none. ``turn``: the game's turn
    of the stock (None: it has none); ``hand``: what the card a move from the hand
    plays is called. A name is read as typed: "S 3" is "s3"."""
    if isinstance(name, int) and not isinstance(name, bool):
        name = str(name)  # a storage pile's number, as its key
    if not isinstance(name, str):
        raise IllegalMove(f"a move is named by a string such as '1', 'f' or 's3' (one of"
                          f" view.moves), not {type(name).__name__} {shortened(name)}")
    text = name.replace(" ", "").lower()
    storage, finals = len(state.storage), len(state.finals)
    found = _NAME.fullmatch(text)  # (match's $ would let a newline after it pass)
    if found is None or not _within(found, storage, finals, turn is not None):
        raise IllegalMove(f"{shortened(name)} names no move; moves are"
                          f" {_names(storage, finals, turn is not None, hand)}")
    to_storage, hand_to, source, source_to, turned = found.groups()
    if turned is not None and turn is not None:
        return turn
    if to_storage is not None:
        return ToStorage(int(to_storage) - 1)
    origin = None if source is None else int(source) - 1
    target = hand_to if source is None else source_to
    if target is not None:
        return ToFinal(origin, int(target) - 1)
    card = rules.card_at(state, origin)
    fitting = rules.fitting_piles(state, card)
    if len(fitting) != 1:
        where = ("no final pile" if not fitting else
                 "final piles " + " and ".join(str(pile + 1) for pile in fitting)
                 + f": say which, {text}{fitting[0] + 1}")
        raise IllegalMove(f"{card.glyph} fits {where}")
    return ToFinal(origin, fitting[0])


def _within(found: re.Match[str], storage: int, finals: int, turns: bool) -> bool:
    """Whether a name's piles are the game's (and a turn a move of it)."""
    to_storage, hand_to, source, source_to, turned = found.groups()
    limits = ((to_storage, storage), (hand_to, finals), (source, storage), (source_to, finals))
    return (turned is None or turns) and all(
        number is None or 1 <= int(number) <= limit for number, limit in limits)


def _names(storage: int, finals: int, turns: bool, hand: str) -> str:
    """The moves a game has, by name: "1-4 (to storage), f or f1-f4 (…), …"."""
    said = [f"{_span('', 1, storage)} (to storage)"] if storage else []
    said.append(f"f or {_span('f', 1, finals)} (the {hand} to a final pile)")
    if storage:
        said.append(f"{_span('s', 1, storage)} or {_span('s', 11, storage * 10 + finals)}"
                    " (a storage pile's top card to a final pile)")
    if turns:
        said.append(f"{TURN} (the stock)")
    return ", ".join(said)


def _span(start: str, low: int, high: int) -> str:
    return f"{start}{low}" if low == high else f"{start}{low}-{start}{high}"
