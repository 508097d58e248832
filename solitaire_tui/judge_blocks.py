"""The judge's blocks of cases: read at once with numpy, answered by the relay's kernel.

A contest's input is plain: a player count and 52 values in plain digits, spaced.
Such lines are read a block at a time by array operations over their bytes, several
times faster than splitting them in Python; a block holding anything else is read a
line at a time by ``judge.checked``, which names the fault. Imported once the first
cases are answered, so that numpy is never loaded for a few cases.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rules.fast import relay as fast

CARDS = 52
TOKENS = CARDS + 1  # a case's line: its player count, then its cards
MOST_PLAYERS = 10
HIGHEST_CARD = 13
NEWLINE, SPACE, TAB, RETURN = b"\n \t\r"
ZERO, NINE = b"09"


@dataclass(frozen=True)
class Block:
    """Cases side by side: ``players[case]`` and ``ranks[case]``, top card first."""

    players: np.ndarray
    ranks: np.ndarray

    @property
    def size(self) -> int:
        return len(self.players)


def of_cases(players: Sequence[int], decks: Sequence[Sequence[int]]) -> Block:
    """Cases read one by one (``judge.checked``), side by side."""
    return Block(np.array(players, dtype=np.int64),
                 np.array(decks, dtype=np.int8).reshape(len(players), CARDS))


def plain(lines: Sequence[str], longest: int) -> Block | None:
    """The cases of these lines when every line is blank or plain (1..10, then 52 of
    1..13, no leading zeros, spaces or tabs between), else None. No line may be longer
    than ``longest`` (``judge.lines_of`` gives a longer one in pieces)."""
    if not lines or max(map(len, lines)) > longest:
        return None
    try:
        data = np.frombuffer("\n".join(lines).encode("ascii") + b"\n", np.uint8)
    except UnicodeEncodeError:
        return None
    digit = (data >= ZERO) & (data <= NINE)
    if not (digit | (data == SPACE) | (data == NEWLINE) | (data == TAB)
            | (data == RETURN)).all():
        return None
    after_digit = np.concatenate(([False], digit[:-1]))
    starts = np.flatnonzero(digit & ~after_digit)
    # No token starts with 0, and none has three digits: each is 1..99.
    if (data[starts] == ZERO).any() or (digit[2:] & after_digit[2:] & after_digit[1:-1]).any():
        return None
    line_of = np.searchsorted(np.flatnonzero(data == NEWLINE), starts)
    per_line = np.bincount(line_of, minlength=1)
    if ((per_line != 0) & (per_line != TOKENS)).any():
        return None
    tens = digit[starts + 1]  # a token's second digit: the data ends with a newline
    values = (data[starts] - ZERO).astype(np.int64)
    values[tens] = values[tens] * 10 + data[starts[tens] + 1] - ZERO
    table = values.reshape(-1, TOKENS)
    players, ranks = table[:, 0], table[:, 1:]
    if (players > MOST_PLAYERS).any() or (ranks > HIGHEST_CARD).any():
        return None
    return Block(players.copy(), ranks.astype(np.int8))


def solved(block: Block) -> list[list[int] | None]:
    """``judge.solve``'s answers for a block of cases, from the kernel playing them all
    at once (the tests hold it to both ``solve`` and the rules)."""
    out = np.zeros((block.size, 2 + MOST_PLAYERS), np.int64)  # past a case's players: 0
    fast.play_decks(block.ranks, block.players, out)
    # Each player's last hit is a position in its deck: its value, looked up at once.
    last = np.take_along_axis(block.ranks, out[:, 2:].clip(0, CARDS - 1), axis=1).tolist()
    return [values[:count] if won else None for won, count, values
            in zip(out[:, 0].tolist(), block.players.tolist(), last, strict=True)]
