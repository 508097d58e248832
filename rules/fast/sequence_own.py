"""A Sequence player of one's own, compiled: the view it is given, as a numba class,
and the loop that plays its games.

A player's file that sets ``COMPILED = True`` keeps to the typed subset (docs/players.md,
"Compiled players"): its ``play(view)`` is compiled with numba and given a ``CompiledView``,
which answers what ``rules.own_players.sequence.SequenceView`` answers, by the same names and
with the same values, in numba's types: tuples of numbers where the view has tuples,
arrays where it has tuples of varying length, ``to_come`` an array indexed by rank,
moves by the same names. So the same file plays the same moves either way, which the
tests check on the examples; what numba cannot compile is refused as the file is
compiled, with its line.

A game stops where the player names no legal move: ``play_deals`` reports the deal,
and the runner plays that deal again in plain Python, where the rules say why and the
player's line is known. Each move ticks ``watch`` (deal, move, ticks), which another
process reads to see a move that never ends: compiled code cannot be interrupted, only
its process stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit, types
from numba.experimental import jitclass  # type: ignore[attr-defined]
from numba.extending import intrinsic, overload
from numba.typed import List

from rules import sequence
from rules.cards import DECK_SIZE
from rules.fast import sequence as built_in
from rules.fast.jit import compiled
from rules.fast.sequence import DONE, NEXT_RANK, deal_ranks, taken

PILES = sequence.PILES
SIZE = sequence.PILE_SIZE
HAND = -1  # a move's source when it is the hand card
BAD = -2  # a move's source when the player named no legal move
FIELDS = built_in.FIELDS  # a game's row, as the built-in players' kernel gives it
# Every move's name, built once: _NAMES[source * _ROW + target], the source a storage
# pile or the hand (PILES), the target a final pile, PILES for "the final pile it
# fits" (unsaid), or PILES + 1 + a storage pile.
_ROW = 2 * PILES + 1
_NAMES = tuple(
    (("f" if source == PILES else f"s{source + 1}") + (f"{target + 1}" if target < PILES else "")
     if target <= PILES else f"{target - PILES}")
    for source in range(PILES + 1) for target in range(_ROW))

_SPEC = [
    ("_deck", types.int64[:]),  # the deal's ranks, the first hand card first
    ("_dealt", types.int64),  # the hand card's place in the deck (len(deck): none)
    ("_cards", types.int64[:, :]),  # storage: column 0 empty, the bottom card in 1
    ("_heights", types.int64[:]),
    # storage as the view shows it (made as a move changes it: players ask it often)
    ("_piles", types.UniTuple(types.int64[:], PILES)),  # type: ignore[no-untyped-call]
    ("_placed", types.int64[:]),  # cards on each final pile
    ("_left", types.int64[:]),  # to_come: by rank, the hand card not counted
    ("_clairvoyant", types.boolean),
    ("_soon", types.int64[:]),  # soonest, by rank (SIZE: never), as of move _soon_at
    ("_soon_at", types.int64),
    ("deal", types.int64),
    ("moves_made", types.int64),
]


@compiled
def _rank_needed(index: int, cards: int) -> int:
    """``sequence.rank_needed`` of final pile ``index`` (from 0), DONE for None: the
    built-in kernel's table where it reaches (the moves' names ask it of every pile and
    source), the rule itself before a pile's start (``needs(pile, -2)``)."""
    if 0 <= cards <= SIZE:
        return int(NEXT_RANK[index, cards])
    if cards > SIZE:
        return DONE
    return ((cards + 1) * (index + 1) - 1) % 13 + 1


