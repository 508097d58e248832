"""Sequence Solitaire's fair player, compiled: it sees what a person sees.

A person sees the final piles, the storage piles, the hand card and which cards are
still to come (their ranks, not their order). The player's choice is a function of
exactly that, its seed and the move number, so the Python wrapper
(``rules.players.sequence_fair``), playing move by move, and the batch kernel here,
playing whole games, make the very same moves.

A rule of thumb plays cheaply: every card that fits a final pile goes there at once,
storage tops before the hand card, and only where the hand card goes in storage and
which final pile takes a card that fits several are chosen, by when each card will
next be wanted (``_storage_choice``, ``_final_choice``). The "fair" level weighs
every legal move instead (``options``): it plays each forward on many sampled orders
of the unseen cards (the same orders for every move) with the rule of thumb, and
takes the move with the best mean score: cards on final piles, a win counting
WIN_SCORE (a win worth only one card more made it chase cards rather than wins). A
card played at once is not always best: storing the hand card first shows the next
card before a storage top chooses its pile, and a king left under a card keeps a
storage pile from standing empty. The "quick" level is the rule of thumb until
ENDGAME cards are left unseen, and then samples ENDGAME_SAMPLES orders for the choices
the rule of thumb leaves: the last cards decide most games and their rollouts are
short (weighing every move there too wins more, at more than twice the time:
docs/TUNING.md).

Both levels play their last moves perfectly (``sequence_endgame``: every order of
the unseen ranks weighed) once at most EXACT_FAIR (EXACT_QUICK) cards are unseen: the
sampled orders with the rule of thumb played the end badly; the fair level also
tries it with up to two cards more (EXACT_TRY), within a budget. What each choice
won, and cost, is in ``docs/TUNING.md``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import uint64

from rules import sequence
from rules.cards import DECK_SIZE
from rules.fast import lanes
from rules.fast.arrays import copied
from rules.fast.deals import shuffle, splitmix64
from rules.fast.jit import compiled, inlined, plain
from rules.fast.lanes import LANES
from rules.fast.sequence import (
    DONE,
    FIELDS,
    FULL,
    HAND,
    NEXT_RANK,
    NO_MOVE,
    NOTHING,
    NTH_PILE,
    PILES,
    POPCOUNT,
    _to_final,
    _workspace,
    deal_ranks,
    place,
    taken,
    wants_of,
)
from rules.fast.sequence_endgame import NO_BUDGET, best_move, table
from rules.roster import FAIR_SAMPLES as SAMPLES
from rules.stats import wilson_interval

__all__ = ["DEFAULT_SAMPLES", "FIELDS", "HAND", "NO_MOVE", "deal_results", "exact", "table",
           "weighed"]

DEFAULT_SAMPLES = SAMPLES["fair"]
RANKS = 13
# PLACE[pile, rank]: how many cards final pile ``pile`` holds when it takes ``rank``.
PLACE = np.zeros((PILES, DONE + 1), np.int64)
for _pile in range(PILES):
    for _j in range(sequence.PILE_SIZE):
        PLACE[_pile, NEXT_RANK[_pile, _j]] = _j
FAR = 2 * sequence.PILE_SIZE  # how far off an empty storage pile's "top" is wanted
NEIGHBOURS = 2  # cards apart on one final pile that make a card a good cover
# The rule of thumb's costs (``_storage_choice``), in cards wanted apart.
NEIGHBOUR_BONUS = 70  # a neighbour cover beats any other home
EMPTY_COST = 32  # an empty pile, less twice how soon its card is wanted
KING_TO_EMPTY = 20  # a king starts a pile of its own
FIT_COST = 10  # a top wanted later, plus twice the slack and twice the height
KING_COVERED = 35  # a king on top is kept for kings
MISFIT_COST = 44  # a top wanted sooner, plus the cards held back (``_delay``)
WIN_SCORE = FULL + 20  # a win, worth 20 cards more: 60 or 300 won less often
# How these were chosen, with the runs that chose them: docs/TUNING.md.
# The quick level samples like the fair one once at most ENDGAME cards are unseen,
# with ENDGAME_SAMPLES orders: the most that keeps it near 2 ms a deal on one core.
ENDGAME = 16
ENDGAME_SAMPLES = 24
# Unseen cards, at most, from which a level plays the best move there is
# (``sequence_endgame``): one more costs each level several times the time.
EXACT_QUICK, EXACT_FAIR = 2, 5
# With EXACT_TRY cards unseen or fewer the fair level tries the best move too, but
# gives up after TRY_BUDGET positions and samples instead: a few positions there take
# millions, and a hint must come within half a second.
EXACT_TRY, TRY_BUDGET = 7, np.int64(100_000)  # numpy's: test_compile_once.py
CHECK = 8  # sampled orders between looks at which options still matter
# Orders before the first look: looks from the 8th now and then dropped a move that all
# the orders rank first, which the review then marked costly (docs/TUNING.md).
FIRST_LOOK = 32
SAME = 32  # sampled orders after which options that never differed are one
CONFIDENCE = 3.0  # standard errors by which an option must trail to be dropped
# Moves at a position, at most: each storage top and the hand card to each final
# pile, and the hand card to each storage pile.
MOST_OPTIONS = PILES * PILES + 2 * PILES


@compiled
def _ahead(placed: np.ndarray, rank: int, copies: int) -> int:
    """How many cards a final pile takes before it takes this card of ``rank``, when
    ``copies`` other cards of the rank will be at hand before it: they serve the piles
    that want the rank sooner. FAR for the NOTHING under an empty storage pile."""
    if rank == NOTHING:
        return FAR
    last = -1  # ahead * PILES + pile of the copy before, so equal aheads stay apart
    for _ in range(copies + 1):
        following = 1 << 30
        for pile in range(PILES):
            ahead = PLACE[pile, rank] - placed[pile]
            if ahead >= 0 and last < ahead * PILES + pile < following:
                following = ahead * PILES + pile
        if following == 1 << 30:
            break  # more copies than piles that want the rank: the last of them
        last = following
    return int(last // PILES) if last >= 0 else FAR


@compiled
def _tops_of(storage: np.ndarray, heights: np.ndarray, rank: int, piles: int) -> int:
    """How many of the first ``piles`` storage tops are of ``rank``."""
    count = 0
    for pile in range(piles):
        count += storage[pile, heights[pile]] == rank
    return count


@compiled
def _gap(placed: np.ndarray, rank: int, under: int) -> int:
    """How few cards apart a final pile that still wants ``rank`` takes it and then
    ``under``; a pile of such neighbours plays out onto one final pile in a row."""
    best = FAR
    for pile in range(PILES):
        here = PLACE[pile, rank]
        if here >= placed[pile] and here < PLACE[pile, under] < here + best:
            best = PLACE[pile, under] - here
    return best


@compiled
def _delay(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, pile: int,
           wanted: int) -> tuple[int, int]:
    """What a card wanted after ``wanted`` cards costs the cards of storage pile
    ``pile`` it would cover: the cards it holds back longer than the cards above them
    already do, and by how many cards in all."""
    delay = blocked = 0
    above = -1  # the latest wanted of the cards above
    for height in range(heights[pile], 0, -1):
        here = _ahead(placed, np.int64(storage[pile, height]), np.int64(0))
        if wanted > max(here, above):
            delay += wanted - max(here, above)
            blocked += 1
        above = max(above, here)
    return delay, blocked


@compiled
def _storage_choice(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
                    rank: int) -> int:
    """The rule of thumb's storage pile for a hand card of ``rank`` that fits nothing:
    the pile of least cost.

    Best is a top that one final pile takes within NEIGHBOURS cards after the card.
    Next, a top wanted later than the card, the tightest fit first, so loose homes
    are kept for the cards wanted late; a king on top is left for kings. An empty
    pile costs the less the later its card is wanted, a king least. With no good home
    the card goes where it holds back the cards under it the least (``_delay``).
    Low piles break ties. The weights were tuned on deals 0..19999 (from 5.7% won to
    7.2%; 6.7% on deals 20000..39999, from 5.4%).
    """
    wanted = _wanted(storage, heights, placed, rank)
    best, best_cost = 0, 1 << 30
    for pile in range(PILES):
        cost = _storage_cost(storage, heights, placed, rank, wanted, pile)
        if cost < best_cost:
            best, best_cost = pile, cost
    return best


@compiled
def _wanted(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, rank: int) -> int:
    """How many cards a final pile takes before a hand card of ``rank`` (``_ahead``),
    the copies on storage tops serving the piles that want the rank sooner."""
    return _ahead(placed, rank, _tops_of(storage, heights, rank, np.int64(PILES)))


@compiled
def _storage_cost(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, rank: int,
                  wanted: int, pile: int) -> int:
    """The rule of thumb's cost of putting a hand card of ``rank``, ``wanted`` after so
    many cards (``_wanted``), on storage pile ``pile`` (``_storage_choice``)."""
    height = int(heights[pile])
    top = int(np.int64(storage[pile, height]))  # int() alone keeps an int8: a second compile
    if height == 0:
        return EMPTY_COST - 2 * wanted - KING_TO_EMPTY * (rank == sequence.PILE_SIZE)
    gap = _gap(placed, rank, top)
    if gap <= NEIGHBOURS:
        return 3 * gap - NEIGHBOUR_BONUS + height
    under = _ahead(placed, top, _tops_of(storage, heights, top, pile))
    if under >= wanted:
        return (FIT_COST + 2 * (under - wanted) + 2 * height
                + KING_COVERED * (top == sequence.PILE_SIZE))
    delay, blocked = _delay(storage, heights, placed, pile, wanted)
    return MISFIT_COST + 3 * delay - 2 * blocked + height


@compiled
def _final_choice(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
                  fits: int) -> int:
    """The rule of thumb's final pile among ``fits`` (a mask) for a card: the one whose
    next rank is soonest on hand, on a storage top first, so the piles keep moving."""
    if POPCOUNT[fits] == 1:
        return int(NTH_PILE[fits, 0])
    best, best_depth = NTH_PILE[fits, 0], 1 << 30
    for k in range(POPCOUNT[fits]):
        pile = NTH_PILE[fits, k]
        following = NEXT_RANK[pile, placed[pile] + 1]
        depth = 1 << 20
        for source in range(PILES):
            for level in range(heights[source], 0, -1):
                if storage[source, level] == following:
                    depth = min(depth, heights[source] - level)
                    break
        if depth < best_depth:
            best, best_depth = pile, depth
    return int(best)


@compiled
def _empty_storage(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
                   wants: np.ndarray) -> None:
    """Storage tops to final piles while any fits, the first in the rules' order each
    time, as the moves ``weighed`` makes one by one."""
    source = 0
    while source < PILES:
        top = storage[source, heights[source]]
        fits = wants[top]
        if fits:
            heights[source] -= 1
            _to_final(wants, placed, top, _final_choice(storage, heights, placed, fits))
            source = 0
        else:
            source += 1


@compiled
def _rollout(cards: np.ndarray, first: int, storage: np.ndarray, heights: np.ndarray,
             placed: np.ndarray, wants: np.ndarray) -> int:
    """The rule of thumb's game from here, cards[first:] the hand card and the deck, card
    by card; returns its score (cards on final piles, WIN_SCORE for a win)."""
    _empty_storage(storage, heights, placed, wants)
    for i in range(first, len(cards)):
        rank = np.int64(cards[i])  # as a hand card's: an int8 compiles the rule of thumb twice
        fits = wants[rank]
        if fits:
            _to_final(wants, placed, rank, _final_choice(storage, heights, placed, fits))
            _empty_storage(storage, heights, placed, wants)
        else:
            pile = _storage_choice(storage, heights, placed, rank)
            heights[pile] += 1
            storage[pile, heights[pile]] = rank
    total = placed.sum()
    return WIN_SCORE if total == FULL else total


@compiled
def _decision_rng(seed: np.uint64, moves: int) -> np.uint64:
    """The generator of one decision, from the player's seed and the move number only."""
    _, mixed = splitmix64(seed)
    _, state = splitmix64(mixed ^ uint64(moves))
    return state


