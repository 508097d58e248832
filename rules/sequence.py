"""Sequence Solitaire (McCarthy, 1973): Calculation with all 52 cards dealt.

Final pile k (1..4) is built k, 2k, 3k, … modulo 13, with 13 for 0, so it ends on
a king. Four storage piles take the hand card on top, and only their top card moves,
and only to a final pile. The hand card must go to a final pile or a storage pile;
the next one is then turned up at once. Suits play no part.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import Card
from rules.errors import DeckError, IllegalMove

PILES = 4
PILE_SIZE = 13


@dataclass(frozen=True)
class Options:
    """The game has no options; the value keeps the games' shape uniform."""


@dataclass(frozen=True, order=True)
class ToFinal:
    """Play the hand card (``source`` None) or storage pile ``source``'s top card to
    final pile ``pile``. Piles are numbered from 0 here, from 1 on screen."""

    source: int | None
    pile: int

    def __str__(self) -> str:
        origin = "hand" if self.source is None else f"S{self.source + 1}"
        return f"{origin}→F{self.pile + 1}"


@dataclass(frozen=True, order=True)
class ToStorage:
    """Put the hand card on storage pile ``pile``."""

    pile: int

    def __str__(self) -> str:
        return f"hand→S{self.pile + 1}"


Move = ToFinal | ToStorage


@dataclass(frozen=True)
class State:
    options: Options
    finals: tuple[tuple[Card, ...], ...]  # per final pile, bottom first
    storage: tuple[tuple[Card, ...], ...]  # per storage pile, bottom first
    hand: Card | None  # None only when the deck is used up
    deck: tuple[Card, ...]  # the next hand card first
    moves: int = 0

    @property
    def final_cards(self) -> int:
        return sum(len(pile) for pile in self.finals)


@dataclass(frozen=True)
class Result:
    won: bool
    final_cards: int
    moves: int


def step(pile: int) -> int:
    """How far apart the ranks on final pile ``pile`` (from 0) are."""
    return pile + 1


def rank_needed(pile: int, cards_on_pile: int) -> int | None:
    """The rank final pile ``pile`` takes next, or None once it is complete."""
    if cards_on_pile >= PILE_SIZE:
        return None
    return ((cards_on_pile + 1) * step(pile) - 1) % 13 + 1


def needs(state: State, pile: int, later: int = 0) -> int | None:
    """The rank final pile ``pile`` takes next, or ``later`` cards from now; None once
    it is complete."""
    return rank_needed(pile, len(state.finals[pile]) + later)


def new_game(options: Options, deck: tuple[Card, ...]) -> State:
    if not deck:
        raise DeckError("Sequence Solitaire needs at least one card")
    empty: tuple[tuple[Card, ...], ...] = ((),) * PILES
    return State(options, finals=empty, storage=empty, hand=deck[0], deck=tuple(deck[1:]))


def _wanted(state: State) -> tuple[int | None, ...]:
    """What each final pile takes next, worked out once for a whole list of moves."""
    return tuple(rank_needed(pile, len(cards)) for pile, cards in enumerate(state.finals))


def _fitting(wanted: tuple[int | None, ...], card: Card) -> tuple[int, ...]:
    return tuple(pile for pile, rank in enumerate(wanted) if rank == card.rank)


def fitting_piles(state: State, card: Card) -> tuple[int, ...]:
    """The final piles ``card`` may go on; several is the player's choice."""
    return _fitting(_wanted(state), card)


# Every move there can be, made once: moves are immutable values, so each list of
# them shares them (players of one's own ask for the list at every move).
_TO_FINAL = {(source, target): ToFinal(source, target)
             for source in (None, *range(PILES)) for target in range(PILES)}
