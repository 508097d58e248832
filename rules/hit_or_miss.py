"""Hit or Miss (Roll-Call): count 1..13 while turning cards; a card equal to the count
is discarded (a hit), any other goes to the miss pile (a miss).

The game is deterministic: ``legal_moves`` holds the one correct call, so a screen
can let a person make the call and point out a wrong one, and a test can run the
game to its end. A *pass* is one trip through the cards the stock holds when the
pass starts; a *strike* is a pass with no hit.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from rules.cards import Card, shuffle
from rules.errors import DeckError, IllegalMove, OptionsError
from rules.values import Whole
from rules.words import counted

NAMED_LIMITS = {"unlimited": None, "roll-call": 3, "two-strike": 2}
MOST_STRIKES = 100_000  # why this bound: ``parse_variant``
STRIKES = Whole("N in strikes=N", 1, MOST_STRIKES,
                why="a larger limit wins and loses the same games")


class PassOrder(enum.Enum):
    """How the miss pile becomes the next pass's stock."""

    SAME = "same"  # miss pile turned over: the misses keep their order
    REVERSED = "reversed"  # miss pile not turned: each pass runs backwards
    SHUFFLED = "shuffled"  # miss pile shuffled (seeded) between passes


class Call(enum.Enum):
    HIT = "hit"
    MISS = "miss"


@dataclass(frozen=True)
class Options:
    """``strikes`` is the number of strikes in a row that lose; None plays on until
    the game is won or provably lost."""

    strikes: int | None = None
    order: PassOrder = PassOrder.SAME
    seed: int = 0  # the shuffle generator's starting state (SHUFFLED only)

    def __post_init__(self) -> None:
        if self.strikes is not None:
            STRIKES.check(self.strikes)
        if self.order is PassOrder.SHUFFLED and self.strikes is None:
            raise OptionsError(
                "shuffling between passes needs a strike limit (such as roll-call):"
                " unlimited, some card can always match, so the game is always won"
            )

    @property
    def variant(self) -> str:
        """The variant's name as the command line and the screens spell it."""
        for name, limit in NAMED_LIMITS.items():
            if limit == self.strikes:
                return name
        return f"strikes={self.strikes}"


def parse_variant(text: str) -> int | None:
    """The strike limit a variant name stands for (``unlimited`` is None).

    N in strikes=N is at most ``MOST_STRIKES``, 100,000, because a larger limit wins
    and loses the same games (only a lost game's passes can differ). In the same or
    reversed order a stock that is not a multiple of 13 cards hits within 13 passes
    (26 reversed, ``strike_limit``), so no run of 26 strikes happens on a stock that
    can still be won; a stock of a multiple of 13 repeats its passes forever and is
    lost under any limit. Shuffled, every 13 passes in a row include one that hits
    with a chance of at least 1/52 (the card put where the count meets its rank), so
    a run of 100,000 strikes has a chance below (51/52)**7692 < 10**-64 at each pass:
    below 10**-30 over every pass of every one of the 2**64 deals. The bound also
    bounds a game's length (at most 100,000 passes of 52 cards on a stock that
    repeats), so a run ends and the kernels' counters cannot overflow, where
    strikes=2**63 would play forever.
    """
    name = text.strip().lower()
    if name in NAMED_LIMITS:
        return NAMED_LIMITS[name]
    if name.startswith("strikes="):
        return STRIKES(name.removeprefix("strikes="))
    raise OptionsError(
        f"unknown variant {text!r}: choose unlimited, roll-call, two-strike or strikes=N"
        f" with N from 1 to {MOST_STRIKES}"
    )


@dataclass(frozen=True)
class State:
    options: Options
    stock: tuple[Card, ...]  # the rest of this pass, top card first
    misses: tuple[Card, ...]  # this pass's miss pile, in the order the cards went down
    discards: tuple[Card, ...]  # the hits, in the order they were made
    count: int = 1  # said with the next card; it carries on across passes
    passes: int = 0  # passes completed
    hit_in_pass: bool = False
    strike_run: int = 0  # strikes in a row, ended by a pass with a hit
    strikes: int = 0  # strikes in the whole game
    turns: int = 0  # cards turned
    rng: int = 0  # shuffle generator state

    @property
    def cards_left(self) -> int:
        return len(self.stock) + len(self.misses)

    @property
    def top(self) -> Card | None:
        return self.stock[0] if self.stock else None