@inlined
def exact(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, hand: int,
          unseen: np.ndarray, samples: int, keys: np.ndarray,
          values: np.ndarray) -> tuple[int, int, bool]:
    """The player's move where it is the best there is (``sequence_endgame``), as
    (source, target, True); else (NO_MOVE, 0, False), and the move is ``weighed``'s.
    The two are layers of calls, ``inlined``: ``_game`` compiles them into itself,
    and the Python player runs them in Python (``plain_exact``, ``plain_weighed``),
    so that the searches under them compile on their own, at once in the warm-up,
    and nothing links them.

    A move is (source, target): source HAND or a storage pile, target a final pile
    or PILES + p for storage pile p. ``storage[p, 1..heights[p]]`` holds storage pile
    p bottom first over a NOTHING in column 0, ``placed[p]`` counts final pile p's
    cards, ``hand`` is the hand card's rank (NOTHING when the deck is used up) and
    ``unseen[r]`` counts the rank-r cards still in the deck; none of them is changed.
    ``samples`` 0 is the quick level. The best move is played once at most EXACT_FAIR
    (EXACT_QUICK) cards are unseen, and at the fair level with EXACT_TRY unseen where
    the search ends within its budget. ``keys`` and ``values`` are its table
    (``table()``), kept from move to move."""
    if unseen.sum() <= (EXACT_FAIR if samples else EXACT_QUICK):
        source, target, _ = best_move(storage, heights, placed, hand, unseen, keys, values,
                                      NO_BUDGET)
        return source, target, True
    if samples and unseen.sum() <= EXACT_TRY:
        # Whether the budget suffices must not hang on what earlier searches left in
        # the table (a game's moves would then depend on the games before it in its
        # block, and a run's results on how its deals were split): it starts empty.
        keys[:] = 0
        source, target, value = best_move(storage, heights, placed, hand, unseen, keys, values,
                                          TRY_BUDGET)
        if value >= 0:
            return source, target, True
    return NO_MOVE, 0, False



