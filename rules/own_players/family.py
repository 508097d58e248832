"""What a player of one's own sees of a game of the Calculation family: one view for
Sequence Solitaire (``rules.own_players.sequence``) and every described game
(``rules.own_players.calculation``), which differ only in where the cards still to come lie.

Piles are numbered from 1, as on the screen; cards are ranks, 1 (ace) to 13 (king):
suits play no part. Moves are named by the keys that make them (``rules.family``).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any, Generic, TypeVar

from rules.cards import RANKS, Card
from rules.errors import IllegalMove
from rules.family import FamilyRules, FamilyState, Move, move_named, named_moves

S = TypeVar("S", bound=FamilyState)


class FamilyView(ABC, Generic[S]):
    """The table as your player sees it before a move. Work out only what you ask:
    each answer is computed the first time it is asked for."""

    def __init__(self, rules: FamilyRules[S], state: S, deal: int,
                 clairvoyant: bool = False) -> None:
        self._rules = rules
        self._state = state
        self.deal = deal  # the deal's number
        self._clairvoyant = clairvoyant

    @abstractmethod
    def _coming(self) -> tuple[Card, ...]:
        """The cards still to come to the hand, the next first (the hand card not
        counted)."""

    # --- what is on the table ----------------------------------------------------

    @cached_property
    def hand(self) -> int | None:
        """The hand card's rank (with a waste pile, its top card's); None when there
        is none."""
        card = self._state.hand
        return None if card is None else card.rank

    @cached_property
    def finals(self) -> tuple[int, ...]:
        """How many cards each final pile holds, pile 1 first."""
        return tuple(len(pile) for pile in self._state.finals)

    @cached_property
    def storage(self) -> tuple[tuple[int, ...], ...]:
        """Each storage pile's ranks, pile 1 first, its bottom card first and its
        top card (the one that moves) last."""
        return tuple(tuple(card.rank for card in pile) for pile in self._state.storage)

    @cached_property
    def to_come(self) -> tuple[int, ...]:
        """How many of each rank are still to come (not counting the hand card),
        indexed by rank (``to_come[7]``; ``to_come[0]`` is 0): what a player who counts
        cards knows. A tuple as the compiled view's is an array, so that the same file
        iterates, sums and indexes it alike either way (a dict iterated gave ranks
        where the array gave counts)."""
        left = Counter(card.rank for card in self._coming())
        return tuple(left[rank] for rank in range(RANKS.stop))

    @cached_property
    def deck(self) -> tuple[int, ...] | None:
        """The cards to come in order, the next hand card first: only for a
        clairvoyant player (``CLAIRVOYANT = True``), None for the others."""
        if not self._clairvoyant:
            return None
        return tuple(card.rank for card in self._coming())

    @property
    def cards_left(self) -> int:
        """Cards still to come, the hand card not counted."""
        return len(self._coming())

    @property
    def moves_made(self) -> int:
        return self._state.moves

    @cached_property
    def moves(self) -> tuple[str, ...]:
        """Every legal move here, by name: plays to a final pile first."""
        return tuple(self._named)

    @cached_property
    def _named(self) -> dict[str, Move]:
        """The legal moves by name, in the rules' order."""
        return named_moves(self._rules, self._state)

    @cached_property
    def random(self) -> random.Random:
        """Random numbers seeded by the deal: a player that draws them plays each deal
        the same way every time, on any number of workers."""
        return random.Random(self.deal)

    # --- the questions a player asks ---------------------------------------------

    def needs(self, pile: int, later: int = 0) -> int | None:
        """The rank final pile ``pile`` takes next, or ``later`` cards from now (what
        pile 3 needs in two steps: ``needs(3, 2)``); None once it is complete."""
        return self._rules.needs(self._state, self._final(pile), later)

    def fits(self, rank: int | None) -> tuple[int, ...]:
        """The final piles a card of ``rank`` goes on now (none for no card)."""
        return tuple(pile for pile in range(1, len(self.finals) + 1)
                     if rank is not None and self.needs(pile) == rank)

    @cached_property
    def _waits(self) -> tuple[dict[int, int], ...]:
        """For each final pile, how many cards it takes before each rank it still
        needs: worked out once a view, as players ask it of every card they see."""
        waits: list[dict[int, int]] = []
        for pile in range(len(self.finals)):
            ahead: dict[int, int] = {}
            later = 0
            while (rank := self._rules.needs(self._state, pile, later)) is not None:
                ahead.setdefault(rank, later)
                later += 1
            waits.append(ahead)
        return tuple(waits)

    @cached_property
    def _soonest(self) -> dict[int, int]:
        found: dict[int, int] = {}
        for ahead in self._waits:
            for rank, later in ahead.items():
                found[rank] = min(later, found.get(rank, later))
        return found

    def wait(self, rank: int, pile: int) -> int | None:
        """How many cards final pile ``pile`` must take before it takes ``rank`` (0: it
        takes it now); None if it never will."""
        return self._waits[self._final(pile)].get(rank)

    def soonest(self, rank: int) -> int | None:
        """The fewest cards any final pile must take before a card of ``rank`` fits
        it (0: it fits now); None when no final pile will take it again."""
        return self._soonest.get(rank)

    def top(self, pile: int) -> int | None:
        """Storage pile ``pile``'s top card, the one that moves (None: it is empty)."""
        cards = self.storage[self._stored(pile)]
        return cards[-1] if cards else None

    def below(self, pile: int) -> tuple[int, ...]:
        """The cards under storage pile ``pile``'s top card, the nearest first: each
        waits for the cards above it to go."""
        return self.storage[self._stored(pile)][-2::-1]

    def playable(self) -> tuple[str, ...]:
        """The moves that play a card to a final pile."""
        return tuple(move for move in self.moves if move[0] in "fs")

    def _final(self, pile: int) -> int:
        return _index(pile, len(self.finals), "final pile")

    def _stored(self, pile: int) -> int:
        return _index(pile, len(self.storage), "storage pile")


def _index(pile: int, piles: int, kind: str) -> int:
    if not isinstance(pile, int) or not 1 <= pile <= piles:
        there = f"they are numbered 1 to {piles}" if piles else "this game has none"
        raise IllegalMove(f"there is no {kind} {pile!r}: {there}")
    return pile - 1


def chosen(rules: FamilyRules[S], state: S, name: object, view: FamilyView[S] | None,
           turn: Move | None = None, hand: str = "hand card") -> Move:
    """The move ``name`` stands for (``rules.family.move_named``): a view of ``state``
    knows its moves by name at once."""
    known = view._named.get(name) if view is not None and isinstance(name, str) else None
    return known if known is not None else move_named(rules, state, name, turn, hand)


# What the family's runs keep of a game, as the compiled players' kernels do.
FIELDS = ("won", "final_cards", "moves")  # a game's row
SCORES = ("final_cards",)  # the fields a run histograms
DEAL = "deal"  # what a numbered game is called


def no_others(deal: int, options: Any, own: str) -> Callable[[Any], None]:
    """A solitaire has no other seats: every move is the player's."""
    return lambda state: None


def fields(options: Mapping[str, Any]) -> tuple[str, ...]:
    return FIELDS


def rows(is_won: Callable[[S], bool]) -> Callable[..., tuple[int, ...]]:
    """A game's ``row``: a finished game's numbers, as ``FIELDS`` names them."""
    def row(state: S, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        return (int(is_won(state)), state.final_cards, state.moves)

    return row
