"""The Calculation family, compiled: any description (``rules.calculation``) played
by the greedy, the random, the quick or the fair player, the description handed in
as arrays.

The kernel is compiled once for the family: a game is its arrays (``Tables``), so a
description added, shipped or a player's own, adds no compile. It plays as
``rules.calculation.game`` does, move for move: the moves are counted and drawn in the
rules' order of legal moves (storage tops to foundations, the hand card to
foundations, to storage piles, then a turn), the random player seeded with the deal
number as ``rules.players.RandomPlayer`` is.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import uint64

from rules.calculation.description import RANKS, Description
from rules.calculation.game import State
from rules.cards import DECK_SIZE
from rules.fast import lanes
from rules.fast.arrays import copied
from rules.fast.calculation_thumb import _places, _storage_choice
from rules.fast.deals import below, deal_into, shuffle
from rules.fast.jit import compiled
from rules.fast.lanes import LANES, shared
from rules.roster import FAMILY, FAMILY_SAMPLES, GREEDY, code

FIELDS = ("won", "final_cards", "moves")
QUICK, FAIR = FAMILY.index("quick"), FAMILY.index("fair")
DONE = RANKS + 1  # the rank a complete foundation wants: no card has it
NO_MOVE, HAND, TURN = -1, -2, -3  # sources beside the storage piles 0..
TO_STORAGE = 100  # a move's target: 100 + p for storage pile p, f for foundation f


class Tables(NamedTuple):
    """A description as the kernel reads it."""

    wanted: np.ndarray  # [foundation, cards on it]: the rank it takes next, DONE when full
    dealt: np.ndarray  # [foundation]: its base (a rank) put out before the deal, or 0
    # storage piles, passes, cards a turn, a waste pile, bases of one suit
    settings: np.ndarray


def tables(description: Description) -> Tables:
    piles = description.foundations
    wanted = np.full((len(piles), RANKS + 1), DONE, np.int64)
    for index, pile in enumerate(piles):
        for held in range(pile.length):
            wanted[index, held] = pile.rank(held)
    dealt = np.array([pile.base if pile.dealt else 0 for pile in piles], np.int64)
    settings = np.array([description.storage, description.passes, description.turn,
                         description.waste, description.bases == "one suit"], np.int64)
    return Tables(wanted, dealt, settings)


@compiled
def _laid_out(deal: np.uint64, dealt: np.ndarray, one_suit: bool, placed: np.ndarray,
              stock: np.ndarray) -> int:
    """Deal ``deal``: the dealt bases put out (``placed`` counts them), the other cards'
    ranks into ``stock`` in the order they are turned; returns how many."""
    cards = np.empty(DECK_SIZE, np.int64)
    deal_into(deal, cards)
    taken = np.zeros(DECK_SIZE, np.bool_)
    suit = np.int64(-1)
    for pile in range(len(dealt)):
        placed[pile] = 0
        if dealt[pile] == 0:
            continue
        for at in range(DECK_SIZE):
            card = cards[at]
            if not taken[at] and card % RANKS + 1 == dealt[pile] and (
                    suit < 0 or card // RANKS == suit):
                taken[at] = True
                placed[pile] = 1
                if one_suit:
                    suit = card // RANKS
                break
    size = np.int64(0)
    for at in range(DECK_SIZE):
        if not taken[at]:
            stock[size] = cards[at] % RANKS + 1
            size += 1
    return int(size)


@compiled
def _moves(wanted: np.ndarray, placed: np.ndarray, storage: np.ndarray, heights: np.ndarray,
           hand: int, can_turn: bool, pick: int) -> tuple[int, int, int]:
    """The legal moves in the rules' order: (how many, and move ``pick``'s source and
    target; ``pick`` -1 counts only)."""
    count = np.int64(0)
    piles = len(placed)
    for source in range(len(heights)):
        if heights[source]:
            top = storage[source, heights[source] - 1]
            for target in range(piles):
                if wanted[target, placed[target]] == top:
                    if count == pick:
                        return count, source, target
                    count += 1
    if hand > 0:
        for target in range(piles):
            if wanted[target, placed[target]] == hand:
                if count == pick:
                    return count, HAND, target
                count += 1
        for pile in range(len(heights)):
            if count == pick:
                return count, HAND, TO_STORAGE + pile
            count += 1
    if can_turn:
        if count == pick:
            return count, TURN, 0
        count += 1
    return count, NO_MOVE, 0


# A position's counters (``Position.counters``), beside its arrays.
TURNED, NEXT, SIZE, PASS, MOVES = range(5)


@compiled
def _apply(source: int, target: int, settings: np.ndarray, placed: np.ndarray,
           storage: np.ndarray, heights: np.ndarray, waste: np.ndarray, stock: np.ndarray,
           counters: np.ndarray) -> None:
    """Make the move ``source`` → ``target`` (as ``_moves`` names it) in place."""
    turn, waste_pile = settings[2], settings[3] != 0
    counters[MOVES] += 1
    if source == TURN:
        turned, next_card, size = counters[TURNED], counters[NEXT], counters[SIZE]
        if next_card < size:
            for _ in range(min(turn, size - next_card)):
                waste[turned] = stock[next_card]
                turned += 1
                next_card += 1
            counters[TURNED], counters[NEXT] = turned, next_card
        else:  # the waste turned over: the first turned is turned first again
            copied(waste[:turned], stock)
            counters[SIZE], counters[TURNED], counters[NEXT] = turned, 0, 0
            counters[PASS] += 1
        return
    if source == HAND:
        counters[TURNED] -= 1
        card = waste[counters[TURNED]]
        if not waste_pile and counters[NEXT] < counters[SIZE]:
            waste[counters[TURNED]] = stock[counters[NEXT]]
            counters[TURNED] += 1
            counters[NEXT] += 1
    else:
        heights[source] -= 1
        card = storage[source, heights[source]]
    if target >= TO_STORAGE:
        pile = target - TO_STORAGE
        storage[pile, heights[pile]] = card
        heights[pile] += 1
    else:
        placed[target] += 1


@compiled
def _choices(wanted: np.ndarray, settings: np.ndarray, placed: np.ndarray,
             storage: np.ndarray, heights: np.ndarray, waste: np.ndarray,
             counters: np.ndarray, pick: int) -> tuple[int, int, int]:
    """``_moves`` for a position: how many legal moves, and move ``pick``'s."""
    turned = counters[TURNED]
    hand = waste[turned - 1] if turned else np.int64(0)
    can_turn = settings[3] != 0 and (counters[NEXT] < counters[SIZE] or (
        turned > 0 and counters[PASS] < settings[1]))
    return _moves(wanted, placed, storage, heights, hand, can_turn, pick)


