"""Add/Residue's table as its screen's tests reach it: the screen in front, a wait for
the computers' moves up to a person's turn, and a player of one's own that takes the
most it can."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from solitaire_tui.games.add_residue.screen import AddResidueScreen

GREEDY = ("def play(view):\n"
          "    return max(view.moves, key=lambda move: (view.gain(move), -view.after(move)))\n")


def board(app: Any) -> AddResidueScreen:
    screen = app.screen
    assert isinstance(screen, AddResidueScreen)
    return screen


async def until_a_person_moves(pilot: Pilot[None], screen: AddResidueScreen) -> None:
    for _ in range(2000):
        state = screen.session.state
        if screen.session.is_over or screen.table.seating.seats[state.to_move].is_person:
            return
        await pilot.pause(0.01)
    raise AssertionError("the computers did not move")
