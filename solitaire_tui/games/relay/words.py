"""The relay's own words: its figures, the last matches and its verdict, shared by
the screen and ``play --headless``."""

from __future__ import annotations

from rules import relay
from rules.relay import State
from rules.words import counted

LOST = "Unwinnable"  # how ``play --headless`` says a game that cannot be won ended


def last_matches(state: State) -> str:
    """Each player's last match, player 1 first, in a player's words (``judge`` gives
    the same answer in the contest's format)."""
    return " ".join(card.rank_text if card else "–" for card in state.last_hits)


def figures(state: State) -> str:
    return (f"no hit for {counted(state.quiet_rounds, 'round')}"
            f" · discarded {len(state.discards)}")


def verdict(state: State) -> tuple[bool, str]:
    result = relay.result(state)
    if not result.won:
        return False, result.why
    return True, f"{result.why} · last matches, player 1 first: {last_matches(state)}"
