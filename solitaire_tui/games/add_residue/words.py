"""Add/Residue's own words: the figures, the places and who won, a move's effect and
the move log, shared by the screen and ``play --headless`` (which names the seats
P1, P2 …)."""

from __future__ import annotations

from collections.abc import Sequence

from rules import add_residue
from rules.add_residue import Move, Pile, State
from rules.words import counted, listed


def figures(state: State) -> str:
    left = add_residue.moves_left(state)
    return f"m = {state.m} · {counted(left, 'move')} to go"


def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def places(state: State, names: Sequence[str]) -> str:
    """Each place, best first, with its players and score: a tie shares a place."""
    shown, place = [], 1
    for score, seats in add_residue.result(state).ranking():
        each = " each" if len(seats) > 1 else ""
        shown.append(f"{ordinal(place)} {listed([names[p] for p in seats])},"
                     f" {counted(score, 'point')}{each}")
        place += len(seats)
    return " · ".join(shown)


def winners(state: State, names: Sequence[str]) -> str:
    """Who won: "Ann wins", "You win", "Ann and Ben share the win"."""
    won = [names[p] for p in add_residue.result(state).winners]
    verb = ("share the win" if len(won) > 1
            else "win" if won[0].casefold() == "you" else "wins")
    return f"{listed(won)} {verb}"


def effect(state: State, move: Move) -> str:
    """What ``move`` does at ``state``, in words, for hints and the number typed."""
    m = add_residue.value_after(state.m, move)
    scores = f", scoring {m}" if move.pile is Pile.MOD else ""
    return f"{move} (m becomes {m}{scores})"


def log(start: State, moves: Sequence[Move], names: Sequence[str]) -> list[str]:
    """The moves made, one line each, numbered."""
    lines, state = [], start
    for count, move in enumerate(moves, 1):
        after = add_residue.apply(state, move)
        scored = f", scores {after.m}" if move.pile is Pile.MOD else ""
        lines.append(f"{count:>3}. {names[state.to_move]}: {move} → m = {after.m}{scored}")
        state = after
    return lines