@inlined
def weighed(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, hand: int,
            unseen: np.ndarray, seed: np.uint64, moves: int, samples: int) -> tuple[int, int]:
    """The player's move where ``exact`` has none, (NO_MOVE, 0) when the game is
    over: the moves the level chooses among (``options``) weighed on sampled orders
    (``sampled_choice``) of the unseen cards, its seed's and the move number's; the
    quick level's rule of thumb, or ENDGAME_SAMPLES orders once at most ENDGAME cards
    are unseen."""
    every = samples > 0  # the fair level weighs every move; the quick one, its choices
    if samples == 0 and unseen.sum() <= ENDGAME:
        samples = ENDGAME_SAMPLES
    wants = np.zeros(DONE + 1, np.int64)
    wants_of(placed, wants)
    sources = np.empty(MOST_OPTIONS, np.int64)
    targets = np.empty(MOST_OPTIONS, np.int64)
    count = options(storage, heights, placed, hand, wants, samples > 0, every, sources,
                    targets)
    if count == 0:
        return NO_MOVE, 0
    if count == 1:
        return sources[0], targets[0]
    return sampled_choice(storage, heights, placed, hand, unseen, seed, moves, samples,
                          sources[:count], targets[:count])


@compiled
def _finals(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, source: int,
            fits: int, sampled: bool, sources: np.ndarray, targets: np.ndarray) -> int:
    """``options`` for a card from ``source`` that fits the final piles ``fits`` (a
    mask): each of them, or the rule of thumb's one where the level does not sample."""
    if not sampled:
        sources[0], targets[0] = source, _final_choice(storage, heights, placed, fits)
        return 1
    for k in range(POPCOUNT[fits]):
        sources[k], targets[k] = source, NTH_PILE[fits, k]
    return int(POPCOUNT[fits])


