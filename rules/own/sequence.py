"""What your own Sequence Solitaire player sees, and how it names its moves.

Your player is a Python file with a function ``play(view)`` that returns a move.
``view`` is a ``SequenceView``: the table as a player sees it, read-only, and the
questions a player asks of it, answered ("does the hand card fit a final pile?",
"what does pile 3 take two cards from now?", "what is under the top of storage
pile 2?"). Piles are numbered 1 to 4, as on the screen; cards are ranks, 1 (ace) to
13 (king): suits play no part in the game.

A move is named by the keys that make it on the screen:

- ``"1"`` … ``"4"``: the hand card onto that storage pile;
- ``"f"``: the hand card onto the final pile it fits (``"f2"``: onto final pile 2,
  needed only when it fits several);
- ``"s3"``: storage pile 3's top card onto the final pile it fits (``"s32"``: onto
  final pile 2).

A player sees what is still to come, never in what order: ``to_come``. A file that
sets ``CLAIRVOYANT = True`` also sees the deck in order (``deck``), as the solver
does, and is listed apart from the fair players. A file that sets ``COMPILED = True``
keeps to the typed subset and is compiled with numba, given the same view as a
numba class (``rules.fast.sequence_own.Table``).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

from rules import sequence
from rules.cards import deal_cards
from rules.errors import IllegalMove
from rules.sequence import PILE_SIZE, PILES, Move, State, ToFinal, ToStorage
from rules.words import shortened

NUMBERS = tuple(range(1, PILES + 1))  # the piles, as the screen numbers them
FIELDS = ("won", "final_cards", "moves")  # a game's row, as the compiled players' kernels
SCORES = ("final_cards",)  # the fields a run histograms
DEAL = "deal"  # what a numbered game is called
COMPILED_BY = "rules.fast.sequence_own"  # a player that sets COMPILED = True: its Table
_NAME = re.compile(r"^(?:([1-4])|f([1-4])?|s([1-4])([1-4])?)$")


class SequenceView:
    """The table as your player sees it before a move. Work out only what you ask:
    each answer is computed the first time it is asked for."""

    def __init__(self, state: State, deal: int, clairvoyant: bool = False) -> None:
        self._state = state
        self.deal = deal  # the deal's number
        self._clairvoyant = clairvoyant

    # --- what is on the table ----------------------------------------------------

    @cached_property
    def hand(self) -> int | None:
        """The hand card's rank; None once the deck is used up."""
        card = self._state.hand
        return None if card is None else card.rank

    @cached_property
    def finals(self) -> tuple[int, ...]:
        """How many cards each final pile holds (0 to 13), pile 1 first."""
        return tuple(len(pile) for pile in self._state.finals)

    @cached_property
    def storage(self) -> tuple[tuple[int, ...], ...]:
        """Each storage pile's ranks, pile 1 first, its bottom card first and its
        top card (the one that moves) last."""
        return tuple(tuple(card.rank for card in pile) for pile in self._state.storage)

    @cached_property
    def to_come(self) -> tuple[int, ...]:
        """How many of each rank are still in the deck (not counting the hand card),
        indexed by rank (``to_come[7]``; ``to_come[0]`` is 0): what a player who counts
        cards knows. A tuple as the compiled view's is an array, so that the same file
        iterates, sums and indexes it alike either way (a dict iterated gave ranks
        where the array gave counts)."""
        left = Counter(card.rank for card in self._state.deck)
        return tuple(left[rank] for rank in range(PILE_SIZE + 1))

    @cached_property
    def deck(self) -> tuple[int, ...] | None:
        """The deck in order, the next hand card first: only for a clairvoyant
        player (``CLAIRVOYANT = True``), None for the others."""
        if not self._clairvoyant:
            return None
        return tuple(card.rank for card in self._state.deck)

    @property
    def cards_left(self) -> int:
        """Cards still to be turned, the hand card not counted."""
        return len(self._state.deck)

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
        wanted = [sequence.rank_needed(index, cards) for index, cards in enumerate(self.finals)]
        return {_name(move, wanted, self._state): move
                for move in sequence.legal_moves(self._state)}

    @cached_property
    def random(self) -> random.Random:
        """Random numbers seeded by the deal: a player that draws them plays each deal
        the same way every time, on any number of workers."""
        return random.Random(self.deal)

    # --- the questions a player asks ---------------------------------------------

    def needs(self, pile: int, later: int = 0) -> int | None:
        """The rank final pile ``pile`` takes next, or ``later`` cards from now (what
        pile 3 needs in two steps: ``needs(3, 2)``); None once it is complete."""
        return sequence.rank_needed(_index(pile), self.finals[_index(pile)] + later)

    def fits(self, rank: int | None) -> tuple[int, ...]:
        """The final piles a card of ``rank`` goes on now (none for no card)."""
        return tuple(pile for pile in NUMBERS if rank is not None and self.needs(pile) == rank)

    @cached_property
    def _waits(self) -> tuple[dict[int, int], ...]:
        """For each final pile, how many cards it takes before each rank it still
        needs: worked out once a view, as players ask it of every card they see."""
        waits: list[dict[int, int]] = []
        for index, cards in enumerate(self.finals):
            ahead: dict[int, int] = {}
            for later in range(PILE_SIZE - cards):
                rank = sequence.rank_needed(index, cards + later)
                if rank is not None:
                    ahead.setdefault(rank, later)
            waits.append(ahead)
        return tuple(waits)

    @cached_property
    def _soonest(self) -> dict[int, int]:
        found: dict[int, int] = {}
        for ahead in self._waits:
            for rank, later in ahead.items():
                if later < found.get(rank, PILE_SIZE):
                    found[rank] = later
        return found

    def wait(self, rank: int, pile: int) -> int | None:
        """How many cards final pile ``pile`` must take before it takes ``rank`` (0: it
        takes it now); None if it never will."""
        return self._waits[_index(pile)].get(rank)

    def soonest(self, rank: int) -> int | None:
        """The fewest cards any final pile must take before a card of ``rank`` fits
        it (0: it fits now); None when no final pile will take it again."""
        return self._soonest.get(rank)

    def top(self, pile: int) -> int | None:
        """Storage pile ``pile``'s top card, the one that moves (None: it is empty)."""
        cards = self.storage[_index(pile)]
        return cards[-1] if cards else None

    def below(self, pile: int) -> tuple[int, ...]:
        """The cards under storage pile ``pile``'s top card, the nearest first: each
        waits for the cards above it to go."""
        return self.storage[_index(pile)][-2::-1]

    def playable(self) -> tuple[str, ...]:
        """The moves that play a card to a final pile."""
        return tuple(move for move in self.moves if move[0] in "fs")


