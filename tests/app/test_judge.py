"""The POJ 2035 judge: the published sample byte for byte, and malformed input."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from solitaire_tui import judge_blocks
from solitaire_tui.bench.judge import case_text, random_cases
from solitaire_tui.judge import (
    LONGEST_LINE,
    PLAIN_CASES,
    Case,
    JudgeInputError,
    case_line,
    checked,
    judge,
    judged,
    lines_of,
    parse,
    solve,
)

DATA = Path(__file__).parents[1] / "data"
ROW_1 = " ".join(str(v) for v in list(range(1, 14)) * 4)


def test_published_sample_byte_for_byte() -> None:
    sample = (DATA / "poj2035_sample.in").read_text()
    assert judge(sample) == (DATA / "poj2035_sample.out").read_text()
    assert judge(sample) == "Case 1: 13 13 13 13\nCase 2: unwinnable\n"


def test_one_player_and_ten_players() -> None:
    assert solve(Case(1, tuple(range(1, 14)) * 4)) == [13]
    assert solve(Case(10, tuple(range(1, 14)) * 4)) == [13] * 10


def test_blank_lines_and_windows_line_ends_are_accepted() -> None:
    assert judge(f"1\r\n\r\n4 {ROW_1}\r\n\n") == "Case 1: 13 13 13 13\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the input is empty"),
        ("1" * 5000 + "\n", "the number of cases must be a whole number from 0 to 10⁹, not '1111"),
        ("x\n", "line 1: the number of cases must be a whole number from 0 to 10⁹, not 'x'"),
        ("1 2\n", "line 1: expected just the number of cases, found 2 numbers"),
        ("2\n4 " + ROW_1 + "\n", "promises 2 cases but the input holds 1"),
        ("1\n4 " + ROW_1 + "\n4 " + ROW_1 + "\n", "line 3: an extra line after the 1 cases"),
        ("1\n11 " + ROW_1 + "\n", "case 1: token 1, the player count, must be .*, not '11'"),
        ("1\n0 " + ROW_1 + "\n", "player count, must be .* to 10, not '0'"),
        ("1\nfour " + ROW_1 + "\n", "case 1: token 1, the player count, must be .*, not 'four'"),
        ("1\n4 " + ROW_1.replace("7", "x", 1) + "\n", "token 8 must be .* 1 to 13, not 'x'"),
        ("1\n4 " + ROW_1.replace("13", "14", 1) + "\n", "token 14 must be .* 1 to 13, not '14'"),
        ("1\n4 " + ROW_1.replace("1 ", "0 ", 1) + "\n", "token 2 must be .* 1 to 13, not '0'"),
        ("1\n4 " + ROW_1.rsplit(" ", 1)[0] + "\n", "case 1: 51 card values where 52 are needed"),
        ("1\n4 " + ROW_1 + " 5\n", "52 are needed \\(token 54, '5', is extra\\)"),
        ("1\n4 " + ROW_1.replace("2", "-2", 1) + "\n", "token 3 must be .*, not '-2'"),
    ],
)
def test_malformed_input_names_the_case_and_token(text: str, message: str) -> None:
    with pytest.raises(JudgeInputError, match=message):
        parse(text)


def test_a_byte_order_mark_at_the_start_is_no_part_of_the_count() -> None:
    assert judge(f"\ufeff1\n4 {ROW_1}\n") == "Case 1: 13 13 13 13\n"


def test_a_line_longer_than_any_case_is_refused_before_it_is_split() -> None:
    with pytest.raises(JudgeInputError, match="line 2 is longer than any case"):
        parse("1\n4 " + "1 " * 1_000_000 + "\n")
    stream = io.StringIO("1\n4 " + "7 " * 2_000_000 + "\n")
    read = lines_of(stream)
    assert next(read) == "1\n"
    assert len(next(read)) == LONGEST_LINE + 1  # a piece, not the whole line


def test_each_answer_comes_as_soon_as_its_case_is_read() -> None:
    consumed: list[int] = []

    def lines() -> Iterator[str]:
        for number, line in enumerate(["2", f"4 {ROW_1}", f"4 {ROW_1}"], 1):
            consumed.append(number)
            yield line

    answers = judged(lines())
    assert next(answers) == "Case 1: 13 13 13 13" and consumed == [1, 2]
    assert next(answers) == "Case 2: 13 13 13 13" and consumed == [1, 2, 3]


def contest_cases(count: int, seed: int) -> list[str]:
    """Random cases as the contest allows them, as lines: 1..10 players, a shuffled
    deck or (three in ten) any 52 values."""
    return [case_text(case) for case in random_cases(count, seed, any_values=0.3)]


@pytest.mark.slow
@pytest.mark.parametrize("at_hand", [True, False], ids=["blocks", "one-by-one"])
def test_the_compiled_relay_answers_as_the_plain_solver_does(at_hand: bool) -> None:
    """Past the first cases the answers come from the relay's kernel, a block at a
    time (as big as the input at hand allows): the same answers, in order."""
    rows = contest_cases(PLAIN_CASES + 1500, seed=36)
    expected = [case_line(k, solve(case)) for k, case in enumerate(parse(
        "\n".join([str(len(rows)), *rows])), 1)]
    assert list(judged([str(len(rows)), *rows], lambda: at_hand)) == expected
    assert sum("unwinnable" in line for line in expected) > 100


def test_a_fault_after_a_block_comes_after_every_answer_before_it() -> None:
    rows = contest_cases(PLAIN_CASES + 200, seed=37)
    answers: list[str] = []
    with pytest.raises(JudgeInputError, match="case 265: token 3"):
        for answer in judged([str(len(rows) + 1), *rows, "3 1 x"]):
            answers.append(answer)
    assert [line.split(":")[0] for line in answers] == [
        f"Case {k}" for k in range(1, len(rows) + 1)]


def test_an_extra_line_inside_a_block_is_named_after_the_answers_before_it() -> None:
    rows = contest_cases(PLAIN_CASES + 40, seed=38)
    promised = PLAIN_CASES + 30
    answers: list[str] = []
    with pytest.raises(JudgeInputError, match=f"line {promised + 2}: an extra line after"):
        answers.extend(judged([str(promised), *rows]))
    assert len(answers) == promised


# Tokens a contest's plain reader must take or hand on: plain values, then others that
# ``rules.values`` reads or refuses (leading zeros, signs, three digits, other digits).
PLAIN = [str(value) for value in range(1, 14)]
ODD = ["0", "07", "010", "14", "99", "100", "+3", "-2", "x", "\uff17", "1.0"]
SPACES = [" ", " ", " ", "  ", "\t", " \t "]


@st.composite
def contest_lines(draw: st.DrawFn) -> list[str]:
    """Lines of a contest's input past its count, mostly plain, some not quite."""
    lines = []
    for _ in range(draw(st.integers(1, 12))):
        if draw(st.booleans()) and draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", " ", "\t", "\r"])))
            continue
        count = draw(st.sampled_from([53] * 8 + [52, 54]))
        # A line's tokens and gaps as bytes, each byte one choice: drawn one by one,
        # a line's hundred choices cost hypothesis more than the test itself.
        chosen = draw(st.binary(min_size=2 * count - 1, max_size=2 * count - 1))
        tokens = [PLAIN[chosen[0] % 10], *(PLAIN[b % len(PLAIN)] for b in chosen[1:count])]
        if draw(st.integers(0, 3)) == 0:  # one token odd
            tokens[draw(st.integers(0, count - 1))] = draw(st.sampled_from(ODD))
        spaces = [SPACES[b % len(SPACES)] for b in chosen[count:]]
        line = tokens[0] + "".join(
            gap + token for gap, token in zip(spaces, tokens[1:], strict=True))
        lines.append(draw(st.sampled_from(["", " ", "\t"])) + line
                     + draw(st.sampled_from(["", " ", "\r", "\n", " \n"])))
    return lines


@given(contest_lines())
@settings(max_examples=300, deadline=None)
@pytest.mark.slow
def test_plain_blocks_are_read_as_the_checked_reader_reads_them(lines: list[str]) -> None:
    """The block reader either reads the very cases ``checked`` reads, or hands the
    block on to it; it takes every block of plain lines."""
    block = judge_blocks.plain(lines, LONGEST_LINE)
    try:
        found = list(checked(enumerate(lines, 2), 0, len(lines)))
    except JudgeInputError:
        assert block is None
        return
    plain = all(token in PLAIN[:10] if position == 0 else token in PLAIN
                for line in lines for position, token in enumerate(line.split()))
    if block is None:
        assert not plain
        return
    event("read as a block")
    assert block.players.tolist() == [case.players for case in found]
    assert block.ranks.tolist() == [list(case.cards) for case in found]


def test_a_plain_reader_refuses_a_line_longer_than_any_case() -> None:
    wide = "4" + " " * LONGEST_LINE + ROW_1
    assert judge_blocks.plain([f"4 {ROW_1}", wide], LONGEST_LINE) is None
    assert judge_blocks.plain([f"4 {ROW_1}"] * 3, LONGEST_LINE) is not None