@compiled
def _greedy(wanted: np.ndarray, settings: np.ndarray, placed: np.ndarray,
            storage: np.ndarray, heights: np.ndarray, waste: np.ndarray,
            counters: np.ndarray) -> tuple[int, int, int]:
    """The greedy player's move: the first build, else the hand card on the lowest
    storage pile, else a turn (how many moves there were, 0 at the end)."""
    count, source, target = _choices(wanted, settings, placed, storage, heights, waste,
                                     counters, np.int64(-1))
    if count == 0:
        return count, source, target
    _, source, target = _choices(wanted, settings, placed, storage, heights, waste,
                                 counters, np.int64(0))
    if target >= TO_STORAGE:  # nothing to build: the lowest storage pile
        target = TO_STORAGE + np.argmin(heights)
    return count, source, target


@compiled
def _quick(wanted: np.ndarray, settings: np.ndarray, placed: np.ndarray,
           storage: np.ndarray, heights: np.ndarray, waste: np.ndarray,
           counters: np.ndarray) -> tuple[int, int, int]:
    """The quick player's move: the greedy player's, but the hand card that fits no
    foundation goes where Sequence's rule of thumb does least harm
    (``calculation_thumb``), the lowest of equal piles."""
    count, source, target = _greedy(wanted, settings, placed, storage, heights, waste,
                                    counters)
    if count and target >= TO_STORAGE and len(heights) > 1:
        place, ends = _places(wanted)
        target = TO_STORAGE + _storage_choice(waste[counters[TURNED] - 1], place, ends,
                                              placed, storage, heights)
    return count, source, target


