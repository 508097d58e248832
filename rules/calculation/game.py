"""The rules of every game of the Calculation family, given its ``Description``.

Foundation k is built from its base by its step, modulo 13, until it holds its
length. Suits play no part. A storage pile takes the turned card, and only its top
card moves, and only to a foundation. Without a waste pile, the turned card (the
hand) must go to a foundation or a storage pile, and the next one is turned at once
(Sequence Solitaire, Calculation). With one, turning is a move: the turned cards go
on the waste pile, its top card may go to a foundation or a storage pile, and once
the stock is used up the waste is turned over for the next pass, while passes are
left (Betsy Ross).

Moves are listed in the order ``rules.sequence`` lists them (storage tops to
foundations, the hand card to foundations, then to storage piles), and a turn last,
so that the described Sequence Solitaire plays move for move as the suite's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.calculation.description import Description
from rules.cards import Card
from rules.errors import DeckError, IllegalMove

# The same moves as Sequence Solitaire's, the hand being the turned card (re-exported).
from rules.sequence import Result as Result
from rules.sequence import ToFinal as ToFinal
from rules.sequence import ToStorage as ToStorage
from rules.sequence import source_of as source_of

Options = Description


@dataclass(frozen=True, order=True)
class Turn:
    """Turn the stock's next cards onto the waste pile or, the stock used up, the
    waste pile over as the stock of the next pass."""

    def __str__(self) -> str:
        return "turn"


Move = ToFinal | ToStorage | Turn
TURN = Turn()


@dataclass(frozen=True)
class State:
    options: Description
    finals: tuple[tuple[Card, ...], ...]  # per foundation, bottom first
    storage: tuple[tuple[Card, ...], ...]  # per storage pile, bottom first
    waste: tuple[Card, ...]  # the turned cards, top last (the hand card alone, no waste)
    stock: tuple[Card, ...]  # the next card to turn first
    passes: int = 1  # the pass under way, from 1
    moves: int = 0

    @property
    def hand(self) -> Card | None:
        """The card a move from the hand plays: the turned card, the waste's top."""
        return self.waste[-1] if self.waste else None

    @property
    def final_cards(self) -> int:
        return sum(len(pile) for pile in self.finals)




def needs(state: State, pile: int, later: int = 0) -> int | None:
    """The rank foundation ``pile`` takes next, or ``later`` cards from now; None once
    it is complete."""
    foundation = state.options.foundations[pile]
    held = len(state.finals[pile]) + later
    return None if held >= foundation.length else foundation.rank(held)


def fitting_piles(state: State, card: Card) -> tuple[int, ...]:
    """The foundations ``card`` may go on; several is the player's choice."""
    return tuple(pile for pile in range(len(state.finals)) if needs(state, pile) == card.rank)


def card_at(state: State, source: int | None) -> Card:
    """The card a move from ``source`` would move: the hand card (None) or storage
    pile ``source``'s top card; when there is none, ``IllegalMove`` says why."""
    if source is None:
        if state.hand is None:
            turn = "turn one from the stock" if _can_turn(state) else "the stock is used up"
            raise IllegalMove(f"there is no hand card: {turn}")
        return state.hand
    piles = len(state.storage)
    if not 0 <= source < piles:
        raise IllegalMove(f"there is no storage pile {source + 1}" + (
            f": they are numbered 1..{piles}" if piles else ": this game has none"))
    if not state.storage[source]:
        raise IllegalMove(f"storage pile {source + 1} is empty")
    return state.storage[source][-1]


def card_moved(state: State, move: ToFinal | ToStorage) -> Card:
    """The card ``move`` plays here (``IllegalMove`` when there is none)."""
    return card_at(state, source_of(move))


