"""Hit or Miss's own words: its figures, its passes and its verdict, shared by the
screen and ``play --headless``."""

from __future__ import annotations

from rules import hit_or_miss
from rules.hit_or_miss import Call, State
from rules.words import counted

PLAY_KEYS = {Call.HIT: "x", Call.MISS: "m"}


def pass_words(state: State) -> str:
    """The pass under way, or once the game is over the passes it took."""
    if hit_or_miss.is_over(state):
        return f"passes {state.passes}"
    return f"pass {state.passes + 1}"


def figures(state: State) -> str:
    return (f"count {state.count} · {pass_words(state)} · strikes {state.strikes}"
            f" · left {state.cards_left}")


def verdict(state: State) -> tuple[bool, str]:
    result = hit_or_miss.result(state)
    why = result.why  # the banner itself says won or lost
    if not result.won:
        why += (f"; {counted(result.cards_left, 'card')} left after"
                f" {counted(result.passes, 'pass', 'passes')}")
    return result.won, (f"{why}, {counted(result.strikes, 'strike')},"
                        f" {counted(result.turns, 'card')} turned")


def describe(state: State, move: Call) -> str:
    """A call for the card turned now, and why."""
    assert state.top is not None
    matches = "equals" if move is Call.HIT else "is not"
    return (f"{move.value} ({PLAY_KEYS[move]}): {state.top.glyph} {matches}"
            f" the count {state.count}")