@dataclass(frozen=True)
class Result:
    won: bool
    cards_left: int
    passes: int
    strikes: int
    turns: int
    reason: str  # "won: …" or "lost: …", a sentence for the player

    @property
    def why(self) -> str:
        """The reason without its "won: " or "lost: ", for a heading that says which."""
        return self.reason.removeprefix("won: " if self.won else "lost: ")


def new_game(options: Options, deck: tuple[Card, ...]) -> State:
    if not deck:
        raise DeckError("Hit or Miss needs at least one card")
    return State(options, stock=tuple(deck), misses=(), discards=(), rng=options.seed)


def strike_limit(options: Options, stock_size: int) -> int | None:
    """How many strikes in a row lose with this many cards, or None if none can.

    Unlimited, a strikeless pass shifts every card's count by the stock size; unless
    that is a multiple of 13 some card meets its rank within 13 passes (26 when each
    pass runs backwards, since only every other pass repeats the order). With a
    multiple of 13 the position comes back after one strike (two when reversed) and
    repeats forever, so that is the exact loss.
    """
    if options.strikes is not None:
        return options.strikes
    if stock_size % 13:
        return None
    return 2 if options.order is PassOrder.REVERSED else 1


def is_won(state: State) -> bool:
    return not state.stock and not state.misses


def at_pass_start(state: State) -> bool:
    return not state.misses and not state.hit_in_pass


def is_lost(state: State) -> bool:
    """Judged only between passes: a hit in the pass under way ends the strike run."""
    if not state.strike_run or not at_pass_start(state):
        return False
    limit = strike_limit(state.options, state.cards_left)
    return limit is not None and state.strike_run >= limit


def is_over(state: State) -> bool:
    # Asked three times a move by every replay: the usual case (cards in the stock, no
    # strike run under way: neither won nor lost) answered without a call.
    if state.stock and not state.strike_run:
        return False
    return is_won(state) or is_lost(state)


def correct_call(state: State) -> Call:
    top = state.top
    assert top is not None, "a game in play always has a card to turn"
    return Call.HIT if top.rank == state.count else Call.MISS


def legal_moves(state: State) -> tuple[Call, ...]:
    return () if is_over(state) else (correct_call(state),)


def apply(state: State, call: Call) -> State:
    if is_over(state):
        raise IllegalMove("the game is over: start a new deal or replay this one")
    card, count = state.stock[0], state.count
    hit = card.rank == count
    if call is not (Call.HIT if hit else Call.MISS):
        relation = "equals" if call is Call.MISS else "is not"
        raise IllegalMove(
            f"{card.glyph} {relation} the count {count}: it is a {correct_call(state).value}"
        )
    # Built field by field, by position, rather than with dataclasses.replace or
    # keywords: this is the hot path of every replay (the kernels' agreement tests
    # replay tens of thousands of games), and either costs as much as the rest.
    state = State(
        state.options,
        state.stock[1:],  # stock
        state.misses if hit else (*state.misses, card),  # misses
        (*state.discards, card) if hit else state.discards,  # discards
        count % 13 + 1,  # count
        state.passes,  # passes
        state.hit_in_pass or hit,  # hit_in_pass
        state.strike_run,  # strike_run
        state.strikes,  # strikes
        state.turns + 1,  # turns
        state.rng,  # rng
    )
    return state if state.stock else _end_pass(state)


def _end_pass(state: State) -> State:
    """Score the pass just finished and turn its miss pile into the next stock."""
    strike = not state.hit_in_pass
    stock = list(state.misses)
    rng = state.rng
    if state.options.order is PassOrder.REVERSED:
        stock.reverse()
    elif state.options.order is PassOrder.SHUFFLED:
        rng = shuffle(stock, rng)
    return replace(
        state,
        stock=tuple(stock),
        misses=(),
        passes=state.passes + 1,
        hit_in_pass=False,
        strike_run=state.strike_run + 1 if strike else 0,
        strikes=state.strikes + strike,
        rng=rng,
    )


def result(state: State) -> Result:
    if not is_over(state):
        raise IllegalMove("the game is not over yet")
    if is_won(state):
        reason = f"won: every card matched in {counted(state.passes, 'pass', 'passes')}"
    elif state.options.strikes is not None:
        reason = f"lost: {state.strike_run} strikes in a row"
    else:
        passes = "a pass" if state.strike_run == 1 else f"{state.strike_run} passes"
        reason = (
            f"lost: {state.cards_left} cards, a multiple of 13, went {passes} without a hit"
            " and are back where they started, so the same passes would repeat forever"
        )
    return Result(
        won=is_won(state),
        cards_left=state.cards_left,
        passes=state.passes,
        strikes=state.strikes,
        turns=state.turns,
        reason=reason,
    )