@compiled
def options(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray, hand: int,
            wants: np.ndarray, sampled: bool, every: bool, sources: np.ndarray,
            targets: np.ndarray) -> int:
    """The moves a level chooses among at a position (``wants`` its final piles'
    wants), as (source, target) in ``sources`` and ``targets`` (MOST_OPTIONS long);
    how many. Where the level samples (``sampled``): every legal move where ``every``
    (the fair level), the hand card to one empty storage pile only (empty piles are
    all alike); else only the choices the rule of thumb leaves (a card that fits goes
    to a final pile at once, storage tops first; which pile is weighed). Where it does
    not sample (``every`` false too), the rule of thumb's one move. None when the game
    is over."""
    count = 0
    for source in range(PILES):
        fits = wants[storage[source, heights[source]]]
        if fits:
            count += _finals(storage, heights, placed, source, fits, sampled,
                             sources[count:], targets[count:])
            if not every:
                return count
    if hand == NOTHING:
        return count
    if wants[hand]:
        count += _finals(storage, heights, placed, np.int64(HAND), wants[hand], sampled,
                         sources[count:], targets[count:])
        if not every:
            return count
    if not sampled:
        sources[0], targets[0] = HAND, PILES + _storage_choice(storage, heights, placed, hand)
        return 1
    empty_seen = False
    for pile in range(PILES):
        if heights[pile] == 0:
            if empty_seen:
                continue
            empty_seen = True
        sources[count], targets[count] = HAND, PILES + pile
        count += 1
    return count


