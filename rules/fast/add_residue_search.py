"""Add/Residue, searched: the exact solver behind ``perfect`` and the Monte-Carlo
tree search behind ``strong``, compiled.

Both read a position as the kernel ``rules.fast.add_residue`` keeps it: piles[ADD or
MOD, seat] bitmasks (bit c - 1 while number c is left), the shared m, the scores and
the seat to move.

**Exact play.** A position's future depends only on the piles and m, never on past
scores, and only on m modulo L, the lcm of every mod number still left: adding keeps
m's residue mod L, and a mod by c (which divides L) leaves and scores m mod c. So a
position is the piles seen from the mover (its add and mod piles, then the next
seat's, ...) and m mod L, which index a dense table: 2·P·n bits of piles times
lcm(1..n) values of m. Every reachable position is searched once (no pruning), so
after a search from the start the table answers every position of every game.
Two solution concepts, as ``rules.players.add_residue_search`` documents: with 2
players the mover maximises its score minus the other's (negamax), with 3 players
each maximises its own final score (max-n). Either way ties go to the first move in
the rules' order (add 1..n, then mod 1..n), and ``best`` holds that move's code.

**Strong play.** UCT Monte-Carlo tree search over a budget of iterations: seeded
with splitmix64, so a seed and a position give one move here, in the Python player
and in the batch kernel. A node's statistics are every seat's summed reward, so
each seat picks by its own (max-n); the reward is a seat's share of the win plus a
small term for its score margin, which tells apart the many playouts a win or loss
alone would score alike. Playouts are epsilon-greedy: mostly ``GreedyPlayer``'s
move, a cheap stand-in for sensible play (against greedy it measured no better
than uniform playouts, 374 against 371 of 384 sampled games won alone).

``python -m rules.players.add_residue_measures --values``, ``--strong-vs-greedy GAMES``
and ``--move-time`` print the figures quoted for them.
"""

from __future__ import annotations

import math
from functools import cache, reduce

import numpy as np

from rules import add_residue
from rules.fast.add_residue_piles import ADD, MOD, greedy_move, nth, random_move, size
from rules.fast.deals import below
from rules.fast.jit import compiled, inlined, plain
from rules.roster import SOLVABLE, check_solvable

MAX_SOLVED_N = max(SOLVABLE.values())
# LCM[u]: the lcm of the numbers in mask u (1 for none), for piles up to MAX_SOLVED_N.
LCM = np.array([reduce(math.lcm, [c + 1 for c in range(MAX_SOLVED_N) if u >> c & 1], 1)
                for u in range(1 << MAX_SOLVED_N)], np.int64)
UNKNOWN = -1  # ``best`` of a position not searched yet
ILLEGAL = -(1 << 30)  # the worth of a move the mover cannot make
TERMINAL = -1  # the entry of a position where nobody has a mod number left: all score 0

EXPLORE = 0.5  # UCT's exploration constant, for rewards in 0..1
MARGIN = 0.02  # weight of the score margin per point against a win's 1
GREEDY_PLAYOUT = 7  # out of 8 playout moves are greedy's, the rest uniform


def entries(options: add_residue.Options) -> int:
    """Positions the table indexes: piles seen from the mover, times m mod lcm(1..n)."""
    return (1 << 2 * options.players * options.n) * int(LCM[(1 << options.n) - 1])


@cache  # one a solvable size: 8 in all, 130 MB at 2 players n = 5
def table(options: add_residue.Options) -> tuple[np.ndarray, np.ndarray]:
    """The table (values, best moves) that every search at these options fills in and
    every later one reuses: one value per position with 2 players (the mover's
    margin), one per seat from the mover with 3 (max-n)."""
    check_solvable(options)
    columns = 1 if options.players == 2 else options.players
    return (np.zeros((entries(options), columns), np.int8),
            np.full(entries(options), UNKNOWN, np.int8))