@compiled
def _play_out(strategy: int, rng: np.uint64, wanted: np.ndarray, settings: np.ndarray,
              placed: np.ndarray, storage: np.ndarray, heights: np.ndarray,
              waste: np.ndarray, stock: np.ndarray, counters: np.ndarray) -> None:
    """Play the position to its end, in place, by the greedy, the quick or the random
    player (seeded with ``rng``)."""
    while True:
        if strategy == GREEDY:
            count, source, target = _greedy(wanted, settings, placed, storage, heights,
                                            waste, counters)
        elif strategy == QUICK:
            count, source, target = _quick(wanted, settings, placed, storage, heights,
                                           waste, counters)
        else:
            count, _, _ = _choices(wanted, settings, placed, storage, heights, waste,
                                   counters, np.int64(-1))
            if count:
                rng, drawn = below(rng, count)
                _, source, target = _choices(wanted, settings, placed, storage, heights,
                                             waste, counters, np.int64(drawn))
        if count == 0:
            return
        _apply(source, target, settings, placed, storage, heights, waste, stock, counters)


@compiled
def _play_fair(seed: np.uint64, samples: int, wanted: np.ndarray, settings: np.ndarray,
               placed: np.ndarray, storage: np.ndarray, heights: np.ndarray,
               waste: np.ndarray, stock: np.ndarray, counters: np.ndarray) -> None:
    """Play the position to its end, in place, by the fair player (``_fair_pick``)."""
    while True:
        count, _, _ = _choices(wanted, settings, placed, storage, heights, waste, counters,
                               np.int64(-1))
        if count == 0:
            return
        pick = _fair_pick(count, samples, seed, wanted, settings, placed, storage, heights,
                          waste, stock, counters)
        _, source, target = _choices(wanted, settings, placed, storage, heights, waste,
                                     counters, np.int64(pick))
        _apply(source, target, settings, placed, storage, heights, waste, stock, counters)


@compiled
def _fair_pick(count: int, samples: int, seed: np.uint64, wanted: np.ndarray,
               settings: np.ndarray, placed: np.ndarray, storage: np.ndarray,
               heights: np.ndarray, waste: np.ndarray, stock: np.ndarray,
               counters: np.ndarray) -> int:
    """The fair player's choice among the ``count`` legal moves (``_rollouts``): the
    most wins, then the most cards on the foundations, the first of equals."""
    if count == 1:
        return 0
    held = _rollouts(count, samples, seed, wanted, settings, placed, storage, heights,
                     waste, stock, counters)
    best, best_wins, best_cards = 0, np.int64(-1), np.int64(-1)
    for move in range(count):
        wins = (held[move] == DECK_SIZE).sum()
        cards = held[move].sum()
        if wins > best_wins or (wins == best_wins and cards > best_cards):
            best, best_wins, best_cards = move, wins, cards
    return best


@compiled
def _rollouts(count: int, samples: int, seed: np.uint64, wanted: np.ndarray,
              settings: np.ndarray, placed: np.ndarray, storage: np.ndarray,
              heights: np.ndarray, waste: np.ndarray, stock: np.ndarray,
              counters: np.ndarray) -> np.ndarray:
    """How the fair player weighs the ``count`` legal moves: each played, then the
    game finished by the greedy player over ``samples`` orders of the cards still to
    be turned for the first time (the same orders for every move, drawn from ``seed``
    and the move's number); the cards on the foundations at the end, a row a move, a
    column an order. From the second pass on, the stock's order is the waste's,
    seen: one order."""
    orders = samples if counters[PASS] == 1 else 1
    held = np.empty((count, orders), np.int64)
    for move in range(count):
        rng = seed + uint64(counters[MOVES])
        for order in range(orders):
            p, s, h = placed.copy(), storage.copy(), heights.copy()
            w, k, c = waste.copy(), stock.copy(), counters.copy()
            if orders > 1:  # the unseen cards in an order of the sample's
                unseen = k[c[NEXT]:c[SIZE]]
                rng = shuffle(unseen, len(unseen), rng)
            _, source, target = _choices(wanted, settings, p, s, h, w, c, np.int64(move))
            _apply(source, target, settings, p, s, h, w, k, c)
            _play_out(np.int64(GREEDY), rng, wanted, settings, p, s, h, w, k, c)
            held[move, order] = p.sum()
    return held


