"""Numbers as people type them: the one parser behind every number the command line
and the screens read, so a value means the same everywhere and a wrong one gets the
same sentence wherever it was typed.

A number has a name and a range (``Whole``, ``Seconds``); anything else is a
``NumberError`` (a ``RulesError``, which every front end already shows as one line).
User text never reaches ``int()`` or ``float()`` unchecked: it is matched against
a plain grammar and its length bounded first, so neither Python's 4300-digit limit
on ``int()`` nor a float's overflow (``1e400``) nor ``inf`` and ``nan`` can get
through as anything but that sentence.

The forms accepted:

- a whole number: ASCII digits, with ``_`` between digits (``1_000_000``) or commas
  between groups of three (``1,000,000``, as the screens print deal numbers);
- a count (``Whole(counts=True)``): also ``1e6`` or ``2.5e6``, as long as the value
  is whole;
- seconds: a decimal number such as ``2``, ``0.5`` or ``1e-2``.

Other digits (``١٢``), signs, spaces inside and fractions of a game are refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from rules.cards import MAX_DEAL
from rules.errors import NumberError

# Longer text is no number in any range here (2**64 with separators is 26
# characters); checking the length first keeps int() and Decimal() on short strings.
LONGEST = 40
SHOWN = 24  # characters of a wrong value the message repeats
_WHOLE = r"(?P<digits>[0-9]+(?:_[0-9]+)*|[0-9]{1,3}(?:,[0-9]{3})+)"
WHOLE = re.compile(_WHOLE)
COUNT = re.compile(_WHOLE + r"(?:\.(?P<fraction>[0-9]+))?(?:[eE]\+?(?P<exponent>[0-9]+))?")
DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?")
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def shown(value: int | float) -> str:
    """A bound as a message gives it: a large power of ten as 10ⁿ, so "10¹⁸" is read
    at a glance; any other number in full, so it can be copied."""
    if isinstance(value, int) and value >= 10**6 and str(value).rstrip("0") == "1":
        return "10" + str(len(str(value)) - 1).translate(SUPERSCRIPT)
    return f"{value:g}" if isinstance(value, float) else str(value)


def typed(text: str) -> str:
    """What was typed, quoted, cut short when it is long (a pasted 5000 digits)."""
    text = text.strip()
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "…")


def _count(text: str) -> int | None:
    """The whole number a count's text stands for, or None when it is none (or one
    with more digits than any bound here, which is not worth building)."""
    match = COUNT.fullmatch(text)
    if match is None:
        return None
    fraction = match["fraction"] or ""
    mantissa = int(match["digits"].replace("_", "").replace(",", "") + fraction)
    shift = int(match["exponent"] or 0) - len(fraction)
    if mantissa == 0 or shift == 0:
        return mantissa
    if shift > 0:
        return mantissa * 10**shift if shift <= LONGEST else None
    whole, rest = divmod(mantissa, 10**-shift)
    return None if rest else whole


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``, named ``name`` in its message; with
    ``counts`` the forms of a count (``1e6``) are accepted too. Calling it parses
    text; ``check`` holds a number given in code to the same range."""

    name: str
    low: int
    high: int
    counts: bool = False
    why: str = ""  # why the range ends where it does, when that is not plain

    @property
    def sentence(self) -> str:
        note = self.why or ("such as 1000000, 1_000_000 or 1e6" if self.counts else "")
        return (f"{self.name} must be a whole number from {shown(self.low)} to"
                f" {shown(self.high)}" + (f" ({note})" if note else ""))

    def __call__(self, text: str) -> int:
        cleaned = text.strip()
        value: int | None = None
        if len(cleaned) <= LONGEST:
            if self.counts:
                value = _count(cleaned)
            elif WHOLE.fullmatch(cleaned):
                value = int(cleaned.replace("_", "").replace(",", ""))
        if value is None or not self.low <= value <= self.high:
            raise NumberError(f"{self.sentence}, not {typed(text)}")
        return value

    def check(self, value: int) -> int:
        """A number already whole (an option given in code or JSON), held to the range."""
        if not self.low <= value <= self.high:
            raise NumberError(f"{self.sentence}, not {value}")
        return value


@dataclass(frozen=True)
class Seconds:
    """A time in seconds from ``low`` to ``high``: a wait must end, and one too short
    to measure anything is a slip."""

    name: str
    low: float
    high: float

    def __call__(self, text: str) -> float:
        cleaned = text.strip()
        if len(cleaned) <= LONGEST and DECIMAL.fullmatch(cleaned):
            value = Decimal(cleaned)  # exact, and the exponent is at most four digits
            if Decimal(repr(self.low)) <= value <= Decimal(repr(self.high)):
                return float(value)
        raise NumberError(f"{self.name} must be a number from {shown(self.low)} to"
                          f" {shown(self.high)}, not {typed(text)}")


# A run of 10**18 games would take 30 years at a billion games a second, and any
# count up to it still fits in the 2**64 deal numbers from a seed below 10**19.
MOST_GAMES = 10**18
GAMES = Whole("games", 1, MOST_GAMES, counts=True)
# A wait the user caps (a solver's, a search's): from a hundredth of a second, below
# which nothing is decided, to a day.
WAIT = Seconds("seconds", 0.01, 86_400)
# The longest a move of a player of one's own may take: a millisecond at least (the
# clock's and the timer's own cost), an hour at most.
MOVE = Seconds("a move's seconds", 0.001, 3_600)
DEAL = Whole("a deal number", 0, MAX_DEAL - 1)
SEED = Whole("a seed", 0, MAX_DEAL - 1)