def solved(options: add_residue.Options) -> tuple[np.ndarray, np.ndarray]:
    """The table searched from the start, which answers every reachable position."""
    values, best = table(options)
    every_pile_full = (1 << 2 * options.players * options.n) - 1
    search(options.n, options.players, every_pile_full, 0, values, best, np.zeros(1, np.int64))
    return values, best


@compiled
def move_parts(code: int, n: int) -> tuple[int, int]:
    """(pile, number) of move ``code``: add 1..n are codes 0..n-1, mod 1..n the next n,
    so codes run in the rules' order of moves."""
    return code // n, code % n + 1


@compiled
def search(n: int, players: int, masks: int, m: int, values: np.ndarray, best: np.ndarray,
           nodes: np.ndarray) -> int:
    """The table entry of a position, searched first if need be (nodes[0] counts the
    positions searched); TERMINAL when nobody has a mod number left.

    ``masks`` holds the piles from the mover on, n bits each: add, mod, next seat's
    add, ... Depth is at most 2·n·players, so plain recursion is safe.
    """
    full = (1 << n) - 1
    union = 0
    for pile in range(1, 2 * players, 2):
        union |= masks >> n * pile & full
    if union == 0:
        return TERMINAL
    m %= int(LCM[union])
    entry = masks * int(LCM[full]) + m
    if best[entry] != UNKNOWN:
        return entry
    nodes[0] += 1
    for code in range(2 * n):
        child, after, gain = _child(n, players, masks, m, code)
        if child < 0:
            continue
        below_ = search(n, players, child, after, values, best, nodes)
        mine = _worth(players, gain, below_, values)
        if best[entry] == UNKNOWN or mine > values[entry, 0]:
            best[entry] = code
            values[entry, 0] = mine
            for seat in range(1, values.shape[1]):  # max-n: the others' from the child on
                values[entry, seat] = 0 if below_ == TERMINAL else values[below_, seat - 1]
    return entry


@compiled
def _child(n: int, players: int, masks: int, m: int, code: int) -> tuple[int, int, int]:
    """(the piles after move ``code`` from the next seat on, m after it, the points it
    scores); the piles are -1 when the mover has no such number."""
    full = (1 << n) - 1
    add, mod, rest = masks & full, masks >> n & full, masks >> 2 * n
    pile, number = move_parts(code, n)
    bit = 1 << (number - 1)
    if not (add if pile == ADD else mod) & bit:
        return -1, m, 0
    shift = 2 * n * (players - 1)
    if pile == ADD:
        return rest | ((add ^ bit) | mod << n) << shift, m + number, 0
    return rest | (add | (mod ^ bit) << n) << shift, m % number, m % number


@compiled
def _worth(players: int, gain: int, entry: int, values: np.ndarray) -> int:
    """What a move that scores ``gain`` and leads to table ``entry`` is worth to the
    mover: its margin over the other with 2 players, its own future score with more
    (the child's values start at the next seat, so the mover's is the last)."""
    if entry == TERMINAL:
        return gain
    if players == 2:
        return gain - int(values[entry, 0])
    return gain + int(values[entry, players - 1])


@compiled
def mover_masks(n: int, piles: np.ndarray, seat: int) -> int:
    """The piles as ``search`` reads them: from ``seat`` round the table."""
    players = piles.shape[1]
    masks = 0
    for k in range(players):
        other = (seat + k) % players
        masks |= (piles[ADD, other] | piles[MOD, other] << n) << 2 * n * k
    return masks


@compiled
def move_values(n: int, players: int, masks: int, m: int, values: np.ndarray,
                best: np.ndarray, nodes: np.ndarray, out: np.ndarray) -> None:
    """out[code]: what move ``code`` is worth to the mover (its margin with 2 players,
    its own future score with 3) when everyone plays on perfectly; ILLEGAL for a move
    it cannot make."""
    for code in range(2 * n):
        child, after, gain = _child(n, players, masks, m, code)
        out[code] = ILLEGAL if child < 0 else _worth(
            players, gain, search(n, players, child, after, values, best, nodes), values)


