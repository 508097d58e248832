"""A Sequence game's review in words and as JSON (``rules.players.sequence_review``
weighs it): each decision's move played and best move by the keys that make them,
with their chances of a win, the costly ones marked. Plain, tested without Textual."""

from __future__ import annotations

from typing import Any

from rules.own.sequence import name_of
from rules.players.sequence_review import COSTLY, Decision
from rules.sequence import Move


def percent(chance: float) -> str:
    return f"{100 * chance:.1f}%"


def entry(decision: Decision) -> dict[str, Any]:
    """One decision as ``play --review --json`` lists it."""
    state = decision.state

    def named(move: Move) -> str:
        return name_of(state, move)

    return {"move": decision.number, "played": named(decision.played),
            "best": named(decision.best),
            "played_chance": decision.chances[decision.played],
            "best_chance": decision.chances[decision.best], "costly": decision.costly,
            "chances": {named(move): chance for move, chance in decision.chances.items()}}


def line(decision: Decision) -> str:
    """"move 5: played 4 (6.5%), best 2 (9.5%) · costly"."""
    state, played, best = decision.state, decision.played, decision.best
    text = f"move {decision.number}: played {name_of(state, played)} ({played}," \
           f" {percent(decision.chances[played])})"
    if best != played:
        text += f", best {name_of(state, best)} ({best}, {percent(decision.chances[best])})"
    return text + (" · costly" if decision.costly else "")


def summary(decisions: list[Decision]) -> str:
    """What the review found, in one line: the costly decisions and the costliest."""
    costly = [decision for decision in decisions if decision.costly]
    worst = max(decisions, key=lambda decision: decision.cost, default=None)
    said = (f"Review: {len(decisions)} decisions, {len(costly)} costly (a chance of a win"
            f" {100 * COSTLY:g} points or more below the best move's)")
    if worst is not None and worst.costly:
        said += f"; the costliest, move {worst.number}, gave up {100 * worst.cost:.1f} points"
    return said + ". A chance is how often the fair player's rule of thumb wins from there."
