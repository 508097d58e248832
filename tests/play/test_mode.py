"""What each mode allows of the shared actions, and what the position decides."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from solitaire_tui.play.mode import ALLOWED, WAITING, Mode, allowed

pytestmark = pytest.mark.engine_free


@dataclass
class Position:
    is_over: bool = False
    can_undo: bool = True
    can_redo: bool = True


@pytest.mark.parametrize("mode", [Mode.FINISHING, Mode.LOADING])
def test_a_line_being_worked_out_holds_back_what_would_change_the_position(mode: Mode) -> None:
    for action in WAITING:
        expected = True if (mode, action) == (Mode.FINISHING, "finish") else None
        assert allowed(mode, action, Position()) is expected, action


def test_esc_stops_only_a_finish_and_the_speed_is_set_before_auto_play_too() -> None:
    assert [allowed(mode, "stop_finishing", Position()) for mode in Mode] == [
        False, False, True, False]
    assert [allowed(mode, "speed", Position()) for mode in Mode] == [True, True, None, None]


def test_the_position_decides_the_rest() -> None:
    over = Position(is_over=True, can_undo=True, can_redo=False)
    assert [allowed(Mode.PLAYING, action, over)
            for action in ("auto", "finish", "hint", "speed")] == [False] * 4
    assert allowed(Mode.PLAYING, "undo", over) is True
    assert allowed(Mode.PLAYING, "redo", over) is None  # shown, not usable: it stays put
    assert allowed(Mode.PLAYING, "stats", over) is True


def test_every_mode_has_its_row() -> None:
    assert set(ALLOWED) == set(Mode)
