"""What your own Add/Residue player sees, and how it names its moves.

Your player is a Python file with a function ``play(view)`` that returns a move, for
its seat at the table; the other seats are the built-in players the run names.
``view`` is an ``AddResidueView``: the table (m, every seat's piles and score), the
seat it plays, and the questions a player asks ("what does m become?", "what does
this score?"). Seats are numbered from 1, as on the screen.

A move is named as the screen writes it: ``"add 3"`` spends the 3 of your add pile
(m becomes m + 3), ``"mod 5"`` the 5 of your mod pile (m becomes m mod 5, and you
score the new m).

Nothing is hidden in Add/Residue, so every player sees everything (there is no
clairvoyant kind).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

from rules import add_residue
from rules.add_residue import Move, Options, Pile, State
from rules.errors import IllegalMove
from rules.players.add_residue import seated
from rules.words import shortened

SCORES = ("points",)
DEAL = "game"  # what a numbered game is called (no cards are dealt)
COMPILED_BY = ""  # no compiled players yet: they play in plain Python
_NAME = re.compile(r"^(add|mod|a|m)\s*(\d{1,2})$")


class AddResidueView:
    """The table as your player sees it before its move."""

    def __init__(self, state: State, deal: int) -> None:
        self._state = state
        self.deal = deal  # the game's number

    @property
    def m(self) -> int:
        """The shared value."""
        return self._state.m

    @property
    def seat(self) -> int:
        """Your seat, from 1."""
        return self._state.to_move + 1

    @property
    def players(self) -> int:
        return self._state.options.players

    @property
    def n(self) -> int:
        """Each pile starts with the numbers 1..n."""
        return self._state.options.n

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's score, seat 1 first."""
        return self._state.scores

    @property
    def add(self) -> tuple[int, ...]:
        """The numbers left in your add pile, smallest first."""
        return self.add_of(self.seat)

    @property
    def mod(self) -> tuple[int, ...]:
        """The numbers left in your mod pile, smallest first."""
        return self.mod_of(self.seat)

    def add_of(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted(self._state.add[_index(seat, self.players)]))

    def mod_of(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted(self._state.mod[_index(seat, self.players)]))

    @property
    def moves_made(self) -> int:
        """Moves made so far, every seat's."""
        return self._state.turn

    @property
    def moves_left(self) -> int:
        """Moves still to come, yours and everyone's, this one included."""
        return add_residue.moves_left(self._state)

    @cached_property
    def moves(self) -> tuple[str, ...]:
        """Your legal moves, by name: the add pile's, then the mod pile's."""
        return tuple(str(move) for move in add_residue.legal_moves(self._state))

    @cached_property
    def random(self) -> random.Random:
        """Random numbers seeded by the game's number and your seat: the same game is
        played the same way on any number of workers."""
        return random.Random(self.deal * 8 + self.seat)

    def after(self, move: str) -> int:
        """What m becomes after ``move``."""
        return add_residue.value_after(self.m, move_named(self._state, move))

    def gain(self, move: str) -> int:
        """What ``move`` scores: the new m for a mod, nothing for an add."""
        return self.after(move) if move_named(self._state, move).pile is Pile.MOD else 0


def _index(seat: int, players: int) -> int:
    if not 1 <= seat <= players:
        raise IllegalMove(f"there is no seat {seat}: they are numbered 1 to {players}")
    return seat - 1


def move_named(state: State, name: object, view: AddResidueView | None = None) -> Move:
    """The move ``name`` stands for ("add 3", "mod 5"); ``IllegalMove`` says why a
    name stands for none (``apply`` then says if it is not legal)."""
    if not isinstance(name, str):
        raise IllegalMove(f"a move is named by a string such as 'add 3' or 'mod 5' (one of"
                          f" view.moves), not {type(name).__name__}")
    found = _NAME.match(name.strip().lower())
    if found is None:
        raise IllegalMove(f"{shortened(name)} names no move; moves are 'add N' or 'mod N'")
    pile = Pile.ADD if found.group(1).startswith("a") else Pile.MOD
    return Move(pile, int(found.group(2)))


def name_of(state: State, move: Move) -> str:
    return str(move)


def fields(options: Mapping[str, Any]) -> tuple[str, ...]:
    """Each seat's score, then the winners as a bitmask (the compiled kernel's)."""
    return (*(f"score_{seat + 1}" for seat in range(table_of(options).players)), "winners")


def table_of(options: Mapping[str, Any]) -> Options:
    return Options(int(options["players"]), int(options["n"]))


def start(deal: int, options: Mapping[str, Any]) -> State:
    """The first position (Add/Residue deals nothing: ``deal`` seeds the players)."""
    return add_residue.new_game(table_of(options))


def others(deal: int, options: Mapping[str, Any], own: str) -> Callable[[State], Move | None]:
    """The built-in seats' moves in game ``deal``, seeded as the compiled kernel seeds
    them: None when it is the turn of a seat ``own`` (your player) sits in."""
    levels = list(options["strategies"])
    players = seated([None if level == own else level for level in levels], deal,
                     table_of(options))

    def move(state: State) -> Move | None:
        player = players.get(state.to_move)
        return None if player is None else player.choose(state)

    return move


def view(state: State, deal: int, clairvoyant: bool) -> AddResidueView:
    return AddResidueView(state, deal)


def row(state: State, options: Mapping[str, Any]) -> tuple[int, ...]:
    """A finished game's row as the compiled kernel's: each seat's score, then the
    winners as a bitmask."""
    result = add_residue.result(state)
    return (*result.scores, sum(1 << seat for seat in result.winners))


apply = add_residue.apply
is_over = add_residue.is_over