@compiled
def dealt_position(deal: np.uint64, dealt: np.ndarray, settings: np.ndarray, placed: np.ndarray,
                   heights: np.ndarray, waste: np.ndarray, stock: np.ndarray,
                   counters: np.ndarray) -> None:
    """Deal ``deal``'s first position into the arrays (as ``_laid`` makes them): the
    bases put out, nothing stored, the first card turned at once where there is no
    waste pile."""
    size = _laid_out(deal, dealt, settings[4] != 0, placed, stock)
    heights[:] = 0
    counters[:] = 0
    counters[SIZE], counters[PASS] = size, 1
    if settings[3] == 0:  # no waste pile: the first card is turned at once
        waste[0] = stock[0]
        counters[TURNED], counters[NEXT] = 1, 1


@compiled
def _laid(deal: np.uint64, dealt: np.ndarray, settings: np.ndarray) -> tuple[
        np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Deal ``deal``'s first position (``dealt_position``) in arrays of its own:
    placed, storage, heights, waste, stock, counters."""
    placed = np.zeros(len(dealt), np.int64)
    stock = np.empty(DECK_SIZE, np.int64)
    storage = np.zeros((max(settings[0], np.int64(1)), DECK_SIZE), np.int64)
    heights = np.zeros(settings[0], np.int64)
    waste = np.empty(DECK_SIZE, np.int64)
    counters = np.zeros(5, np.int64)
    dealt_position(deal, dealt, settings, placed, heights, waste, stock, counters)
    return placed, storage, heights, waste, stock, counters


@compiled
def share(start: np.uint64, count: int, strategy: int, wanted: np.ndarray,
          dealt: np.ndarray, settings: np.ndarray, out: np.ndarray, at_once: int,
          index: int) -> None:
    """Lane ``index``'s share of deals start..start+count-1 (``lanes.shared``) by a
    player of microseconds a game (greedy, random, quick: ``_play_out``), a row each
    in ``out`` (each game is played apart, so the rows are the same however they
    are shared out)."""
    first, end = shared(count, at_once, index)
    for game in range(first, end):
        deal = start + uint64(game)
        placed, storage, heights, waste, stock, counters = _laid(deal, dealt, settings)
        _play_out(strategy, deal, wanted, settings, placed, storage, heights, waste, stock,
                  counters)
        final_cards = placed.sum()
        out[game, 0] = final_cards == DECK_SIZE
        out[game, 1] = final_cards
        out[game, 2] = counters[MOVES]


def lane(start: np.uint64, samples: int, wanted: np.ndarray, dealt: np.ndarray,
         settings: np.ndarray, out: np.ndarray, claims: np.ndarray, index: int) -> None:
    """``share`` for the fair player, whose games take milliseconds: lane ``index``
    claims the next deal when free, as many as ``claims`` says (``rules.fast.lanes``),
    so that a run's stop is heard after the games under way. Plain Python around the
    compiled game, as the solvers' lanes are (``lanes.each_game``): the calls cost
    microseconds, and a lane compiled linked the whole player into it again
    (docs/TUNING.md)."""

    def play_deal(game: int) -> None:
        deal = start + np.uint64(game)
        placed, storage, heights, waste, stock, counters = _laid(deal, dealt, settings)
        _play_fair(deal, samples, wanted, settings, placed, storage, heights, waste, stock,
                   counters)
        final_cards = int(placed.sum())
        out[game] = (final_cards == DECK_SIZE, final_cards, counters[MOVES])

    lanes.each_game(claims, int(index), play_deal)


def deal_results(description: Description, start: int, count: int,
                 strategy: str) -> np.ndarray:
    """Deals start.. of ``description`` by ``strategy`` (``FAMILY``'s but the solver,
    whose are ``calculation_solver``'s), a row of ``FIELDS`` each; the random and fair
    players seeded with the deal. The fair player's are played as ``lanes`` says (in a
    run, more rows or, stopped, fewer); the others' are ``count`` rows."""
    player = code(strategy, FAMILY, description.name)
    wanted, dealt, settings = tables(description)
    if player == FAIR:
        claims = lanes.begin(count)
        out = np.empty((lanes.limit(), len(FIELDS)), np.int64)
        lanes.fan_out(lane, int(claims[LANES]), np.uint64(start), FAMILY_SAMPLES, wanted,
                      dealt, settings, out, claims)
        return out[:lanes.played()]
    if strategy not in ("greedy", "random", "quick"):
        raise ValueError(f"{strategy} is not played here")  # the solver: its own module
    out = np.empty((count, len(FIELDS)), np.int64)
    lanes.share_out(share, np.uint64(start), count, player, wanted, dealt, settings, out)
    return out


class Position(NamedTuple):
    """A position as the kernels read it (``_apply``'s arrays)."""

    placed: np.ndarray
    storage: np.ndarray
    heights: np.ndarray
    waste: np.ndarray
    stock: np.ndarray
    counters: np.ndarray


def position(state: State) -> Position:
    """``state`` as the kernels' arrays, its cards as ranks."""
    storage = np.zeros((max(state.options.storage, 1), DECK_SIZE), np.int64)
    for pile, cards in enumerate(state.storage):
        storage[pile, :len(cards)] = [card.rank for card in cards]
    waste = np.zeros(DECK_SIZE, np.int64)
    waste[:len(state.waste)] = [card.rank for card in state.waste]
    stock = np.zeros(DECK_SIZE, np.int64)
    stock[:len(state.stock)] = [card.rank for card in state.stock]
    return Position(np.array([len(pile) for pile in state.finals], np.int64), storage,
                    np.array([len(pile) for pile in state.storage], np.int64), waste, stock,
                    np.array([len(state.waste), 0, len(state.stock), state.passes,
                              state.moves], np.int64))


def fair_move(state: State, samples: int, seed: int) -> int:
    """The fair player's move at ``state`` (its place in ``legal_moves``), with the
    same rollouts as a run's fair player plays, seeded with ``seed`` (the deal's)."""
    count, wanted, settings, at = _read(state)
    return int(_fair_pick(count, samples, np.uint64(seed), wanted, settings, *at))


def quick_move(state: State) -> tuple[int, int]:
    """The quick player's move at ``state``, as a run's quick player makes it: its
    source (a storage pile, ``HAND`` or ``TURN``) and target (a foundation, or
    ``TO_STORAGE`` + a storage pile; none for a turn)."""
    _, wanted, settings, at = _read(state)
    _, source, target = _quick(wanted, settings, at.placed, at.storage, at.heights, at.waste,
                               at.counters)
    return int(source), int(target)


def fair_wins(state: State, samples: int, seed: int) -> np.ndarray:
    """Whether each legal move (a row, in ``legal_moves``' order) wins each of the fair
    player's rollouts at ``state`` (a column, 1 for a win): the very rollouts its
    choice there weighs, seeded with ``seed`` (the deal's), so a review that reads
    them agrees with the hint."""
    count, wanted, settings, at = _read(state)
    held = _rollouts(count, samples, np.uint64(seed), wanted, settings, *at)
    won: np.ndarray = (held == DECK_SIZE).astype(np.int8)
    return won


def _read(state: State) -> tuple[int, np.ndarray, np.ndarray, Position]:
    """``state``'s legal moves counted, its description's arrays and its own."""
    wanted, _, settings = tables(state.options)
    at = position(state)
    count, _, _ = _choices(wanted, settings, at.placed, at.storage, at.heights, at.waste,
                           at.counters, np.int64(-1))
    return int(count), wanted, settings, at