def new_game(options: Description, deck: tuple[Card, ...]) -> State:
    """The game on ``deck`` (the stock's order): the foundations' dealt bases are taken
    out first (``bases``: the first card of each rank as the deck comes, or all of
    the suit of the first one taken), the first card turned at once without a waste."""
    stock = list(deck)
    finals: list[tuple[Card, ...]] = []
    suit: int | None = None
    for foundation in options.foundations:
        if not foundation.dealt:
            finals.append(())
            continue
        index = next((at for at, card in enumerate(stock) if card.rank == foundation.base
                      and (suit is None or card.suit == suit)), None)
        if index is None:
            raise DeckError(f"{options.name} puts out a {foundation.base} before the deal,"
                            " and the deck has none left")
        card = stock.pop(index)
        if options.bases == "one suit":
            suit = card.suit
        finals.append((card,))
    storage: tuple[tuple[Card, ...], ...] = ((),) * options.storage
    state = State(options, tuple(finals), storage, (), tuple(stock))
    if not options.waste:
        if not stock:
            raise DeckError(f"{options.name} needs a card to turn")
        state = State(options, state.finals, storage, (stock[0],), tuple(stock[1:]))
    return state


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order that seeded players rely on."""
    piles = range(len(state.finals))
    wanted = [needs(state, pile) for pile in piles]
    moves: list[Move] = []
    for source, pile in enumerate(state.storage):
        if pile:
            moves += [ToFinal(source, target) for target in piles
                      if wanted[target] == pile[-1].rank]
    hand = state.hand
    if hand is not None:
        moves += [ToFinal(None, target) for target in piles if wanted[target] == hand.rank]
        moves += [ToStorage(pile) for pile in range(len(state.storage))]
    if _can_turn(state):
        moves.append(TURN)
    return tuple(moves)


def _can_turn(state: State) -> bool:
    options = state.options
    return options.waste and bool(state.stock or (state.waste and state.passes < options.passes))


def is_won(state: State) -> bool:
    return state.final_cards == state.options.cards


def is_over(state: State) -> bool:
    return not legal_moves(state)


def apply(state: State, move: Move) -> State:
    if move not in legal_moves(state):
        raise IllegalMove(_why_illegal(state, move))
    finals, storage = list(state.finals), list(state.storage)
    waste, stock, passes = state.waste, state.stock, state.passes
    if isinstance(move, Turn):
        if stock:
            turned = stock[:state.options.turn]
            waste, stock = waste + turned, stock[len(turned):]  # the last on top
        else:
            waste, stock, passes = (), waste, passes + 1  # turned over: the first first
        return State(state.options, state.finals, state.storage, waste, stock, passes,
                     state.moves + 1)
    if isinstance(move, ToFinal) and move.source is not None:
        card = storage[move.source][-1]
        storage[move.source] = storage[move.source][:-1]
    else:
        card, waste = waste[-1], waste[:-1]
        if not state.options.waste and stock:
            waste, stock = (stock[0],), stock[1:]
    if isinstance(move, ToStorage):
        storage[move.pile] = (*storage[move.pile], card)
    else:
        finals[move.pile] = (*finals[move.pile], card)
    return State(state.options, tuple(finals), tuple(storage), waste, stock, passes,
                 state.moves + 1)


def _why_illegal(state: State, move: Move) -> str:
    if is_over(state):
        return "the game is over: start a new deal or replay this one"
    if isinstance(move, Turn):
        return ("the turned card must be placed first" if not state.options.waste
                else "the stock is used up and no pass is left")
    kind, count = (("storage", len(state.storage)) if isinstance(move, ToStorage)
                   else ("final", len(state.finals)))
    if not 0 <= move.pile < count:
        return f"there is no {kind} pile {move.pile + 1}: they are numbered 1..{count}"
    try:
        card = card_moved(state, move)
    except IllegalMove as error:
        return str(error)
    wanted = needs(state, move.pile)
    needed = "is complete" if wanted is None else f"takes a {wanted} next"
    return f"final pile {move.pile + 1} {needed}, not {card.glyph}"


def result(state: State) -> Result:
    if not is_over(state):
        raise IllegalMove("the game is not over yet")
    return Result(won=is_won(state), final_cards=state.final_cards, moves=state.moves)
