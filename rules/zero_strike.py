"""Zero-strike games of Hit or Miss: won without a single pass that matches nothing.

The 2008 addendum to the Roll-Call seed asks for the longest such game in passes.
Random deals rarely give one and never a long one, so the search builds games
backwards from their last pass, where every choice it makes keeps the game
zero-strike by construction:

- the last pass matches every card it turns, so its cards follow the count;
- an earlier pass holds the next pass's stock in the same order with its matches
  put in between; a match put at position p has the rank of the count said there,
  and every other card must differ from the count it meets;
- a pass starts at the count where the one before it started plus that pass's
  stock size (mod 13), so going backwards each start is known from the sizes alone.

The counts are kept as offsets 0..12 from an arbitrary start: adding one number to
every rank of a game gives a game with the same passes started elsewhere, so the
finished deck is shifted at the end to start at 1. Which cards go between the
survivors is a lattice path (a step for each survivor, a step for each match); the
paths that keep every survivor unmatched are counted once, then one is drawn
uniformly. A beam keeps a few stocks of each size a pass and draws several earlier
passes from each; a stock of 52 cards holding four of each rank is a whole game.

Every deck reported is replayed by ``rules.hit_or_miss`` first: the construction is
trusted only as far as the rules agree with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules import hit_or_miss
from rules.cards import DECK_SIZE, RANKS, Card, ranks_only, shuffle, splitmix64
from rules.play import final_state
from rules.values import Whole

ZERO_STRIKE = hit_or_miss.Options(strikes=1)  # one strike loses: a win is a zero-strike game
COPIES = DECK_SIZE // len(RANKS)  # of each rank in a deck
WIDTH = 200  # stocks kept of each size after a pass
SAMPLES = 6  # earlier passes drawn from a stock for each number of matches
MOST_MATCHES = 10  # in one pass
# What ``search zero-strike`` and the app's search screen start from: 40 passes in
# a minute or two.
DEFAULT_SEED, DEFAULT_NODES = 7, 100_000_000
# The ranges the search's budget and beam are typed in: a billion draws take a few
# hours, so 10**12 is months of searching; a beam 50 times the default's width with
# 150 times its samples is past any search worth running. The bounds keep every
# number the compiled search is given well inside its 64-bit integers; a layer's
# memory still grows with width x samples x most matches, which the user chooses.
BUDGET = Whole("the budget (draws)", 1, 10**12, counts=True)
BEAM_WIDTH = Whole("the beam width", 1, 10_000)
BEAM_SAMPLES = Whole("samples", 1, 1_000)
BEAM_MATCHES = Whole("the most matches", 1, DECK_SIZE)
UNIT = 2.0 ** -53
HASH_STEP = 0x100000001B3  # FNV-1a's prime: spreads the offsets over 64 bits
MASK64 = (1 << 64) - 1


def passes_if_zero_strike(deck: Sequence[Card]) -> int | None:
    """The passes of ``deck``'s game if it is won without a strike, else None."""
    result = hit_or_miss.result(
        final_state(hit_or_miss, hit_or_miss.new_game(ZERO_STRIKE, ranks_only(deck))))
    return result.passes if result.won else None


@dataclass(frozen=True)
class Stock:
    """The cards one pass of a zero-strike game starts with. Ranks are offsets 0..12
    on the same scale as ``start``, the offset of the count said with the top card."""

    ranks: tuple[int, ...]
    start: int
    held: tuple[int, ...]  # how many cards of each offset the stock holds

    @property
    def full(self) -> bool:
        return len(self.ranks) == DECK_SIZE


EMPTY = Stock((), 0, (0,) * len(RANKS))


def placements(stock: Stock, matches: int) -> list[list[int]]:
    """``ways[i][j]``: the ways to finish the earlier pass of ``matches`` matches once
    ``i`` survivors and ``j`` matches are placed, with no survivor matching.

    The count met at a lattice point is ``start + i + j`` whichever way the path got
    there, which is what makes the count of paths a small table.
    """
    size = len(stock.ranks)
    start = (stock.start - size - matches) % 13
    ways = [[0] * (matches + 1) for _ in range(size + 1)]
    ways[size][matches] = 1
    for i in range(size, -1, -1):
        for j in range(matches, -1, -1):
            if i < size and stock.ranks[i] != (start + i + j) % 13:
                ways[i][j] += ways[i + 1][j]
            if j < matches:
                ways[i][j] += ways[i][j + 1]
    return ways


def stays(state: int, stay: int, total: int) -> tuple[int, bool]:
    """Whether the path's next step is the survivor's, with chance ``stay / total``.

    Drawn as a 53-bit fraction rather than with ``rules.cards.below``, which takes
    bounds under 2**32 while a count of paths can be far larger; the compiled search
    draws the same way, so both build the same stocks.
    """
    state, value = splitmix64(state)
    return state, (value >> 11) * UNIT * total < stay


