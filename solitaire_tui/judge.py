"""The judge for contest problem "Hit or Miss" (ECNA 2004, POJ 2035).

Input: a line with the number of cases T, then T lines of ``players c1 … c52``
(values 1..13, top card first). Output: ``Case k: v1 … vP``, the last card each
player matched, or ``Case k: unwinnable``.

This module's own solver (``solve``) is written apart from ``rules.relay`` on purpose,
the way a contestant would (mutable queues, and a player-by-player test for a hopeless
game), so that tests comparing the two check the rules rather than compare the code to
itself. It answers the first cases, which never wait for the compiled engine to load;
the rest go a block at a time through the relay's kernel (``rules.fast.relay``), which
the tests hold to this solver and to the rules.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from itertools import chain
from math import lcm
from typing import TextIO

from rules.errors import NumberError
from rules.values import Whole

CARDS_PER_CASE = 52
MAX_PLAYERS = 10
BOM = "\ufeff"  # a byte-order mark, as some editors write at a file's start
# A case is a player count and 52 values, at most 158 characters with single spaces;
# longer lines hold nothing a case needs, however the numbers are spaced.
LONGEST_LINE = 8192
# Each case is a line of at least 105 characters, so a billion cases is 100 GB of
# input: past any the judge is given, and a bound that keeps the count's text short.
MOST_CASES = 10**9
PLAIN_CASES = 64  # answered by ``solve`` before the compiled relay is loaded (0.3 s or so)
BLOCK_CASES = 4096  # cases the kernel plays at once, at most
# The plain tokens, read by a look-up; anything else ("07", "+7") is read, or refused,
# by ``rules.values`` as any number typed is.
CARD_VALUES = {str(value): value for value in range(1, 14)}
PLAYER_COUNTS = {str(count): count for count in range(1, MAX_PLAYERS + 1)}


class JudgeInputError(ValueError):
    """Input that is not in the contest's format; the message names the case and token."""


@dataclass(frozen=True)
class Case:
    players: int
    cards: tuple[int, ...]


def _number(text: str, where: str, low: int, high: int) -> int:
    """A number of the input in the sentence every number typed gets
    (``rules.values``), said as the contest input's fault."""
    try:
        return Whole(where, low, high)(text)
    except NumberError as error:
        raise JudgeInputError(str(error)) from None


def cases(lines: Iterable[str]) -> Iterator[Case]:
    """The cases of the input as its lines come, each checked as it is read: the count
    first, then case by case, so that an answer need not wait for the whole input.
    A byte-order mark at the start (an editor's) is no part of the count; a line
    longer than any case is refused before it is split."""
    rows = _numbered(lines)
    expected = _count(rows)
    held = 0
    for case in checked(rows, held, expected):
        held += 1
        yield case
    _promised(held, expected)


