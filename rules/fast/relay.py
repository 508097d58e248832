"""Hit or Miss relay, compiled: ``rules.relay`` on numbered deals and explicit decks.

The kernel plays the row one player at a time instead of round by round. A player's
play depends only on its own deck and on which cards reach it in which rounds, never
on anything further down the row. So player 1 is played to its end first; its hits,
each with its round, are player 2's arrivals; then player 2 is played to its end; and
so on down the row.

Player 1 is plain Hit or Miss on many cards, swept a pass at a time as the Hit or
Miss kernel does (skipping strikeless passes at once). The players after it mostly
hold a few cards and take one every dozen rounds, so they go from event to event
instead: from its deck, a player's next hit is known in one look at each card (card
j, which meets the count c + j in this pass, meets its rank after k more passes where
k * size = rank - (c + j), mod 13), and the next event is that hit or the next
arrival, whichever comes first. Their decks are
circular linked lists, so skipping any number of rounds, taking out the card hit and
putting an arrival at the bottom are all a few pointer updates.

The game's end follows from the players' ends. Won when every player ends with no
card: the last player's last discard is then the game's last hit. Otherwise nobody
hits after the last hit of any player, and the rules call the game unwinnable
max(lcm(size, 13)) rounds later, over the players left holding cards.

Cards are ids with a rank table: card indices 0..51 (rank i % 13 + 1) for numbered
deals, positions in the deck for ``play``.
"""

from __future__ import annotations

from math import lcm

import numpy as np
from numba import uint64

from rules import relay
from rules.cards import DECK_SIZE
from rules.fast import lanes
from rules.fast.deals import RANK_OF, deal_into
from rules.fast.hit_or_miss import COUNT_AT, PASSES_TO_HIT, strikes_ahead
from rules.fast.jit import compiled
from rules.fast.lanes import shared

# CYCLE[size]: rounds after which a player holding ``size`` cards is back where it was.
CYCLE = np.array([lcm(size, 13) for size in range(DECK_SIZE + 1)], dtype=np.int64)
NO_HIT = -1  # a player's last hit when it never hit
NEVER = 1 << 40  # the round of an arrival that will not come: later than any game's end
# PASSES_AHEAD[size % 13, short]: whole passes before a card ``short`` below its count
# meets it. With a multiple of 13 cards, only a card meeting its count now ever will:
# the others wait NEVER passes, so their hit comes after any arrival.
PASSES_AHEAD = PASSES_TO_HIT.astype(np.int64)
PASSES_AHEAD[0, 1:] = NEVER
STUCK = DECK_SIZE * NEVER * 2  # more rounds than any card's wait: no hit found yet
BLOCK = 256  # games a thread plays with one set of buffers


def fields(options: relay.Options) -> tuple[str, ...]:
    """The result columns: won, rounds, then each player's last hit (-1 for none)."""
    return ("won", "rounds", *(f"last_hit_{p}" for p in range(1, options.players + 1)))


@compiled
def _first_player(deck: np.ndarray, rank_of: np.ndarray, hits: np.ndarray,
                  hit_at: np.ndarray, ranks: np.ndarray) -> tuple[int, int]:
    """Player 1 to its end on ``deck`` (overwritten): plain Hit or Miss, no arrivals.

    Its hits go to ``hits[0]`` with their rounds in ``hit_at[0]``; ``ranks`` is
    scratch. Returns the number of hits and the cards it is left holding (0 or a
    multiple of 13 that can never hit again).
    """
    size = deck.shape[0]
    count = np.int64(0)  # the count it says next, minus one
    now = 0  # the round it plays next
    made = 0
    while size > 0:
        made_before = made
        kept = np.int64(0)
        for p in range(size):  # one pass, branch-free: misses stay in place, in order
            card = deck[p]
            deck[kept] = card
            hits[0, made] = card
            hit_at[0, made] = now + p
            hit = rank_of[card] == COUNT_AT[count + p]
            made += hit
            kept += not hit
        count = (count + size) % 13
        now += size
        size = kept
        if made > made_before:
            continue
        if size % 13 == 0:
            break  # the same pass forever
        for p in range(size):
            ranks[p] = rank_of[deck[p]]
        skip = strikes_ahead(ranks, size, count)
        count = (count + skip * size) % 13
        now += skip * size
    return made, size


