"""The hint player: who it is, its moves, and the hints asked for and answered.

A table answers the screen's one question about hints with a ``HintPlayer``: its
name, its move in a position, the engine part that move needs and the stand-in
that answers while that part compiles, and what to say while it thinks. A move
that searches is handed a ``Search``: whether to stop, and where to say how far it
has got; the screen passes both, so neither is kept on the table.

A slow hint is worked out in the background (``GameTable.SLOW_HINTS``) for the
position it was asked in. ``Asks`` remembers that position and what the answer is
wanted for (shown as a hint, played by auto play, or both), so that an answer that
comes after the position changed, or after it was asked again, is dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from rules.play import Rules
from solitaire_tui.play.auto import BUDGET

S = TypeVar("S")
M = TypeVar("M")

HINT, AUTO, PEEK = "hint", "auto", "peek"  # what a hint may be wanted for
THINKING = "Thinking…"  # said while a slow hint is worked out, unless a player says more


def _never() -> bool:
    return False


def _unheard(nodes: int) -> None:
    """A search's progress that nobody shows."""


class Search(NamedTuple):
    """What a hint that searches is handed by whoever asked it: ``stop()`` is asked as
    it goes (a cancelled worker's), ``progress(positions)`` hears how far it has got
    (from the search's own thread)."""

    stop: Callable[[], bool] = _never
    progress: Callable[[int], None] = _unheard


UNASKED = Search()  # a search nobody stops or hears


@dataclass(frozen=True)
class HintPlayer(Generic[S, M]):
    """Who gives hints, plays auto and finishes a game (``e``), as the table answers
    the screen's question ``GameTable.hint_player``."""

    name: str  # as the screen names whose moves they were ("fair", "mine.py")
    move: Callable[[S, Search], M | None]  # its move, None where it has none to suggest
    part: str | None = None  # the engine part ``move`` calls (``engine.Part``), if any
    # A player that needs nothing compiled: it answers at once while the warm-up still
    # compiles ``part`` on a first start, rather than the player waiting for the
    # compile; None where there is none (the player is then told how long the wait is).
    stand_in: HintPlayer[S, M] | None = None
    thinking: str = THINKING  # what the screen says while a slow hint is worked out

    def hint(self, state: S) -> M | None:
        """Its move from ``state``, searched to the end, unheard."""
        return self.move(state, UNASKED)

    def searching(self, search: Search) -> Callable[[S], M | None]:
        """Its move as a function of the position alone, for ``line`` and
        ``hint_moves``: every search it makes handed ``search``."""
        return lambda state: self.move(state, search)


def chooser(name: str, choose: Callable[[S], M | None], *, part: str | None = None,
            stand_in: HintPlayer[S, M] | None = None,
            thinking: str = THINKING) -> HintPlayer[S, M]:
    """A hint player that never searches: ``choose`` is its move."""
    return HintPlayer(name, lambda state, _: choose(state), part, stand_in, thinking)


class Asks(Generic[S]):
    """The position a slow hint is being worked out for, if any, and its purposes."""

    def __init__(self) -> None:
        self.state: S | None = None
        self.wanted: set[str] = set()

    @property
    def busy(self) -> bool:
        return self.state is not None

    def ask(self, state: S, purpose: str) -> bool:
        """Want the hint for ``state`` for ``purpose`` too; True when it is a new
        question, to be worked out (not one already under way)."""
        new = self.state is not state
        self.wanted = (set() if new else self.wanted) | {purpose}
        self.state = state
        return new

    def answered(self, state: S) -> set[str] | None:
        """What the answer for ``state`` is wanted for; None when it is stale (asked
        again meanwhile, or dropped)."""
        if state is not self.state:
            return None
        self.state = None
        return self.wanted

    def failed(self, state: S) -> bool:
        """Whether a failure for ``state`` concerns the question under way (which is
        then dropped)."""
        if state is not self.state:
            return False
        self.state = None
        return True

    def drop(self) -> None:
        """Forget the question under way: its answer will come too late."""
        self.state = None


def hint_moves(rules: Rules[S, M], hint: Callable[[S], M | None], state: S) -> Iterator[M]:
    """The hint player's game from ``state``, move by move, to its end or to a
    position where it has no move to suggest."""
    while not rules.is_over(state):
        move = hint(state)
        if move is None:
            return
        yield move
        state = rules.apply(state, move)


def line(rules: Rules[S, M], hint: Callable[[S], M | None], state: S, most: float,
         clock: Callable[[], float] = time.monotonic) -> list[M]:
    """The hint player's next moves from ``state``: up to ``most``, as many as it finds
    in ``BUDGET`` seconds, and at least one if it has one."""
    until = clock() + BUDGET
    moves: list[M] = []
    for move in hint_moves(rules, hint, state):
        moves.append(move)
        if len(moves) >= most or clock() >= until:
            break
    return moves
