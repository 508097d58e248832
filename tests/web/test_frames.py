"""What a visitor's browser may send, read and bounded without a server."""

from __future__ import annotations

import pytest

from solitaire_tui.web.frames import (
    DEFAULT_SIZE,
    LEAST_SIZE,
    LONGEST_PASTE,
    MOST_SIZE,
    BadFrame,
    Frame,
    Pace,
    Pastes,
    clamped,
    read_frame,
)


@pytest.mark.parametrize(("text", "frame"), [
    ('["stdin", "q"]', Frame("stdin", text="q")),
    ('["resize", {"width": 120, "height": 40}]', Frame("resize", size=(120, 40))),
    ('["resize", {"width": 100000, "height": 100000}]', Frame("resize", size=MOST_SIZE)),
    ('["resize", {"width": -5, "height": 0}]', Frame("resize", size=LEAST_SIZE)),
    ('["ping", "1700000000000"]', Frame("ping", text="1700000000000")),
    ('["focus"]', Frame("focus")),
    ('["blur"]', Frame("blur")),
])
def test_the_pages_frames_are_read(text: str, frame: Frame) -> None:
    assert read_frame(text) == frame


@pytest.mark.parametrize("text", [
    "not json", "", "[]", "{}", "null", "5", '"stdin"', "[5]", '["stdin"]', '["stdin", 5]',
    '["stdin", "a", "b"]', '["resize", 80]', '["resize", {"width": 80}]',
    '["resize", {"width": 80.5, "height": 24}]', '["resize", {"width": true, "height": 1}]',
    '["ping", "' + "1" * 65 + '"]', '["focus", {}]', '["quit"]', '["exit"]',
    "[" * 100_000 + "]" * 100_000,
])
def test_anything_else_is_a_bad_frame_with_a_short_reason(text: str) -> None:
    with pytest.raises(BadFrame) as refused:
        read_frame(text)
    assert 0 < len(str(refused.value)) < 60


@pytest.mark.parametrize(("width", "height", "size"), [
    ("100", "30", (100, 30)), ("20000", "20000", MOST_SIZE), (None, None, DEFAULT_SIZE),
    ("wide", "-3", DEFAULT_SIZE), ("1e9", "٣", DEFAULT_SIZE), ("9" * 50, "2", (80, 4)),
    (0, 1, LEAST_SIZE),
])
def test_a_size_in_the_address_is_clamped_or_the_default(width: object, height: object,
                                                          size: tuple[int, int]) -> None:
    assert clamped(width, height) == size


def test_a_flood_of_frames_is_read_at_the_pace_allowed() -> None:
    now = [0.0]
    pace = Pace(rate=10, clock=lambda: now[0])
    assert [pace.delay() for _ in range(10)] == [0.0] * 10  # a burst is read at once
    assert pace.delay() == pytest.approx(0.1)  # then one frame a tenth of a second
    now[0] += 0.1
    assert pace.delay() == pytest.approx(0.1)
    now[0] += 5  # a pause fills the burst again, no more
    assert [pace.delay() for _ in range(10)] == [0.0] * 10
    assert pace.delay() > 0


def test_a_paste_is_followed_across_frames_and_one_without_end_is_refused() -> None:
    pastes = Pastes()
    pastes.feed("ab\x1b[20")
    assert pastes.pasting == -1
    pastes.feed("0~AS 2S")  # the marker cut between two frames
    assert pastes.pasting >= 0
    pastes.feed(" 3S\x1b[201~q")  # ended, within one frame as a browser sends it
    assert pastes.pasting == -1
    pastes.feed("\x1b[200~" + "x" * (LONGEST_PASTE // 2) + "\x1b[201~")  # ended: fine
    pastes.feed("\x1b[200~" + "x" * (LONGEST_PASTE // 2))
    with pytest.raises(BadFrame, match="paste longer"):
        pastes.feed("x" * (LONGEST_PASTE // 2 + 10))


def test_a_paste_whose_end_is_cut_between_frames_goes_on() -> None:
    """An end marker cut between frames may reach the app as a lone escape key (sent a
    moment before the rest), which leaves the app's paste open: it is counted on."""
    pastes = Pastes()
    pastes.feed("\x1b[200~" + "x" * 1000 + "\x1b")
    pastes.feed("[201~")
    assert pastes.pasting >= 1000
    with pytest.raises(BadFrame, match="paste longer"):
        for _ in range(5):
            pastes.feed("€" * (LONGEST_PASTE // 4))
