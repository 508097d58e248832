"""What a statistics run may ask for: anything, for the person at this machine's keys;
less, for a web visitor (``serve`` starts its apps as guests).

A visitor is a guest: a run of 10¹⁸ games on every core, or one sent to a Dask
scheduler (whose client runs the code a scheduler sends it) is not theirs to ask for.
The panel offers and checks what its ``Limits`` allow.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import values


@dataclass(frozen=True)
class Limits:
    workers: int | None = None  # the most threads a run plays on; None: every core
    games: int = values.MOST_GAMES  # the most games a run plays
    cluster: bool = True  # whether a run may go to a Dask cluster

    @property
    def games_field(self) -> values.Whole:
        """The Games field's number, held to this limit."""
        if self.games == values.GAMES.high:
            return values.GAMES
        return values.Whole("games", 1, self.games, counts=True,
                            why="the most this server lets a visitor's run play")

    def workers_offered(self, cores: int) -> int:
        return max(1, min(cores, self.workers or cores))


OWNER = Limits()


def guest(workers: int, games: int) -> Limits:
    """A web visitor's: no cluster, and the server's caps on workers and games."""
    return Limits(workers, games, cluster=False)
