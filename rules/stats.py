"""Win rates with confidence intervals, score histograms, and tallies that merge.

A tally is what a batch of games leaves behind: counts, never one record per game,
so a billion-game run costs no more memory than a thousand. Tallies of two parts of
a run merge into exactly the tally of the whole run, which lets workers split the
deals any way they like.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
FIRST_WINS_KEPT = 1000


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate.

    Chosen over the plain normal interval because win rates here are often near 0
    (Hit or Miss) where the plain one goes below zero and is far too narrow.
    """
    if games <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be within 0..{games}, not {wins}")
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # At 0 and 100% the ends equal p exactly in theory; rounding must not move them off it.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def seat_advantage(wins: Sequence[int], games: int, seat: int,
                   z: float = Z95) -> tuple[float, float, float]:
    """A seat's win rate minus the mean of the other seats' (wins alone, on the same
    games), with its interval: (difference, low, high).

    Per game the seat scores 1 if it wins alone, -1/(k-1) if another seat does and 0
    on a tie, so the difference is that score's mean; the interval is the normal one
    for it, its variance read off the same counts (the seats' wins are not
    independent: one game has one winner at most)."""
    others = len(wins) - 1
    if games <= 0 or others < 1:
        return (math.nan, -1.0, 1.0)
    rate = wins[seat] / games
    rest = (sum(wins) - wins[seat]) / games
    difference = rate - rest / others
    variance = max(0.0, rate + rest / others**2 - difference**2)
    half = z * math.sqrt(variance / games)
    return (difference, max(-1.0, difference - half), min(1.0, difference + half))


@dataclass
class Histogram:
    """Counts of integer scores (cards left, passes, points, …)."""

    counts: Counter[int] = field(default_factory=Counter)

    def add(self, value: int, times: int = 1) -> None:
        self.counts[value] += times

    def merge(self, other: Histogram) -> None:
        self.counts.update(other.counts)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def mean(self) -> float:
        total = self.total
        return sum(v * c for v, c in self.counts.items()) / total if total else math.nan

    def items(self) -> list[tuple[int, int]]:
        """(value, count) pairs by value, for tables and plots."""
        return sorted(self.counts.items())

    def binned(self, bins: int) -> list[tuple[int, int, int]]:
        """(first value, last value, count) for at most ``bins`` equal ranges of the
        values seen, so a score with a thousand values still draws in a few bars."""
        items = self.items()
        if not items:
            return []
        low, high = items[0][0], items[-1][0]
        width = max(1, math.ceil((high - low + 1) / bins))
        counts: dict[int, int] = {}
        for value, count in items:
            start = low + (value - low) // width * width
            counts[start] = counts.get(start, 0) + count
        # The last range ends at the highest value seen, never past it: 48–52 of 52
        # cards, not 48–53.
        return [(start, min(start + width - 1, high), count)
                for start, count in sorted(counts.items())]


@dataclass
class Tally:
    """What a batch of numbered deals left: games, wins, a histogram per score (cards
    left, passes, …) and the lowest-numbered winning deals, so a rare win can be
    replayed. ``ties`` counts shared wins where a game has them (Add/Residue's equal
    top scores); ``wins`` are then the games won alone."""

    games: int = 0
    wins: int = 0
    ties: int = 0
    histograms: dict[str, Histogram] = field(default_factory=dict)
    first_wins: list[int] = field(default_factory=list)

    def histogram(self, name: str) -> Histogram:
        return self.histograms.setdefault(name, Histogram())

    def add(self, deal: int, won: bool, tied: bool = False, **scores: int) -> None:
        """One game: its deal number, whether it was won (or the win shared), and its
        named scores."""
        if won and tied:
            raise ValueError("a game is won alone or shared, not both")
        self.games += 1
        self.ties += tied
        for name, value in scores.items():
            self.histogram(name).add(value)
        if won:
            self.wins += 1
            if len(self.first_wins) < FIRST_WINS_KEPT or deal < self.first_wins[-1]:
                self.first_wins = sorted([*self.first_wins, deal])[:FIRST_WINS_KEPT]

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.ties += other.ties
        for name, histogram in other.histograms.items():
            self.histogram(name).merge(histogram)
        self.first_wins = sorted({*self.first_wins, *other.first_wins})[:FIRST_WINS_KEPT]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.ties


def merged(tallies: Iterable[Tally]) -> Tally:
    total = Tally()
    for tally in tallies:
        total.merge(tally)
    return total