def _numbered(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(lines, 1):
        yield number, line.removeprefix(BOM) if number == 1 else line


def _count(rows: Iterator[tuple[int, str]]) -> int:
    """The number of cases, from the first line that holds anything."""
    for number, line in rows:
        if tokens := _tokens(number, line):
            if len(tokens) != 1:
                raise JudgeInputError(
                    f"line {number}: expected just the number of cases, found {len(tokens)}"
                    " numbers")
            return _number(tokens[0], f"line {number}: the number of cases", 0, MOST_CASES)
    raise JudgeInputError("the input is empty: the first line must give the number of cases")


def checked(rows: Iterable[tuple[int, str]], held: int, expected: int) -> Iterator[Case]:
    """The cases of these numbered lines, ``held`` cases having come before them, each
    checked as it is read."""
    for number, line in rows:
        if not (tokens := _tokens(number, line)):
            continue
        if held == expected:
            raise JudgeInputError(
                f"line {number}: an extra line after the {expected} cases promised")
        held += 1
        yield _parse_case(held, tokens)


def _promised(held: int, expected: int) -> None:
    if held < expected:
        raise JudgeInputError(
            f"the first line promises {expected} cases but the input holds {held}"
        )


def parse(text: str) -> list[Case]:
    return list(cases(text.splitlines()))


def _tokens(number: int, line: str) -> list[str]:
    if len(line.rstrip("\r\n")) > LONGEST_LINE:
        raise JudgeInputError(f"line {number} is longer than any case ({LONGEST_LINE:,}"
                              f" characters at most: a player count and {CARDS_PER_CASE}"
                              " card values)")
    return line.split()


def _parse_case(k: int, tokens: list[str]) -> Case:
    if len(tokens) == CARDS_PER_CASE + 1:  # the usual case, read at once
        count = PLAYER_COUNTS.get(tokens[0])
        values = tuple(map(CARD_VALUES.get, tokens[1:]))
        if count is not None and None not in values:
            return Case(count, values)  # type: ignore[arg-type]  # no None in it
    players = _number(tokens[0], f"case {k}: token 1, the player count,", 1, MAX_PLAYERS)
    if len(tokens) > CARDS_PER_CASE + 1:  # counted before the cards are read
        raise JudgeInputError(
            f"case {k}: {len(tokens) - 1} card values where {CARDS_PER_CASE} are needed"
            f" (token {CARDS_PER_CASE + 2}, {tokens[CARDS_PER_CASE + 1][:20]!r}, is extra)")
    cards = [_number(token, f"case {k}: token {position}", 1, 13)
             for position, token in enumerate(tokens[1:], start=2)]
    if len(cards) != CARDS_PER_CASE:
        raise JudgeInputError(
            f"case {k}: {len(cards)} card values where {CARDS_PER_CASE} are needed"
            " (some are missing)")
    return Case(players, tuple(cards))


def solve(case: Case) -> list[int] | None:
    """The last card each player matched, or None when the game is unwinnable.

    A player whose deck has not changed for lcm(deck size, 13) of its turns has met
    every (card, count) pairing it ever will; once every player holding cards is in
    that state, nobody can hit again.
    """
    decks: list[deque[int]] = [deque(case.cards)] + [deque() for _ in range(case.players - 1)]
    counts = [1] * case.players
    last = [0] * case.players
    unchanged = [0] * case.players  # turns since the player's deck last changed
    discarded = 0
    while discarded < len(case.cards):
        passed = [0] * case.players
        for player, deck in enumerate(decks):
            if not deck:
                continue
            card = deck.popleft()
            if card == counts[player]:
                passed[player] = last[player] = card
                unchanged[player] = 0
            else:
                deck.append(card)
                unchanged[player] += 1
            counts[player] = counts[player] % 13 + 1
        for player in range(1, case.players):
            if passed[player - 1]:
                decks[player].append(passed[player - 1])
                unchanged[player] = 0
        discarded += passed[-1] != 0
        holders = [p for p, deck in enumerate(decks) if deck]
        if holders and all(unchanged[p] >= lcm(len(decks[p]), 13) for p in holders):
            return None
    return last


def case_line(k: int, answer: list[int] | None) -> str:
    """One answer in the contest's words; the relay screen ends its games with it too."""
    shown = "unwinnable" if answer is None else " ".join(map(str, answer))
    return f"Case {k}: {shown}"


def judged(lines: Iterable[str], more: Callable[[], bool] = lambda: True) -> Iterator[str]:
    """The contest's answers, one a case, as the input's lines come (``answered``'s,
    line by line)."""
    for block in answered(lines, more):
        yield from block


def answered(lines: Iterable[str], more: Callable[[], bool] = lambda: True,
             ) -> Iterator[list[str]]:
    """The contest's answers as the input's lines come, a list at a time: the first
    ``PLAIN_CASES`` one by one from ``solve``, the rest a block at a time from the
    relay's kernel (``judge_blocks``), each block answered once it is full or no more
    input is at hand (``more()`` says whether it is). A fault in the input comes after
    the answers to every case before it."""
    rows = _numbered(lines)
    expected = _count(rows)
    held = 0
    for row in rows:
        if held == PLAIN_CASES:
            break
        for case in checked([row], held, expected):
            held += 1
            yield [case_line(held, solve(case))]
    else:
        _promised(held, expected)
        return
    pending: list[tuple[int, str]] = []
    for later in chain([row], rows):
        pending.append(later)
        if len(pending) == BLOCK_CASES or not more():
            held = yield from _block(pending, held, expected)
            pending = []
    held = yield from _block(pending, held, expected)
    _promised(held, expected)


def _block(rows: list[tuple[int, str]], held: int, expected: int,
           ) -> Generator[list[str], None, int]:
    """The answers to a block of numbered lines (``held`` cases having come before
    them), then the cases held after it. Plain lines, as a contest's input is, are read
    at once (``judge_blocks.plain``); any other block a line at a time, so that a fault
    is named as ``cases`` names it, after the answers to the cases before it."""
    from solitaire_tui import judge_blocks  # numpy and the kernel, loaded once needed

    plain = judge_blocks.plain([line for _, line in rows], LONGEST_LINE)
    if plain is not None and held + plain.size <= expected:
        if plain.size:  # blank lines alone answer nothing (not even an empty line)
            yield _lines(held, judge_blocks.solved(plain))
        return held + plain.size
    found: list[Case] = []
    fault = None
    try:
        for case in checked(rows, held, expected):
            found.append(case)
    except JudgeInputError as error:
        fault = error
    if found:
        block = judge_blocks.of_cases([case.players for case in found],
                                      [case.cards for case in found])
        yield _lines(held, judge_blocks.solved(block))
    if fault is not None:
        raise fault
    return held + len(found)


def _lines(held: int, answers: list[list[int] | None]) -> list[str]:
    return [case_line(k, answer) for k, answer in enumerate(answers, held + 1)]


def judge(text: str) -> str:
    """The contest's whole output for its whole input."""
    return "".join(line + "\n" for line in judged(text.splitlines()))


def lines_of(stream: TextIO) -> Iterator[str]:
    """A stream's lines, none read past ``LONGEST_LINE`` characters and one more (which
    ``cases`` refuses), so that a line of megabytes is never held whole."""
    return iter(lambda: stream.readline(LONGEST_LINE + 1), "")
