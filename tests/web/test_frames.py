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
    TooLong,
    Typed,
    clamped,
    is_person,
    read_frame,
)

pytestmark = pytest.mark.engine_free


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


def test_a_flood_of_keys_is_read_at_the_pace_allowed() -> None:
    now = [0.0]
    pace = Pace(rate=10, clock=lambda: now[0])
    assert [pace.delay() for _ in range(20)] == [0.0] * 20  # a burst is read at once
    assert pace.delay() == pytest.approx(0.1)  # then one frame a tenth of a second
    now[0] += 0.1
    assert pace.delay() == pytest.approx(0.1)
    now[0] += 5  # a pause fills the burst again, no more
    assert [pace.delay() for _ in range(20)] == [0.0] * 20
    assert pace.delay() > 0
    now[0] += 5
    assert pace.delay(keys=20) == 0.0  # a frame of many keys costs them all
    assert pace.delay(keys=10) == pytest.approx(1.0)


@pytest.mark.parametrize(("keys", "typed"), [
    ("q", Typed(1, 1, True)),
    ("jjjj", Typed(4, 4, True)),
    ("\x1b[A\x1b[1;5C\x1b[3~\x1bOP\x1bx", Typed(5, 5, True)),  # arrows, delete, F1, alt+x
    ("\x1b[<0;10;5M\x1b[<0;10;5m", Typed(2, 2, True)),  # a click
    ("\x1b[<64;10;5M", Typed(1, 1, True)),  # the wheel
    ("\x1b[<35;10;5M\x1b[<35;11;5M", Typed(2, 2, False)),  # the mouse moving
    ("\x1b[I\x1b[O", Typed(2, 2, False)),  # focus in and out
    ("\x1b[?2026;2$y\x1b[?1;2c\x1b[48;30;100;0;0t\x1b[5;1R", Typed(4, 4, False)),  # answers
    ("\x1b[200~" + "x" * 3000 + "\x1b[201~", Typed(3, 0, True)),  # a paste: a key a KiB
    ("a\x1b[200~AS 2S\x1b[201~b", Typed(3, 2, True)),
])
def test_keys_are_counted_and_a_persons_told_from_the_terminals(keys: str,
                                                                typed: Typed) -> None:
    assert Pastes().feed(keys) == typed


def test_a_terminals_own_words_are_no_persons() -> None:
    assert is_person("x") and is_person("\x1b[15~") and is_person("\x1b[<2;1;1M")
    assert not any(map(is_person, ("\x1b[I", "\x1b[O", "\x1b[?2026;2$y", "\x1b[<32;1;1M")))


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
    with pytest.raises(TooLong, match="paste longer"):
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