@compiled
def perfect_code(n: int, piles: np.ndarray, seat: int, m: int, best: np.ndarray) -> int:
    """The perfect player's move code from a searched table: the first optimal move
    in the rules' order, or the first legal one when nobody can score any more."""
    union = 0
    for other in range(piles.shape[1]):
        union |= piles[MOD, other]
    if union == 0:  # every move is as good: the first legal one
        pile = ADD if piles[ADD, seat] else MOD
        return pile * n + nth(piles[pile, seat], np.int64(0)) - 1
    return int(best[mover_masks(n, piles, seat) * LCM[(1 << n) - 1] + m % LCM[union]])


@compiled
def _play_move(n: int, piles: np.ndarray, seat: int, code: int, m: int,
               scores: np.ndarray) -> int:
    """Make move ``code`` for ``seat``; returns the new m."""
    pile, number = move_parts(code, n)
    piles[pile, seat] &= ~(1 << (number - 1))
    if pile == ADD:
        return m + number
    m %= number
    scores[seat] += m
    return m


@compiled
def _playout_code(n: int, piles: np.ndarray, seat: int, m: int,
                  rng: np.uint64) -> tuple[int, np.uint64]:
    """A playout's move: greedy's most of the time, else uniform over the legal ones."""
    add, mod = piles[ADD, seat], piles[MOD, seat]
    rng, draw = below(rng, np.int64(8))
    if np.int64(draw) < GREEDY_PLAYOUT:
        pile, number = greedy_move(add, mod, m)
    else:
        pile, number, rng = random_move(add, mod, rng)
    return pile * n + number - 1, rng


@compiled
def _rewards(scores: np.ndarray, out: np.ndarray) -> None:
    """Each seat's reward for a finished game: its share of the win (1/k for k tied at
    the top, else 0) plus MARGIN per point it is above (or below) the best other."""
    players = scores.shape[0]
    for seat in range(players):
        other = -(1 << 30)
        for rival in range(players):
            if rival != seat and scores[rival] > other:
                other = scores[rival]
        out[seat] = _share(scores, seat) + MARGIN * (scores[seat] - other)


@compiled
def restored(piles: np.ndarray, scores: np.ndarray, work: np.ndarray, tally: np.ndarray
             ) -> None:
    """``work[:] = piles`` and ``tally[:] = scores``, element by element: an array's
    slice assignment compiles numba's shape check and the error message it would
    raise, 2.5 s of the computer players' compile."""
    for side in range(piles.shape[0]):
        for seat in range(piles.shape[1]):
            work[side, seat] = piles[side, seat]
    for seat in range(len(scores)):
        tally[seat] = scores[seat]


@compiled
def _share(scores: np.ndarray, seat: int) -> float:
    """``seat``'s share of the win of a finished game: 1/k for k tied at the top."""
    top = scores.max()
    if scores[seat] != top:
        return 0.0
    tied = 0
    for other in range(scores.shape[0]):
        if scores[other] == top:
            tied += 1
    return 1.0 / tied