@compiled
def _next_player(rank_of: np.ndarray, hits: np.ndarray, hit_at: np.ndarray, player: int,
                 arrivals: int, below: np.ndarray, order: np.ndarray) -> tuple[int, int]:
    """Player ``player`` (0-based, not the first) to its end: it starts with no card
    and takes the ``arrivals`` cards the player before it hit at its bottom, each in
    the round it was hit. With side = player % 2, it reads them from row 1 - side of
    ``hits`` and ``hit_at`` and writes its own hits to row side.

    Its deck is the circle ``below`` (card -> the card under it, the bottom card's is
    the top card); ``order`` is scratch. Returns as ``_first_player``.
    """
    size = 0
    top = bottom = 0
    count = 0
    now = 0
    made = 0
    side = player % 2
    i = 0  # the next arrival
    while True:
        due = hit_at[1 - side, i] if i < arrivals else NEVER
        if size == 0:
            if i == arrivals:
                return made, 0
            # It did not count while empty: it starts the round after the card came.
            top = bottom = hits[1 - side, i]
            below[top] = top
            size = 1
            now = due + 1
            i += 1
            continue
        # Rounds to its next hit with no arrival, and the card's position: a card that
        # meets its count in this first pass wins outright, since any later meeting is
        # at least a whole pass away.
        row = size % 13
        wait = STUCK
        at = 0
        card = top
        for j in range(size):
            order[j] = card
            short = rank_of[card] - COUNT_AT[count + j]
            if short == 0:
                wait, at = j, j
                break
            when = j + size * PASSES_AHEAD[row, short + 13 if short < 0 else short]
            if when < wait:
                wait, at = when, j
            card = below[card]
        if wait <= due - now:
            # The hit: the cards above it went to the bottom in order, so the circle
            # keeps its order; the card leaves it.
            card = order[at]
            above = order[at - 1] if at > 0 else bottom
            top = below[card]
            below[above] = top
            bottom = above
            size -= 1
            hits[side, made] = card
            hit_at[side, made] = now + wait
            made += 1
            count = (count + wait + 1) % 13
            now += wait + 1
            if due != now - 1:
                continue
        elif i == arrivals:
            return made, size  # no hit and no card to come: it holds these for good
        else:
            # The arrival first: the deck turns once a round until then.
            turns = due - now + 1
            shift = turns if turns < size else turns % size
            if shift > 0:
                bottom, top = order[shift - 1], order[shift]
            count = (count + turns) % 13
            now = due + 1
        card = hits[1 - side, i]  # step 2: the arrival goes to the bottom
        if size == 0:
            top = card
        below[bottom] = card
        below[card] = top
        bottom = card
        size += 1
        i += 1


@compiled
def _game(deck: np.ndarray, rank_of: np.ndarray, players: int, out: np.ndarray, game: int,
          hits: np.ndarray, hit_at: np.ndarray, below: np.ndarray, order: np.ndarray) -> None:
    """One game on card ids ``deck`` (overwritten), into ``out[game]`` (fields as
    ``fields``). The other arrays are scratch as long as the deck; ``hits`` and
    ``hit_at`` have two rows, since a player's hits are only needed by the next one.
    """
    made, left = _first_player(deck, rank_of, hits, hit_at, order)
    out[game, 2] = hits[0, made - 1] if made > 0 else NO_HIT
    hit_end = hit_at[0, made - 1] + 1 if made > 0 else 0  # rounds up to the last hit
    hopeless = CYCLE[left]  # the longest cycle of a player left holding cards
    for player in range(1, players):
        made, left = _next_player(rank_of, hits, hit_at, player, made, below, order)
        side = player % 2
        out[game, 2 + player] = hits[side, made - 1] if made > 0 else NO_HIT
        if made > 0:
            hit_end = max(hit_end, hit_at[side, made - 1] + 1)
        hopeless = max(hopeless, CYCLE[left])
    out[game, 0] = hopeless == 0
    out[game, 1] = hit_end + hopeless