def earlier_pass(stock: Stock, matches: int, ways: list[list[int]],
                 state: int) -> tuple[Stock | None, int]:
    """One earlier pass of ``matches`` matches drawn uniformly from the paths
    ``ways`` counts (it must count at least one); None if it would hold a fifth card
    of some rank. Returns the generator state too."""
    size = len(stock.ranks)
    start = (stock.start - size - matches) % 13
    ranks: list[int] = []
    held = list(stock.held)
    i = j = 0
    while i < size or j < matches:
        count = (start + i + j) % 13
        stay = ways[i + 1][j] if i < size and stock.ranks[i] != count else 0
        state, survivor = stays(state, stay, stay + (ways[i][j + 1] if j < matches else 0))
        if survivor:
            ranks.append(stock.ranks[i])
            i += 1
        else:
            held[count] += 1
            if held[count] > COPIES:
                return None, state
            ranks.append(count)
            j += 1
    return Stock(tuple(ranks), start, tuple(held)), state


def deck_of(stock: Stock) -> tuple[Card, ...]:
    """The full stock as a deck that starts at count 1, suited clubs, diamonds, hearts,
    spades in the order each rank first appears."""
    seen = [0] * len(RANKS)
    deck = []
    for offset in stock.ranks:
        rank = (offset - stock.start) % 13 + 1
        deck.append(Card(rank, seen[rank - 1]))
        seen[rank - 1] += 1
    return tuple(deck)


@dataclass(frozen=True)
class Beam:
    """How wide the search looks: stocks kept of each size after a pass, earlier
    passes drawn from a stock for each number of matches, and the most matches in
    one pass."""

    width: int = WIDTH
    samples: int = SAMPLES
    most_matches: int = MOST_MATCHES


DEFAULT_BEAM = Beam()


class Layer(Protocol):
    """The stocks a beam holds at one pass back from the win."""

    def __len__(self) -> int: ...

    def back(self, state: int) -> tuple[Layer, Stock | None, int, int]:
        """The layer one pass earlier, its first whole deck if any, the draws made
        and the generator state."""
        ...


def key(stock: Stock) -> int:
    """A 64-bit hash (FNV-1a's step) that tells repeated stocks apart; the compiled
    search hashes the same way, so both drop the same repeats."""
    value = stock.start + 1
    for offset in stock.ranks:
        value = ((value ^ (offset + 1)) * HASH_STEP) & MASK64
    return value


@dataclass(frozen=True)
class Stocks:
    """A layer as plain stocks: the reference the compiled layer must match."""

    beam: Beam
    stocks: tuple[Stock, ...] = (EMPTY,)

    def __len__(self) -> int:
        return len(self.stocks)

    def back(self, state: int) -> tuple[Stocks, Stock | None, int, int]:
        made: dict[int, Stock] = {}
        draws = 0
        for stock in self.stocks:
            for matches in range(1, min(self.beam.most_matches,
                                        DECK_SIZE - len(stock.ranks)) + 1):
                ways = placements(stock, matches)
                if not ways[0][0]:
                    continue
                for _ in range(self.beam.samples):
                    earlier, state = earlier_pass(stock, matches, ways, state)
                    draws += 1
                    if earlier is not None:
                        made.setdefault(key(earlier), earlier)
        whole = next((s for s in made.values() if s.full), None)
        layer = [s for s in made.values() if not s.full]
        state = shuffle(layer, state)
        return Stocks(self.beam, tuple(thinned(layer, self.beam.width))), whole, draws, state


def thinned(stocks: Sequence[Stock], width: int) -> list[Stock]:
    """The first ``width`` stocks of each size: a beam kept by size alone would crowd
    into the smallest stocks, the ones with most passes still to come but fewest ways
    to reach a whole deck."""
    kept: Counter[int] = Counter()
    out = []
    for stock in stocks:
        kept[len(stock.ranks)] += 1
        if kept[len(stock.ranks)] <= width:
            out.append(stock)
    return out


@dataclass(frozen=True)
class Found:
    """A zero-strike game longer than any found before it in the same search."""

    passes: int
    deck: tuple[Card, ...]
    nodes: int  # earlier passes drawn when it was found


@dataclass(frozen=True)
class Progress:
    rounds: int  # beams started, the current one included
    passes: int  # passes the current beam's stocks reach back from the win
    nodes: int
    best: int  # passes of the longest game found so far, 0 before the first


def search(seed: int, nodes: int, beam: Beam = DEFAULT_BEAM, *,
           first: Callable[[Beam], Layer] = Stocks,
           progress: Callable[[Progress], None] | None = None,
           stop: Callable[[], bool] | None = None) -> Iterator[Found]:
    """Beams from the win backwards, one after another, until ``nodes`` earlier passes
    have been drawn or ``stop()`` says so (asked after each pass back); yields each
    game longer than the ones before, replayed by the rules first. ``first`` makes a
    beam's first layer, the win itself: these plain ``Stocks`` here, the compiled
    arrays in ``rules.fast.zero_strike.search``. The same seed, budget and beam give
    the same games either way."""
    state, spent, best, rounds = seed, 0, 0, 0
    while spent < nodes:
        rounds += 1
        layer, depth = first(beam), 0
        while len(layer) and spent < nodes:
            depth += 1
            layer, whole, draws, state = layer.back(state)
            spent += draws
            if whole is not None and depth > best:
                deck = deck_of(whole)
                passes = passes_if_zero_strike(deck)
                if passes != depth:
                    raise RuntimeError(f"built a {depth}-pass game the rules play as {passes}")
                best = depth
                yield Found(depth, deck, spent)
            if progress is not None:
                progress(Progress(rounds, depth, spent, best))
            if stop is not None and stop():
                return
