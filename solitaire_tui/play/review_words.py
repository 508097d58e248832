"""A game's review in words and as JSON (``rules.review`` weighs it): each decision's
move played and best move by their names, with their chances of a win, the costly
ones marked. Plain, tested without Textual; each game names its moves
(``named``: as ``play --review --json`` lists them) and says what a chance is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.review import COSTLY, Decision

Named = Callable[[Any, Any], str]  # (position, move) to the move's name


def percent(chance: float) -> str:
    return f"{100 * chance:.1f}%"


def entry(decision: Decision[Any, Any], named: Named) -> dict[str, Any]:
    """One decision as ``play --review --json`` lists it."""
    state = decision.state
    return {"move": decision.number, "played": named(state, decision.played),
            "best": named(state, decision.best),
            "played_chance": decision.chances[decision.played],
            "best_chance": decision.chances[decision.best], "costly": decision.costly,
            "chances": {named(state, move): chance
                        for move, chance in decision.chances.items()}}


def line(decision: Decision[Any, Any], named: Named) -> str:
    """"move 5: played 4 (hand→S4, 6.5%), best 2 (hand→S2, 9.5%) · costly"."""
    state, played, best = decision.state, decision.played, decision.best

    def shown(move: Any) -> str:
        name, said = named(state, move), str(move)
        return f"{name} ({said + ', ' if said != name else ''}{percent(decision.chances[move])})"

    text = f"move {decision.number}: played {shown(played)}"
    if best != played:
        text += f", best {shown(best)}"
    return text + (" · costly" if decision.costly else "")


def summary(decisions: Sequence[Decision[Any, Any]], chance: str) -> str:
    """What the review found, in one line: the costly decisions and the costliest;
    ``chance``: what a chance is, in the game's words."""
    costly = [decision for decision in decisions if decision.costly]
    worst = max(decisions, key=lambda decision: decision.cost, default=None)
    said = (f"Review: {len(decisions)} decisions, {len(costly)} costly (a chance of a win"
            f" {100 * COSTLY:g} points or more below the best move's)")
    if worst is not None and worst.costly:
        said += f"; the costliest, move {worst.number}, gave up {100 * worst.cost:.1f} points"
    return f"{said}. A chance is {chance}."
