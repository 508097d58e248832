"""Hit or Miss relay: players in a row, each playing Hit or Miss on the cards the
player before it hit, in lockstep rounds (contest problem "Hit or Miss", ECNA 2004).

A round: every player holding cards says its count; a hit goes to the next player
(the last player discards it), a miss to the bottom of the player's own deck. Then
every player but the first puts the card passed to it at the bottom of its deck.
The game is deterministic, so its one move is ``ROUND``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from math import lcm

from rules.cards import Card
from rules.errors import DeckError, IllegalMove, OptionsError
from rules.values import Whole

MIN_PLAYERS, MAX_PLAYERS = 1, 10
PLAYERS = Whole("players", MIN_PLAYERS, MAX_PLAYERS)  # as typed


class Step(enum.Enum):
    ROUND = "round"


ROUND = Step.ROUND


@dataclass(frozen=True)
class Options:
    """One player is the contest's solo game; the relay proper starts at two."""

    players: int = 4

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise OptionsError(
                f"the relay takes {MIN_PLAYERS}..{MAX_PLAYERS} players, not {self.players}"
            )


@dataclass(frozen=True)
class State:
    options: Options
    decks: tuple[tuple[Card, ...], ...]  # per player, top card first
    counts: tuple[int, ...]  # per player, the count it says next
    last_hits: tuple[Card | None, ...]  # per player, the last card it matched
    passed: tuple[Card | None, ...]  # per player, the card it hit in the last round
    discards: tuple[Card, ...]  # the last player's discards
    rounds: int = 0
    quiet_rounds: int = 0  # rounds in a row in which nobody hit

    @property
    def players(self) -> int:
        return self.options.players


@dataclass(frozen=True)
class Result:
    won: bool
    rounds: int
    last_hits: tuple[Card | None, ...]
    reason: str  # "won: …" or "unwinnable: …", a sentence for the player

    @property
    def why(self) -> str:
        """The reason without its "won: " or "unwinnable: ", for a heading that says
        which."""
        return self.reason.removeprefix("won: " if self.won else "unwinnable: ")


def new_game(options: Options, deck: tuple[Card, ...]) -> State:
    if not deck:
        raise DeckError("the relay needs at least one card")
    empty: tuple[Card, ...] = ()
    none: tuple[Card | None, ...] = (None,) * options.players
    return State(
        options,
        decks=(tuple(deck),) + (empty,) * (options.players - 1),
        counts=(1,) * options.players,
        last_hits=none,
        passed=none,
        discards=(),
    )


def hopeless_after(state: State) -> int:
    """Rounds without a hit after which nobody can ever hit again.

    With no hit, no deck changes: each player just rotates its deck while its count
    advances, so its position repeats every lcm(deck size, 13) rounds. Once the
    longest of those cycles has passed without a hit, every player has met every
    position it can reach, and the game is lost.
    """
    return max(lcm(len(deck), 13) for deck in state.decks if deck)


def is_won(state: State) -> bool:
    return not any(state.decks)


def is_unwinnable(state: State) -> bool:
    return not is_won(state) and state.quiet_rounds >= hopeless_after(state)


def is_over(state: State) -> bool:
    # Asked three times a round by every replay, so the cheap test first: no cycle is
    # shorter than 13 rounds, and hits seldom leave 13 quiet rounds in a row.
    if state.quiet_rounds < 13:
        return is_won(state)
    return is_won(state) or is_unwinnable(state)


def legal_moves(state: State) -> tuple[Step, ...]:
    return () if is_over(state) else (ROUND,)


def apply(state: State, move: Step) -> State:
    if move is not ROUND:
        raise IllegalMove(f"the relay's only move is a round, not {move!r}")
    if is_over(state):
        raise IllegalMove("the game is over: start a new deal or replay this one")
    # The hot loop of every replay: most rounds hit nothing, so the last hits and the
    # receiving decks are rebuilt only after a hit.
    decks = list(state.decks)
    counts = list(state.counts)
    passed: list[Card | None] = [None] * state.players
    hit = False
    for player, deck in enumerate(decks):
        if not deck:
            continue  # waits, keeping its count for when a card arrives
        count = counts[player]
        top = deck[0]
        if top.rank == count:
            passed[player] = top
            decks[player] = deck[1:]
            hit = True
        else:
            decks[player] = deck[1:] + deck[:1]
        counts[player] = count % 13 + 1
    last_hits = state.last_hits
    if hit:
        last_hits = tuple([old if new is None else new
                           for old, new in zip(last_hits, passed, strict=True)])
        for player in range(1, state.players):
            card = passed[player - 1]
            if card is not None:
                decks[player] += (card,)
    last = passed[-1]
    # Positional arguments: with keywords, building the frozen State takes half as long
    # again.
    return State(
        state.options,
        tuple(decks),
        tuple(counts),
        last_hits,
        tuple(passed),
        state.discards if last is None else (*state.discards, last),
        state.rounds + 1,  # rounds
        0 if hit else state.quiet_rounds + 1,  # quiet_rounds
    )


def result(state: State) -> Result:
    if not is_over(state):
        raise IllegalMove("the game is not over yet")
    won = is_won(state)
    if won:
        reason = f"won: the last player discarded every card in {state.rounds} rounds"
    else:
        reason = (
            f"unwinnable: no player hit for {state.quiet_rounds} rounds, so every player's"
            " deck and count are back where they were and no card can ever match"
        )
    return Result(won=won, rounds=state.rounds, last_hits=state.last_hits, reason=reason)
