"""How numbers of things are written, the same on every screen and command: "1 player",
"2 players", "1,000,000 games"."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with thousands separators and ``noun``, plural unless it is one."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"
