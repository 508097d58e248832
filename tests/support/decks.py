"""Helpers shared by the unit tests: hand-built decks from short text."""

from __future__ import annotations

from rules.cards import Card, parse_cards


def cards(text: str) -> tuple[Card, ...]:
    """A hand-built deck (or part of one) from text such as 'AS 10H' or '1 2 13'."""
    return parse_cards(text)


def ranks(*values: int) -> tuple[Card, ...]:
    return tuple(Card(v) for v in values)
