"""What the person at the shell chose for the server (``serve``'s options), as the
server, its visits and their apps read it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """What the person at the shell chose for the server (``serve``'s options)."""

    max_visitors: int
    idle_seconds: float
    visitor_workers: int
    visitor_games: int
    public_url: str | None = None
    seats_each: int = 2  # seats a visitor (and an address) may hold at once
    longest_seconds: float = 8 * 3600  # a visit's longest, however busy
    memory: int = 1000 * 2**20  # bytes an app may hold (``guest``)