@compiled
def _uct(n: int, piles: np.ndarray, seat: int, m: int, scores: np.ndarray, rng: np.uint64,
         least: int, firsts: np.ndarray, won: np.ndarray) -> tuple[int, np.uint64]:
    """The strong player's search, one iteration for each of ``firsts``: the root's
    most visited move code (the first of equals) and the generator's next state.

    UCT with one node added per iteration: a node tries its moves in the rules' order
    before it chooses among them by the upper confidence bound of its own seat's
    reward; at the root, a move visited fewer than ``least`` times is taken first (0
    for the player; a review asks each move's worth). Iteration i's root move goes
    to ``firsts[i]``, ``seat``'s share of its game's win to ``won[i]``.
    """
    players = piles.shape[1]
    iterations = firsts.shape[0]
    capacity = iterations + 1  # a node is added by each iteration
    code = np.empty(capacity, np.int8)
    child = np.full(capacity, -1, np.int32)  # first child
    sibling = np.full(capacity, -1, np.int32)
    untried = np.zeros(capacity, np.int8)  # the next code a node may still try
    visits = np.zeros(capacity, np.int64)
    total = np.zeros((capacity, players))
    path = np.empty(2 * n * players + 1, np.int32)
    reward = np.empty(players)
    left = 0
    for other in range(players):
        left += size(piles[ADD, other]) + size(piles[MOD, other])
    work = np.empty_like(piles)
    tally = np.empty_like(scores)
    nodes = 1
    for iteration in range(iterations):
        restored(piles, scores, work, tally)
        mover, value, remaining = seat, m, left
        node, depth = 0, 0
        path[0] = 0
        while remaining > 0:  # down the tree while its nodes have tried every move
            tried = np.int64(untried[node])  # an int64, as every move code is (``_play_move``)
            while tried < 2 * n:
                pile, number = move_parts(tried, n)
                if work[pile, mover] >> (number - 1) & 1:
                    break
                tried += 1
            if tried < 2 * n:  # a new node for an untried move
                untried[node] = tried + 1
                code[nodes], sibling[nodes], child[node] = tried, child[node], nodes
                node = nodes
                nodes += 1
            else:
                untried[node] = tried
                pick = _least_visited(child, sibling, visits, least) if node == 0 else -1
                if pick < 0:
                    scale = EXPLORE * math.sqrt(math.log(visits[node]))
                    most = -math.inf
                    kid = child[node]
                    while kid >= 0:
                        bound = (total[kid, mover] / visits[kid]
                                 + scale / math.sqrt(visits[kid]))
                        if bound >= most:  # >=: siblings run newest first, the rules' order last
                            pick, most = kid, bound
                        kid = sibling[kid]
                node = pick
            # An int64, as the playout's moves are: an int8 compiled the moves twice.
            value = _play_move(n, work, mover, np.int64(code[node]), value, tally)
            mover = mover + 1 if mover + 1 < players else 0
            remaining -= 1
            depth += 1
            path[depth] = node
            if visits[node] == 0:
                break
        while remaining > 0:
            played, rng = _playout_code(n, work, mover, value, rng)
            value = _play_move(n, work, mover, played, value, tally)
            mover = mover + 1 if mover + 1 < players else 0
            remaining -= 1
        _rewards(tally, reward)
        for step in range(depth + 1):
            visits[path[step]] += 1
            for player in range(players):  # not a row's +=: ``restored``
                total[path[step], player] += reward[player]
        firsts[iteration] = code[path[1]] if depth > 0 else -1
        won[iteration] = _share(tally, seat)
    chosen, most_visits = -1, -1
    kid = child[0]
    while kid >= 0:
        if visits[kid] >= most_visits:
            chosen, most_visits = int(code[kid]), visits[kid]
        kid = sibling[kid]
    return chosen, rng


@compiled
def _least_visited(child: np.ndarray, sibling: np.ndarray, visits: np.ndarray,
                   least: int) -> int:
    """The root's child visited fewest times, if under ``least`` (the last in the rules'
    order of equals); else -1."""
    pick = -1
    kid = child[0]
    while kid >= 0:
        if visits[kid] < least and (pick < 0 or visits[kid] < visits[pick]):
            pick = kid
        kid = sibling[kid]
    return pick


@inlined
def strong_code(n: int, piles: np.ndarray, seat: int, m: int, scores: np.ndarray,
                rng: np.uint64, iterations: int) -> tuple[int, np.uint64]:
    """The strong player's move code for ``seat`` and its generator's next state. One
    call of the search, so ``inlined``: compiled into the runs' game, and run by Python
    for a hint (``strong_move``); compiled on its own, it linked the search in once
    more."""
    return _uct(n, piles, seat, m, scores, rng, np.int64(0), np.empty(iterations, np.int8),
                np.empty(iterations))


