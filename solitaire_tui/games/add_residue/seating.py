"""Who sits at an Add/Residue table: a name for each seat, a person or a computer
level, and the size of the piles.

The rules know players only by seat number; names and who plays each seat belong
to the app. A table is checked whole when it is made, so the set-up screen can
show the first thing wrong in one sentence and a game never starts half-seated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import add_residue
from rules.errors import OptionsError
from rules.roster import ADD_RESIDUE as NAMES
from rules.roster import check_solvable
from rules.words import listed
from solitaire_tui.own_players.seat import is_own

NAME_LENGTH = 10  # the board has a narrow column for names at 80 columns
DEFAULT_NAMES = ("You", "Bea", "Cal", "Dot", "Eli", "Flo")


@dataclass(frozen=True)
class Seat:
    name: str
    # A computer player's name in NAMES, or a player of one's own (its file's name);
    # None: a person plays.
    level: str | None = None

    @property
    def is_person(self) -> bool:
        return self.level is None

    @property
    def label(self) -> str:
        """The name, with the computer level when a computer plays it."""
        return self.name if self.level is None else f"{self.name} ({self.level})"


@dataclass(frozen=True)
class Seating:
    seats: tuple[Seat, ...]
    n: int = add_residue.Options.n
    # Who gives the people hints and plays auto for them: a player of one's own (its
    # file's name); None: the best computer (perfect where the game is solved).
    helper: str | None = None

    def __post_init__(self) -> None:
        add_residue.Options(len(self.seats), self.n)  # the rules' own bounds first
        if self.helper is not None and not is_own(self.helper):
            raise OptionsError(f"Hints come from the best computer or one of your players"
                               f" (a .py file), not {self.helper!r}")
        seen: dict[str, int] = {}
        for number, seat in enumerate(self.seats, 1):
            if not seat.name.strip():
                raise OptionsError(f"Seat {number} needs a name")
            if len(seat.name) > NAME_LENGTH:
                raise OptionsError(f"Names have at most {NAME_LENGTH} characters, and seat"
                                   f" {number}'s has {len(seat.name)}")
            if seat.level is not None and seat.level not in NAMES and not is_own(seat.level):
                raise OptionsError(f"Seat {number}'s computer is {', '.join(NAMES)} or one"
                                   f" of your players (a .py file), not {seat.level!r}")
            if seat.level == "perfect":
                try:
                    check_solvable(add_residue.Options(len(self.seats), self.n))
                except OptionsError as error:
                    raise OptionsError(f"Seat {number} cannot play perfectly: {error}") from None
            first = seen.setdefault(seat.name.casefold(), number)
            if first != number:
                raise OptionsError(f"Seats {first} and {number} are both called {seat.name}:"
                                   " give each seat a name of its own")

    @property
    def options(self) -> add_residue.Options:
        return add_residue.Options(len(self.seats), self.n)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play, by number from 0."""
        return tuple(number for number, seat in enumerate(self.seats) if seat.is_person)

    @property
    def all_people(self) -> bool:
        return len(self.people) == len(self.seats)

    @property
    def variant(self) -> str:
        """As records and titles name the table: the computers' levels are part of it,
        so a record against strong players is not lumped with one against random."""
        levels = [seat.level for seat in self.seats if seat.level is not None]
        if not levels:
            return f"{len(self.seats)} players, n = {self.n}"
        against = listed([f"{levels.count(level)} {level}" if levels.count(level) > 1
                          else level for level in (*NAMES, *sorted(set(levels) - set(NAMES)))
                          if level in levels])
        return f"{len(self.seats)} players, n = {self.n}, against {against}"


@dataclass(frozen=True)
class Offer:
    """A table to fill the set-up with, not yet sat at: the command line's."""

    table: Seating


def default_seating(options: add_residue.Options | None = None,
                    levels: Sequence[str] = ()) -> Seating:
    """You against computers, as many seats and as large piles as ``options`` asks
    (the rules' defaults without): greedy ones, or at ``levels``, given once for them
    all or once for each seat after yours."""
    options = options or add_residue.Options()
    others = options.players - 1
    if len(levels) not in (0, 1, others):
        raise OptionsError(f"you play seat 1: give the computers' player once, or once for"
                           f" each of the other {others} seats, not {len(levels)} times")
    chosen = list(levels) * others if len(levels) == 1 else list(levels) or [NAMES[0]] * others
    return Seating(
        tuple(Seat(name, None if number == 0 else chosen[number - 1])
              for number, name in enumerate(DEFAULT_NAMES[: options.players])),
        options.n,
    )


def make_seating(seats: Sequence[tuple[str, str | None]], n_text: str,
                 helper: str | None = None) -> Seating:
    """A table from the set-up form: (name, level) per seat, n as typed and who gives
    hints; names lose surrounding spaces, which nobody means to type. A game to play
    needs a person at it: computers alone play in the statistics panel's runs, whose
    games a replay shows, and the refusal says where (the menu's t, the panel's r,
    enter on a win in its list)."""
    table = Seating(tuple(Seat(name.strip(), level) for name, level in seats),
                    add_residue.N(n_text), helper)
    if not table.people:
        raise OptionsError("At least one seat must be played by a person; to watch"
                           " computers play, run them in the statistics panel (t on the"
                           " menu, then r) and replay one of their wins (enter on it)")
    return table