@compiled
def _score(cards: np.ndarray, storage: np.ndarray, heights: np.ndarray,
           placed: np.ndarray, hand: int, source: int, target: int, work: np.ndarray,
           work_heights: np.ndarray, work_placed: np.ndarray, wants: np.ndarray) -> int:
    """The rule of thumb's score after the move (source, target) when the deck comes in
    the order cards[1:], played in the work arrays so the position is kept."""
    for pile in range(PILES):  # element by element, as ``copied`` says why
        for height in range(heights[pile] + 1):
            work[pile, height] = storage[pile, height]
    copied(heights, work_heights)
    copied(placed, work_placed)
    wants_of(placed, wants)
    if source == HAND:
        rank, first = hand, np.int64(1)
    else:
        rank, first = work[source, work_heights[source]], np.int64(0)
        work_heights[source] -= 1
    place(work, work_heights, work_placed, wants, rank, target)
    return _rollout(cards, first, work, work_heights, work_placed, wants)


@compiled
def sampling(hand: int, unseen: np.ndarray, heights: np.ndarray
             ) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What playing a position forward on sampled orders needs: how many cards are
    unseen, the hand card followed by them (for ``shuffle`` to order), and a work
    copy of the position (storage piles deep enough to take them all, their heights,
    the final piles, what each wants) for ``_score`` to play in."""
    count = unseen.sum()
    cards = np.empty(count + 1, np.int8)  # the hand card, then a sampled order
    cards[0] = hand
    at = 1
    for rank in range(1, RANKS + 1):
        for _ in range(unseen[rank]):
            cards[at] = rank
            at += 1
    return (count, cards, np.empty((PILES, heights.max() + count + 2), np.int8),
            np.empty(PILES, np.int64), np.empty(PILES, np.int64), np.zeros(DONE + 1, np.int64))


@compiled
def sampled_choice(storage: np.ndarray, heights: np.ndarray, placed: np.ndarray,
                   hand: int, unseen: np.ndarray, seed: np.uint64, moves: int,
                   samples: int, sources: np.ndarray,
                   targets: np.ndarray) -> tuple[int, int]:
    """The option that scores best over at most ``samples`` orders of the unseen
    cards, every option played on the same orders.

    Every CHECK orders from FIRST_LOOK on, an option is dropped once its score trails
    the leader's by more than CONFIDENCE standard errors of their paired differences
    (or never differs from it at all), and the choice is made when one is left: most
    choices are plain after a few looks, and the rest get all the orders. The first
    of equals wins.
    """
    count, cards, work, work_heights, work_placed, wants = sampling(hand, unseen, heights)
    options = len(sources)
    alive = np.ones(options, np.bool_)
    score = np.zeros(options, np.int64)
    sums = np.zeros(options, np.float64)
    products = np.zeros((options, options), np.float64)  # sums of score_i * score_j
    rng = _decision_rng(seed, moves)
    for sample in range(1, samples + 1):
        rng = shuffle(cards[1:], count, rng)
        for option in range(options):
            if alive[option]:
                score[option] = _score(cards, storage, heights, placed, hand,
                                       sources[option], targets[option], work,
                                       work_heights, work_placed, wants)
        for i in range(options):
            sums[i] += score[i]
            for j in range(options):
                products[i, j] += score[i] * score[j]
        if sample % CHECK == 0 and sample >= FIRST_LOOK and _narrowed(alive, sums, products,
                                                                       sample):
            break
    best = -1
    for option in range(options):
        if alive[option] and (best < 0 or sums[option] > sums[best]):
            best = option
    return sources[best], targets[best]


@compiled
def _narrowed(alive: np.ndarray, sums: np.ndarray, products: np.ndarray,
              samples: int) -> bool:
    """Drops the options that plainly trail the leader; whether one is left."""
    leader = -1
    for option in range(len(alive)):
        if alive[option] and (leader < 0 or sums[option] > sums[leader]):
            leader = option
    left = 0
    for option in range(len(alive)):
        if alive[option] and option != leader:
            mean = (sums[leader] - sums[option]) / samples
            square = (products[leader, leader] + products[option, option]
                      - 2 * products[leader, option]) / samples
            spread = np.sqrt(max(square - mean * mean, 0.0) / samples)
            if mean > CONFIDENCE * spread or (square == 0 and samples >= SAME):
                alive[option] = False
            else:
                left += 1
    return left == 0


@compiled
def _game(deck: np.ndarray, seed: np.uint64, samples: int, storage: np.ndarray,
          heights: np.ndarray, placed: np.ndarray, wants: np.ndarray, unseen: np.ndarray,
          keys: np.ndarray, values: np.ndarray) -> tuple[bool, int, int]:
    """``play`` in a workspace from ``_workspace`` (which may hold an earlier game), an
    ``unseen`` of 14 counts and a table of ``sequence_endgame`` (which may hold
    values from earlier games: they are as true in any game)."""
    heights[:] = 0
    placed[:] = 0
    unseen[:] = 0
    for i in range(1, len(deck)):
        unseen[deck[i]] += 1
    dealt = moves = np.int64(0)  # dealt: the hand card's place in the deck
    while True:
        hand = deck[dealt] if dealt < len(deck) else NOTHING
        source, target, found = exact(storage, heights, placed, hand, unseen, samples,
                                      keys, values)
        if not found:
            source, target = weighed(storage, heights, placed, hand, unseen, seed, moves,
                                     samples)
        if source == NO_MOVE:
            break
        moves += 1
        rank, dealt = taken(deck, dealt, storage, heights, source)
        if source == HAND and dealt < len(deck):
            unseen[deck[dealt]] -= 1
        wants_of(placed, wants)
        place(storage, heights, placed, wants, rank, target)
    final_cards = placed.sum()
    return final_cards == FULL, final_cards, moves


@compiled
def play(deck: np.ndarray, seed: np.uint64, samples: int) -> tuple[bool, int, int]:
    """One game on ``deck`` (ranks 1..13, the first hand card first, any length).
    Returns won, final cards, moves."""
    storage, heights, placed, wants = _workspace(len(deck))
    keys, values = table()
    return _game(deck, seed, samples, storage, heights, placed, wants,
                 np.zeros(DONE + 1, np.int64), keys, values)


def lane(start: np.uint64, samples: int, out: np.ndarray, claims: np.ndarray,
         index: int) -> None:
    """Deals start.. into out[game, field] (fields as FIELDS); deal d's player is
    seeded with d. Lane ``index`` claims the next deal when free, as many as
    ``claims`` says (``rules.fast.lanes``), and plays them all in one workspace, whose
    endgame table (16 MB) costs a few milliseconds to make.

    Plain Python around the compiled game, as the solvers' lanes are
    (``lanes.each_game``): a game takes milliseconds, the call a few microseconds,
    and a lane compiled linked the whole player into it again, 4 s of the warm-up
    (docs/TUNING.md)."""
    deck = np.empty(DECK_SIZE, np.int8)
    storage, heights, placed, wants = _workspace(np.int64(DECK_SIZE))
    unseen = np.zeros(DONE + 1, np.int64)
    keys, values = table()

    def play_deal(game: int) -> None:
        deal = start + np.uint64(game)
        deal_ranks(deal, deck)
        out[game] = _game(deck, deal, samples, storage, heights, placed, wants, unseen,
                          keys, values)

    lanes.each_game(claims, int(index), play_deal)


def deal_results(start: int, count: int, samples: int = DEFAULT_SAMPLES) -> np.ndarray:
    """Results of deals start.. as an array of (count, len(FIELDS)), played as
    ``lanes`` says (in a run, more rows or, stopped, fewer); ``samples`` 0 is the quick
    level."""
    claims = lanes.begin(count)
    out = np.empty((lanes.limit(), len(FIELDS)), np.int64)
    lanes.fan_out(lane, int(claims[LANES]), np.uint64(start), samples, out, claims)
    return out[:lanes.played()]


# ``exact`` and ``weighed`` as the Python player calls them (``rules.players.
# sequence_fair``): their few lines in Python around the compiled searches. Compiled,
# each linked its search into one more function, 1.5 s to 2.3 s on the way to the
# hints (docs/TUNING.md).
plain_exact = plain(exact)
plain_weighed = plain(weighed)


def main(argv: list[str] | None = None) -> None:
    """Measures a level: python -m rules.fast.sequence_fair --deals 0:10000."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--deals", default="0:10000", help="first:end, end excluded")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help="sampled orders per choice; 0 is the quick level")
    args = parser.parse_args(argv)
    first, end = (int(part) for part in args.deals.split(":"))
    deal_results(0, 1, args.samples)  # compiled before the clock starts
    began = time.perf_counter()
    results = deal_results(first, end - first, args.samples)
    seconds = time.perf_counter() - began
    games, wins = len(results), int(results[:, 0].sum())
    low, high = wilson_interval(wins, games)
    print(f"samples {args.samples}: {wins}/{games} won, {wins / games:.2%} "
          f"(95% {low:.2%}–{high:.2%}), mean final cards {results[:, 1].mean():.1f}, "
          f"{1000 * seconds / games:.2f} ms/deal")


if __name__ == "__main__":
    main()