def strong_weighing(n: int, piles: np.ndarray, seat: int, m: int, scores: np.ndarray,
                    rng: np.uint64, iterations: int, least: int
                    ) -> tuple[np.ndarray, np.ndarray]:
    """The strong player's own weighing of ``seat``'s moves, for a review: its search
    of ``iterations``, every move at the root visited ``least`` times or more; each
    iteration's root move code and ``seat``'s share of the win of its game. Python
    around the compiled search, as only Python calls it."""
    firsts = np.empty(iterations, np.int8)
    won = np.empty(iterations)
    _uct(n, piles, seat, m, scores, rng, least, firsts, won)
    return firsts, won


def piles_of(state: add_residue.State) -> np.ndarray:
    """A rules state's piles as the kernel keeps them."""
    piles = np.zeros((2, state.options.players), np.int64)
    for seat in range(state.options.players):
        for pile, numbers in ((ADD, state.add[seat]), (MOD, state.mod[seat])):
            piles[pile, seat] = sum(1 << (number - 1) for number in numbers)
    return piles


def move_of(code: int, n: int) -> add_residue.Move:
    pile, number = move_parts(code, n)
    return add_residue.Move(add_residue.Pile.ADD if pile == ADD else add_residue.Pile.MOD,
                            number)


def solve_position(state: add_residue.State) -> tuple[dict[add_residue.Move, int],
                                                      tuple[int, ...], int]:
    """For ``solve``: (what each legal move is worth to the mover, the future scores
    from the mover on along the first optimal line, positions searched that no
    earlier search at these options had)."""
    options = state.options
    n, players = options.n, options.players
    values, best = table(options)
    nodes = np.zeros(1, np.int64)
    masks = mover_masks(n, piles_of(state), state.to_move)
    search(n, players, masks, state.m, values, best, nodes)
    worths = np.empty(2 * n, np.int64)
    move_values(n, players, masks, state.m, values, best, nodes, worths)
    end = state
    while not add_residue.is_over(end):
        end = add_residue.apply(end, move_of(_searched_code(end, values, best), n))
    future = tuple(end.scores[(state.to_move + k) % players] - state.scores[(state.to_move + k)
                                                                            % players]
                   for k in range(players))
    return ({move: int(worths[code_of(move, n)]) for move in add_residue.legal_moves(state)},
            future, int(nodes[0]))


def code_of(move: add_residue.Move, n: int) -> int:
    return (MOD if move.pile is add_residue.Pile.MOD else ADD) * n + move.number - 1


def _searched_code(state: add_residue.State, values: np.ndarray, best: np.ndarray) -> int:
    """The first optimal move's code at ``state``, searching it first if need be."""
    n, piles = state.options.n, piles_of(state)
    search(n, state.options.players, mover_masks(n, piles, state.to_move), state.m,
           values, best, np.zeros(1, np.int64))
    return perfect_code(n, piles, state.to_move, state.m, best)


def perfect_move(state: add_residue.State) -> add_residue.Move:
    """The perfect player's move: the first optimal one in the rules' order."""
    return move_of(_searched_code(state, *table(state.options)), state.options.n)


def strong_move(state: add_residue.State, rng: int, iterations: int) -> tuple[add_residue.Move,
                                                                             int]:
    """The strong player's move and its generator's next state."""
    played, after = _plain_strong_code(state.options.n, piles_of(state), state.to_move,
                                       state.m, np.array(state.scores, np.int64),
                                       np.uint64(rng), iterations)
    return move_of(played, state.options.n), int(after)


# ``strong_code`` as ``strong_move`` calls it.
_plain_strong_code = plain(strong_code)
