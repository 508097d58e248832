"""What the table is doing, and what each of its shared actions may do then.

The table is in one mode at a time: the player's own keys, auto play moving at its
pace, the rest of the game being worked out at once (``e``), or a replay's line being
worked out. What an action may do is looked up in one table, ``ALLOWED``: for each
mode, the actions it settles (True: run, None: shown but not yet, False: hidden);
the rest depend on the position (``by_position``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Protocol


class Mode(Enum):
    PLAYING = "playing"  # the player's keys move
    AUTO = "auto"  # auto play moves at its pace
    FINISHING = "finishing"  # the rest of the game is being worked out (``e``)
    LOADING = "loading"  # a replay's line is being worked out


# What a line being worked out holds back: each would change the position, or start
# more auto play.
WAITING = ("auto", "speed", "finish", "hint", "undo", "redo", "restart")

Allowed = bool | None  # True: it runs; None: shown, not yet to be used; False: hidden

ALLOWED: Mapping[Mode, Mapping[str, Allowed]] = {
    Mode.PLAYING: {"stop_finishing": False},
    Mode.AUTO: {"stop_finishing": False},
    Mode.FINISHING: {**dict.fromkeys(WAITING), "finish": True, "stop_finishing": True},
    Mode.LOADING: {**dict.fromkeys(WAITING), "stop_finishing": False},
}


class Position(Protocol):
    """What the actions that depend on the position ask of it (a ``Session``)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...


def usable_or_dimmed(usable: bool) -> Allowed:
    """A key that comes and goes with nearly every move (undo, redo, a move with no
    card to move): run when ``usable``, else shown but not usable. Hidden, such keys
    came and went in the footer, which moved the keys after them and laid the whole
    screen out again, twice a key (``docs/TUNING.md``)."""
    return True if usable else None


def by_position(action: str, position: Position) -> Allowed:
    """What the position allows of a shared action no mode has settled."""
    if action in ("auto", "finish", "hint", "speed"):  # + and - are auto play's speed
        return not position.is_over
    if action == "undo":
        return usable_or_dimmed(position.can_undo)
    if action == "redo":
        return usable_or_dimmed(position.can_redo)
    return True


def allowed(mode: Mode, action: str, position: Position) -> Allowed:
    """Whether a shared action may run in ``mode`` at ``position``."""
    settled = ALLOWED[mode]
    return settled[action] if action in settled else by_position(action, position)