@jitclass(_SPEC)
class CompiledView:
    """The view a compiled player is given (``SequenceView``'s names and values)."""

    def __init__(self, clairvoyant: bool) -> None:
        self._deck = np.zeros(DECK_SIZE, np.int64)
        self._dealt = 0
        self._cards = np.zeros((PILES, DECK_SIZE + 1), np.int64)
        self._heights = np.zeros(PILES, np.int64)
        self._piles = (self._cards[0, 1:1], self._cards[1, 1:1], self._cards[2, 1:1],
                       self._cards[3, 1:1])
        self._placed = np.zeros(PILES, np.int64)
        self._left = np.zeros(SIZE + 1, np.int64)
        self._clairvoyant = clairvoyant
        self._soon = np.zeros(SIZE + 1, np.int64)
        self._soon_at = -1
        self.deal = 0
        self.moves_made = 0

    @property
    def hand(self) -> int | None:
        if self._dealt >= len(self._deck):
            return None
        return int(self._deck[self._dealt])

    @property
    def finals(self) -> tuple[int, int, int, int]:
        return (self._placed[0], self._placed[1], self._placed[2], self._placed[3])

    @property
    def storage(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return self._piles  # made as a move changes storage: players ask it often

    @property
    def to_come(self) -> np.ndarray:
        return self._left

    @property
    def deck(self) -> np.ndarray | None:
        if not self._clairvoyant:
            return None
        return self._deck[self._dealt + 1:]

    @property
    def cards_left(self) -> int:
        return max(len(self._deck) - self._dealt - 1, 0)

    @property
    def moves(self) -> Any:
        return _names(self._deck, self._dealt, self._cards, self._heights, self._placed,
                      False)

    def playable(self) -> Any:
        return _names(self._deck, self._dealt, self._cards, self._heights, self._placed,
                      True)

    def needs(self, pile: int, later: int = 0) -> int | None:
        index = _index(pile)
        rank = _rank_needed(index, self._placed[index] + later)
        if rank == DONE:
            return None
        return rank

    def fits(self, rank: int | None) -> Any:
        found = List.empty_list(types.int64)  # typed: none may be found
        if rank is not None and 1 <= rank <= SIZE:  # (a complete pile "takes" DONE)
            for index in range(PILES):
                if _rank_needed(index, self._placed[index]) == rank:
                    found.append(index + 1)
        return found

    def wait(self, rank: int, pile: int) -> int | None:
        index = _index(pile)
        for later in range(SIZE - self._placed[index]):
            if _rank_needed(index, self._placed[index] + later) == rank:
                return later
        return None

    def soonest(self, rank: int) -> int | None:
        if self._soon_at != self.moves_made:  # worked out for every rank once a move:
            self._soon[:] = SIZE  # players ask it of each card they see
            for index in range(PILES):
                for later in range(SIZE - self._placed[index] - 1, -1, -1):
                    needed = _rank_needed(index, self._placed[index] + later)
                    self._soon[needed] = min(self._soon[needed], later)
            self._soon_at = self.moves_made
        if rank is None:
            return None
        known: int = _present(rank)  # type: ignore[call-arg]
        if known < 1 or known > SIZE or self._soon[known] == SIZE:
            return None
        return int(self._soon[known])

    def top(self, pile: int) -> int | None:
        index = _index(pile)
        if self._heights[index] == 0:
            return None
        return int(self._cards[index, self._heights[index]])

    def below(self, pile: int) -> np.ndarray:
        index = _index(pile)
        return self._cards[index, 1:max(self._heights[index], 1)][::-1]


@compiled
def _index(pile: int) -> int:
    if pile < 1 or pile > PILES:
        raise IndexError("there is no such pile: they are numbered 1 to 4")
    return pile - 1


# What follows works on the table's arrays, not on the table: a function of a numba
# class cannot be kept in numba's cache, and these are most of the loop's compile
# (seconds in each process that plays a compiled player); kept, they load at once.
# The table's own parts (``_start``, ``_is_over``, ``_apply``) only hand them on.


@compiled
def _fitting(placed: np.ndarray, rank: int) -> int:
    """How many final piles take ``rank`` now."""
    count = 0
    for index in range(PILES):
        count += _rank_needed(index, placed[index]) == rank
    return count


@compiled
def _names(deck: np.ndarray, dealt: int, cards: np.ndarray, heights: np.ndarray,
           placed: np.ndarray, playable: bool) -> Any:
    """The legal moves' names in the rules' order (``legal_moves``): storage tops to
    final piles, the hand card to final piles, then to storage."""
    found = []
    for source in range(PILES + 1):
        if source < PILES:
            if heights[source] == 0:
                continue
            rank = cards[source, heights[source]]
        else:
            if dealt >= len(deck):
                break
            rank = deck[dealt]
        several = _fitting(placed, rank) > 1
        for index in range(PILES):
            if _rank_needed(index, placed[index]) == rank:
                found.append(_NAMES[source * _ROW + (index if several else PILES)])
    if not playable and dealt < len(deck):
        for index in range(PILES):
            found.append(_NAMES[PILES * _ROW + PILES + 1 + index])
    return found


@compiled
def _pile(code: int) -> int:
    """The pile a character's code names, 1..4; 0 for none (past the name's end);
    -1 for anything else."""
    if code == 0:
        return 0
    return code - 48 if 49 <= code <= 48 + PILES else -1


@compiled
def _parsed(deck: np.ndarray, dealt: int, cards: np.ndarray, heights: np.ndarray,
            placed: np.ndarray, name: str) -> tuple[int, int]:
    """The (source, target) a name stands for here, as ``move_named`` reads it (spaces
    and case aside): target a final pile from 0, or PILES + a storage pile; (BAD, 0)
    for no legal move. Read code by code: a move's name is at most three."""
    codes = np.zeros(4, np.int64)
    used = 0
    for letter in name:
        code = ord(letter)
        if code == 32:
            continue
        if used == 3:
            return BAD, 0
        codes[used] = code + 32 if 65 <= code <= 90 else code  # lower case
        used += 1
    first = codes[0]
    if first == 102 or first == 115:  # "f", "s"
        source, at = HAND, 1
        if first == 115:
            source, at = _pile(codes[1]) - 1, 2
            if source < 0:
                return BAD, 0
        target = _pile(codes[at])
        if target < 0 or (at == 1 and codes[2] != 0):
            return BAD, 0
        return _to_final(deck, dealt, cards, heights, placed, source, target - 1)
    pile = _pile(first)
    if pile <= 0 or used > 1 or dealt >= len(deck):
        return BAD, 0
    return HAND, PILES + pile - 1


@compiled
def _numbered(deck: np.ndarray, dealt: int, cards: np.ndarray, heights: np.ndarray,
              placed: np.ndarray, number: int) -> tuple[int, int]:
    """``_parsed`` of a number a player returned (a storage pile's)."""
    return _parsed(deck, dealt, cards, heights, placed, str(number))


@compiled
def _to_final(deck: np.ndarray, dealt: int, cards: np.ndarray, heights: np.ndarray,
              placed: np.ndarray, source: int, target: int) -> tuple[int, int]:
    """A card to a final pile: ``target`` -1 for the one it fits, if only one."""
    if source == HAND:
        if dealt >= len(deck):
            return BAD, 0
        rank = deck[dealt]
    else:
        if heights[source] == 0:
            return BAD, 0
        rank = cards[source, heights[source]]
    if target < 0:
        if _fitting(placed, rank) != 1:
            return BAD, 0
        for index in range(PILES):
            if _rank_needed(index, placed[index]) == rank:
                target = index
    elif _rank_needed(target, placed[target]) != rank:
        return BAD, 0
    return source, target


@compiled
def _over(deck: np.ndarray, dealt: int, cards: np.ndarray, heights: np.ndarray,
          placed: np.ndarray) -> bool:
    if dealt < len(deck):
        return False
    for source in range(PILES):
        if heights[source] and _fitting(placed, cards[source, heights[source]]):
            return False
    return True


@compiled
def _moved(deck: np.ndarray, dealt: int, cards: np.ndarray, heights: np.ndarray,
           placed: np.ndarray, left: np.ndarray, source: int, target: int) -> int:
    """The move (source, target) made on the arrays; the hand card's place after it."""
    rank, dealt = taken(deck, dealt, cards, heights, source)
    if source == HAND and dealt < len(deck):
        left[deck[dealt]] -= 1
    if target >= PILES:
        heights[target - PILES] += 1
        cards[target - PILES, heights[target - PILES]] = rank
    else:
        placed[target] += 1
    return dealt


@compiled
def _dealt_out(deal: int, ranks: np.ndarray, deck: np.ndarray, heights: np.ndarray,
               placed: np.ndarray, left: np.ndarray) -> None:
    """Deal number ``deal`` on the arrays: nothing yet played."""
    deal_ranks(np.uint64(deal), ranks)
    deck[:] = ranks
    heights[:] = 0
    placed[:] = 0
    left[:] = 0
    for rank in deck[1:]:
        left[rank] += 1


def _move_of(table: Any, name: Any) -> tuple[int, int]:
    """(source, target) for what ``play`` returned: a name, a storage pile's number or
    None (compiled per the type the player returns)."""
    raise NotImplementedError("compiled only")


@intrinsic
def _present(typing: Any, value: Any) -> Any:
    """A value that may be None, once it is known not to be, as its own type (numba
    does not narrow it after ``is None``); any other value as it is."""
    if not isinstance(value, types.Optional):  # never None: itself
        return value(value), lambda context, builder, signature, args: args[0]

    def cast(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return context.cast(builder, args[0], value, value.type)
    return value.type(value), cast


@overload(_move_of)
def _move_of_typed(table: Any, name: Any) -> Callable[[Any, Any], tuple[int, int]]:
    # The implementations' parameters must read as the stub's, annotations and all.
    if isinstance(name, types.Optional):
        def maybe(table: Any, name: Any) -> tuple[int, int]:
            if name is None:
                return BAD, 0
            return _move_of(table, _present(name))  # type: ignore[call-arg]
        return maybe
    if isinstance(name, types.UnicodeType):
        def named(table: Any, name: Any) -> tuple[int, int]:
            return _parsed(table._deck, table._dealt, table._cards, table._heights,
                           table._placed, name)
        return named
    if isinstance(name, types.Integer) and not isinstance(name, types.Boolean):
        def numbered(table: Any, name: Any) -> tuple[int, int]:
            return _numbered(table._deck, table._dealt, table._cards, table._heights,
                             table._placed, name)
        return numbered

    def nothing(table: Any, name: Any) -> tuple[int, int]:
        return BAD, 0
    return nothing


@njit(nogil=True)
def _start(table: Any, deal: int, ranks: np.ndarray) -> None:
    _dealt_out(deal, ranks, table._deck, table._heights, table._placed, table._left)
    table._dealt = 0
    table.deal = deal
    table.moves_made = 0
    table._soon_at = -1
    stacked(table)


@njit(nogil=True)
def stacked(table: Any) -> None:
    """The storage piles as the view shows them, after a change."""
    cards, heights = table._cards, table._heights
    table._piles = (cards[0, 1:heights[0] + 1], cards[1, 1:heights[1] + 1],
                    cards[2, 1:heights[2] + 1], cards[3, 1:heights[3] + 1])


@njit(nogil=True)
def _is_over(table: Any) -> bool:
    return _over(table._deck, table._dealt, table._cards, table._heights, table._placed)


@njit(nogil=True)
def _apply(table: Any, source: int, target: int) -> None:
    table._dealt = _moved(table._deck, table._dealt, table._cards, table._heights,
                          table._placed, table._left, source, target)
    if source != HAND or target >= PILES:
        stacked(table)
    table.moves_made += 1


@njit(nogil=True, inline="always")
def play_deals(play: Any, start: int, count: int, clairvoyant: bool, out: np.ndarray,
               watch: np.ndarray) -> int:
    """Deals start..start+count-1 by ``play`` into out[game] (``FIELDS``); returns
    how many were played before one where the player named no legal move (``count``
    when none did). ``watch`` gets the deal, the move (from 1) and a tick a move.

    Inlined where it is called: a loop of the player's own calls it with its ``play``
    (``solitaire_tui.own_players.kept_loop``), and so calls ``play`` by name, which
    numba can keep in its cache; given ``play`` as a value it could not."""
    table = CompiledView(clairvoyant)
    ranks = np.empty(DECK_SIZE, np.int8)
    for game in range(count):
        deal = start + game
        _start(table, deal, ranks)
        watch[0] = deal
        while not _is_over(table):
            watch[1] = table.moves_made + 1
            watch[2] += 1
            source, target = _move_of(table, play(table))
            if source == BAD:
                return game
            _apply(table, source, target)
        final_cards = table._placed.sum()
        out[game, 0] = final_cards == PILES * SIZE
        out[game, 1] = final_cards
        out[game, 2] = table.moves_made
    return count
