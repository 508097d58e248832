"""How numbers of things and lists of names are written, the same on every screen and
command: "1 player", "2 players", "1,000,000 games"; "Ann, Ben and Cy"."""

from __future__ import annotations

from collections.abc import Sequence


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with thousands separators and ``noun``, plural unless it is one."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"


def sentence_start(text: str) -> str:
    """``text`` with its first letter a capital, as a sentence starts; the rest as it
    is (a message that starts a sentence here may be a clause elsewhere)."""
    return text[:1].upper() + text[1:]


def clause(text: str) -> str:
    """``text`` with its first letter small, to stand inside a sentence (an error's
    own words, say)."""
    return text[:1].lower() + text[1:]


def listed(words: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def a_number(number: int, noun: str) -> str:
    """"a 7-pass …", "an 8-pass …", "an 11-pass …": the article as the number is said."""
    said = str(number)
    vowel = said.startswith("8") or (said.startswith(("11", "18")) and len(said) % 3 == 2)
    return f"{'an' if vowel else 'a'} {number}-{noun}"


def close_to(typed: str, names: Sequence[str]) -> str:
    """" (did you mean 'nord'?)" when ``typed`` looks like a slip for one of
    ``names``, else "": for a sentence that refuses a name."""
    from difflib import get_close_matches

    found = get_close_matches(typed, names, n=1, cutoff=0.7)
    return f" (did you mean {found[0]!r}?)" if found else ""


def shortened(value: object, most: int = 40) -> str:
    """A value as Python writes it, cut short when long (what a player's code returned,
    repeated in the sentence that refuses it)."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 3] + "…"