def _index(pile: int) -> int:
    if pile not in NUMBERS:
        raise IllegalMove(f"there is no pile {pile}: they are numbered 1 to {PILES}")
    return pile - 1


def name_of(state: State, move: Move) -> str:
    """A move's name, as the screen's keys make it: the final pile only when the card
    fits several."""
    return _name(move, [sequence.needs(state, pile) for pile in range(PILES)], state)


def _name(move: Move, wanted: list[int | None], state: State) -> str:
    if isinstance(move, ToStorage):
        return str(move.pile + 1)
    start = "f" if move.source is None else f"s{move.source + 1}"
    several = wanted.count(sequence.card_moved(state, move).rank) > 1
    return start + (str(move.pile + 1) if several else "")


def move_named(state: State, name: object, view: SequenceView | None = None) -> Move:
    """The move ``name`` stands for here (``apply`` then says if it is not legal);
    ``IllegalMove`` says why a name stands for none. A view of ``state``
    knows its moves by name at once (a name typed otherwise, "S 3", is read)."""
    known = view._named.get(name) if view is not None and isinstance(name, str) else None
    if known is not None:
        return known
    if isinstance(name, int) and not isinstance(name, bool):
        name = str(name)  # a storage pile's number, as its key
    if not isinstance(name, str):
        raise IllegalMove(f"a move is named by a string such as '1', 'f' or 's3' (one of"
                          f" view.moves), not {type(name).__name__} {shortened(name)}")
    text = name.replace(" ", "").lower()
    found = _NAME.fullmatch(text)  # (match's $ would let a newline after it pass)
    if found is None:
        raise IllegalMove(f"{name!r} names no move; moves are 1-4 (to storage), f or f1-f4"
                          " (the hand card to a final pile), s1-s4 or s11-s44 (a storage"
                          " pile's top card to a final pile)")
    storage, hand_to, source, source_to = found.groups()
    if storage is not None:
        return ToStorage(int(storage) - 1)
    origin = None if source is None else int(source) - 1
    target = hand_to if source is None else source_to
    card = sequence.card_at(state, origin)
    if target is None:
        fitting = sequence.fitting_piles(state, card)
        if len(fitting) != 1:
            where = ("no final pile" if not fitting else
                     "final piles " + " and ".join(str(pile + 1) for pile in fitting)
                     + f": say which, {text}{fitting[0] + 1}")
            raise IllegalMove(f"{card.glyph} fits {where}")
        target_pile = fitting[0]
    else:
        target_pile = int(target) - 1
    return ToFinal(origin, target_pile)


def start(deal: int, options: Mapping[str, Any] | None = None) -> State:
    """Deal ``deal``'s first position."""
    return sequence.new_game(sequence.Options(), deal_cards(deal))


def others(deal: int, options: Mapping[str, Any], own: str) -> Callable[[State], None]:
    """A solitaire has no other seats: every move is the player's."""
    return lambda state: None


def row(state: State, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
    """A finished game's row, as ``FIELDS`` names its numbers."""
    return (int(sequence.is_won(state)), state.final_cards, state.moves)


def fields(options: Mapping[str, Any]) -> tuple[str, ...]:
    return FIELDS


def view(state: State, deal: int, clairvoyant: bool) -> SequenceView:
    return SequenceView(state, deal, clairvoyant)


apply = sequence.apply
is_over = sequence.is_over