@compiled
def play(ranks: np.ndarray, players: int) -> np.ndarray:
    """One game on the deck ``ranks`` (values 1..13, top first, 1 to 52 cards, not
    necessarily four of each value, as the contest allows).

    Returns the fields of ``fields``; a last hit is the card's position in ``ranks``.
    """
    size = ranks.shape[0]
    if not 0 < size <= DECK_SIZE:
        raise ValueError("the relay kernel plays 1 to 52 cards")
    out = np.empty((1, 2 + players), np.int64)
    _game(np.arange(size).astype(np.int8), ranks.astype(np.int8), players, out, np.int64(0),
          np.empty((2, size), np.int8), np.empty((2, size), np.int64),
          np.empty(size, np.int8), np.empty(size, np.int8))
    row: np.ndarray = out[0]
    return row


@compiled
def _buffers() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A thread's workspace for ``_game``: the deck, and its scratch as ``_game`` says."""
    return (np.empty(DECK_SIZE, np.int8), np.empty((2, DECK_SIZE), np.int8),
            np.empty((2, DECK_SIZE), np.int64), np.empty(DECK_SIZE, np.int8),
            np.empty(DECK_SIZE, np.int8))


@compiled
def share(start: np.uint64, count: int, players: int, out: np.ndarray, at_once: int,
          index: int) -> None:
    """Lane ``index``'s share (``lanes.shared``) of deals start..start+count-1 into
    out[game, field] (fields as ``fields``).

    It plays a block of games with one set of buffers: allocating them per game would
    cost a good part of a game.
    """
    first, end = shared((count + BLOCK - 1) // BLOCK, at_once, index)
    # A global array is read-only to numba, a type of its own: passed as it is, it
    # would compile ``_game`` and all it calls again beside ``_decks_share``'s.
    rank_of = RANK_OF.copy()
    for block in range(first, end):
        deck, hits, hit_at, below, order = _buffers()
        for game in range(block * BLOCK, min(count, (block + 1) * BLOCK)):
            deal_into(start + uint64(game), deck)
            _game(deck, rank_of, players, out, game, hits, hit_at, below, order)


@compiled
def _decks_share(ranks: np.ndarray, players: np.ndarray, out: np.ndarray, at_once: int,
                 index: int) -> None:
    """Lane ``index``'s share (``lanes.shared``) of ``play_decks``, a block at a time."""
    count = ranks.shape[0]
    first, end = shared((count + BLOCK - 1) // BLOCK, at_once, index)
    for block in range(first, end):
        deck, hits, hit_at, below, order = _buffers()
        for game in range(block * BLOCK, min(count, (block + 1) * BLOCK)):
            for card in range(DECK_SIZE):
                deck[card] = card
            _game(deck, ranks[game], players[game], out, game, hits, hit_at, below, order)


def play_decks(ranks: np.ndarray, players: np.ndarray, out: np.ndarray) -> None:
    """Games on given decks of 52 cards, one a row of ``ranks`` (values 1..13, top
    first, any number of each), with ``players[game]`` players, into ``out[game]``
    (fields as ``fields`` for the most players; a last hit is the card's position in
    its deck): the contest judge's cases."""
    lanes.share_out(_decks_share, ranks, players, out)


def deal_results(start: int, count: int, options: relay.Options) -> np.ndarray:
    """Results of deals start.. as an array of (count, len(fields(options)))."""
    out = np.empty((count, len(fields(options))), np.int64)
    lanes.share_out(share, np.uint64(start), count, options.players, out)
    return out
