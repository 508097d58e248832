"""The computer players each game offers, by name, and the numbers they think with.

Both the players (``rules.players``) and the compiled kernels (``rules.fast``) need
these: the names the command line and the kernels share, the fair player's sample
counts, the solver's budget and verdicts, the sizes the exact search can hold. They
live here, apart from both, so the players depend on the kernels and the kernels on
this module, and never the other way round.

Each game lists its players weakest first, the two basic ones first of all: a
kernel's code for a player is its place in that list, so greedy is 0 and random 1
in every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from rules.add_residue import Options
from rules.errors import OptionsError
from rules.words import close_to

BASIC = ("greedy", "random")  # the players every game with choices offers, by name
GREEDY, RANDOM = BASIC.index("greedy"), BASIC.index("random")


def check_name(name: str, names: Sequence[str], game: str) -> str:
    """``name`` if it is one of ``names``; ``game`` is for the message."""
    if name not in names:
        raise OptionsError(f"{game}'s computer players are {', '.join(names)}, not {name!r}"
                           + close_to(name, names))
    return name


def code(name: str, names: Sequence[str], game: str) -> int:
    """The kernels' code for the player called ``name`` among ``game``'s ``names``."""
    return list(names).index(check_name(name, names, game))


# --- the Calculation family, described in files ------------------------------------

# "quick" plays Sequence's rule of thumb for the storage piles, at once; "fair" sees
# what a person sees: each move is weighed by the greedy player's games after it over
# sampled orders of the cards not yet seen; "solver" knows the stock's order, so its
# wins are deals that can be won at all.
FAMILY = (*BASIC, "quick", "fair", "solver")
FAMILY_SAMPLES = 32  # orders a move: a decision in a few milliseconds
# The family's solver's node budget: about a second on one core at most (some 1.6
# million positions a second), where most deals take a few thousand positions.
FAMILY_SOLVER_NODES = 2_000_000


# --- Sequence Solitaire ---------------------------------------------------------------

# "quick" and "fair" see only what a person sees; "solver" knows the deck's order, so
# its wins are the deals that can be won at all.
SEQUENCE = (*BASIC, "quick", "fair", "solver")
# Compared when no player is named: the fair player and the solver think for a tenth
# of a second a deal (a million deals would take days), so they are asked for, not
# assumed.
SEQUENCE_COMPARED = (*BASIC, "quick")
# Sampled orders of the unseen cards per choice, by level: "quick" is the rule of
# thumb, sampling only for the last cards (a hint in a millisecond or two; see
# ``rules.fast.sequence_fair.ENDGAME``), "fair" the default player.
FAIR_SAMPLES = {"quick": 0, "fair": 512}

Verdict = Literal["won", "lost", "unknown"]
VERDICTS: tuple[Verdict, ...] = ("won", "lost", "unknown")  # kernels return places in it
WON, LOST, UNKNOWN = (VERDICTS.index(verdict) for verdict in VERDICTS)
# A solver's run row, Sequence's and the family's alike: its verdict spread on flags.
SOLVER_FIELDS = ("won", "final_cards", "moves", "unknown", "nodes", "lost")
# A node budget rather than a clock, so statistics replay exactly. Most deals need a
# few thousand nodes (a few milliseconds); the few that need it all, some 13 s on one
# core of the machine this was tuned on. 12,000,000 lets the level-3 pilot finish on
# most hard deals: 9,991 of deals 0..9999 decided (99.91%), against 9,968 at
# 3,000,000 (and 1991 of 1000..2999 at 3,000,000, against 1986 at 1,500,000).
SOLVER_NODES = 12_000_000


MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class Solution(Generic[MoveT]):
    """The solver's answer for one position, which knows the order of the deck.

    ``verdict`` is "won" only with a line that wins (``moves``, from the position),
    "lost" only after an exhaustive search, and "unknown" when the node budget ran
    out or, with ``stopped``, when the clock or a cancel ended the search first.
    """

    verdict: Verdict
    moves: tuple[MoveT, ...]
    nodes: int
    seconds: float
    stopped: bool = False


# --- Add/Residue ----------------------------------------------------------------------

ADD_RESIDUE = (*BASIC, "strong", "perfect")
ITERATIONS = 1000  # the strong player's playouts per move: its strength and its cost
# The largest n solved exactly, by number of players: the compiled search keeps a
# table of 2^(2·players·n) · lcm(1..n) positions (63 million bytes at 2 players,
# n = 5; n = 6 would take 1 GB, and 3 players at n = 4 200 MB a seat).
SOLVABLE = {2: 5, 3: 3}


def solvable(options: Options) -> bool:
    """Whether the exact search can hold a game of this size."""
    return options.n <= SOLVABLE.get(options.players, 0)


def check_solvable(options: Options) -> None:
    """Refuse sizes the exact search cannot hold, saying which it can."""
    if not solvable(options):
        sizes = " and ".join(f"{players} players with n up to {n}"
                             for players, n in SOLVABLE.items())
        raise OptionsError(f"perfect play is solved for {sizes};"
                           f" not {options.players} players with n = {options.n}")