_TO_STORAGE = tuple(ToStorage(target) for target in range(PILES))


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, plays to final piles first, in a fixed order that seeded
    players (and the compiled kernels) rely on."""
    wanted = _wanted(state)
    moves: list[Move] = []
    for source, pile in enumerate(state.storage):
        if pile:
            rank = pile[-1].rank
            moves += [_TO_FINAL[source, target] for target in range(PILES)
                      if wanted[target] == rank]
    if state.hand is not None:
        rank = state.hand.rank
        moves += [_TO_FINAL[None, target] for target in range(PILES) if wanted[target] == rank]
        moves += _TO_STORAGE
    return tuple(moves)


def is_won(state: State) -> bool:
    return state.final_cards == PILES * PILE_SIZE


def is_over(state: State) -> bool:
    """No legal move is left: decided without listing the moves, as players ask after
    every move."""
    if state.hand is not None:
        return False  # the hand card can always go to storage
    wanted = _wanted(state)
    return not any(pile and pile[-1].rank in wanted for pile in state.storage)


def _is_legal(state: State, move: Move) -> bool:
    """Whether ``move`` is in ``legal_moves(state)``, without listing them all."""
    if isinstance(move, ToStorage):
        return state.hand is not None and move.pile in range(PILES)
    if not isinstance(move, ToFinal) or move.pile not in range(PILES):
        return False
    if move.source is None:
        card = state.hand
    elif move.source in range(PILES) and state.storage[move.source]:
        card = state.storage[move.source][-1]
    else:
        return False
    return card is not None and needs(state, move.pile) == card.rank


def card_at(state: State, source: int | None) -> Card:
    """The card a move from ``source`` would move: the hand card (None) or storage
    pile ``source``'s top card; when there is none, ``IllegalMove`` says why."""
    if source is None:
        if state.hand is None:
            raise IllegalMove("there is no hand card: the deck is used up")
        return state.hand
    if not 0 <= source < PILES:
        raise IllegalMove(f"there is no storage pile {source + 1}: they are numbered 1..{PILES}")
    if not state.storage[source]:
        raise IllegalMove(f"storage pile {source + 1} is empty")
    return state.storage[source][-1]


def source_of(move: Move) -> int | None:
    """Where the card ``move`` plays comes from: a storage pile, or the hand (None)."""
    return move.source if isinstance(move, ToFinal) else None


def card_moved(state: State, move: Move) -> Card:
    """The card ``move`` plays here (``IllegalMove`` when there is none)."""
    return card_at(state, source_of(move))


def _why_illegal(state: State, move: Move) -> str:
    if is_over(state):
        return "the game is over: start a new deal or replay this one"
    kind = "storage" if isinstance(move, ToStorage) else "final"
    if not 0 <= move.pile < PILES:
        return f"there is no {kind} pile {move.pile + 1}: they are numbered 1..{PILES}"
    try:
        card = card_moved(state, move)
    except IllegalMove as error:
        return str(error)
    wanted = needs(state, move.pile)
    needed = "is complete" if wanted is None else f"takes a {wanted} next"
    return f"final pile {move.pile + 1} {needed}, not {card.glyph}"


def apply(state: State, move: Move) -> State:
    if not _is_legal(state, move):
        raise IllegalMove(_why_illegal(state, move))
    finals, storage = list(state.finals), list(state.storage)
    hand, deck = state.hand, state.deck
    if isinstance(move, ToFinal) and move.source is not None:
        card = storage[move.source][-1]
        storage[move.source] = storage[move.source][:-1]
    else:
        assert hand is not None
        card = hand
        hand, deck = (deck[0], deck[1:]) if deck else (None, ())
    if isinstance(move, ToStorage):
        storage[move.pile] = (*storage[move.pile], card)
    else:
        finals[move.pile] = (*finals[move.pile], card)
    return State(state.options, tuple(finals), tuple(storage), hand, deck, state.moves + 1)


def result(state: State) -> Result:
    if not is_over(state):
        raise IllegalMove("the game is not over yet")
    return Result(won=is_won(state), final_cards=state.final_cards, moves=state.moves)
