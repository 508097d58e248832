"""A game's review in words and as JSON (``rules.review`` weighs it): each decision's
move played and best move by their names, with their chances of a win, the costly
ones marked. Plain, tested without Textual; each game names its moves
(``named``: as ``play --review --json`` lists them) and says what a chance is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.review import COSTLY, Decision

Named = Callable[[Any, Any], str]  # (position, move) to the move's name


def in_rules_words(state: Any, move: Any) -> str:
    """A move in its rules' own words (``str``), shown beside its name where they
    differ."""
    return str(move)


def percent(chance: float) -> str:
    return f"{100 * chance:.1f}%"


def given_up(decision: Decision[Any, Any]) -> str:
    """What the move played gave up, in percentage points, with its 95% interval's
    half-width where the draws leave one ("3.5 ± 2.1"); "" for the best move."""
    if decision.best == decision.played:
        return ""
    cost = f"{100 * decision.cost:.1f}"
    return f"{cost} ± {100 * decision.margin:.1f}" if decision.margin else cost


Mover = Callable[[Any], str | None]  # a position to who moves there ("P2"), where it says


def entry(decision: Decision[Any, Any], named: Named,
          mover: Mover = lambda state: None) -> dict[str, Any]:
    """One decision as ``play --review --json`` lists it (with its mover's seat, at a
    game of several)."""
    state = decision.state
    who = mover(state)
    return {"move": decision.number, **({"seat": who} if who else {}),
            "played": named(state, decision.played),
            "best": named(state, decision.best),
            "played_chance": decision.chances[decision.played],
            "best_chance": decision.chances[decision.best], "margin": decision.margin,
            "costly": decision.costly,
            "chances": {named(state, move): chance
                        for move, chance in decision.chances.items()}}


def line(decision: Decision[Any, Any], named: Named, mover: Mover = lambda state: None,
         words: Named = in_rules_words) -> str:
    """"move 5: played 4 (hand→S4, 6.5%), best 2 (hand→S2, 9.5%), 3.0 ± 1.2 points
    given up · costly", or at a game of several seats "move 5, P2: played …";
    ``words``: a move in the game's words, where they are not its rules'."""
    state, played, best = decision.state, decision.played, decision.best

    def shown(move: Any) -> str:
        name, said = named(state, move), words(state, move)
        return f"{name} ({said + ', ' if said != name else ''}{percent(decision.chances[move])})"

    who = mover(state)
    text = f"move {decision.number}{', ' + who if who else ''}: played {shown(played)}"
    if best != played:
        text += f", best {shown(best)}, {given_up(decision)} points given up"
    return text + (" · costly" if decision.costly else "")


COSTLY_MARK = "◆ costly"
# Where a review weighs some decisions on draws and the last ones exactly (Sequence's
# last cards), the exact ones are marked: their chances may leap from the estimates'.
EXACT_MARK = "exact"


def columns(decisions: Sequence[Decision[Any, Any]], named: Named,
            mover: Mover = lambda state: None,
            words: Named = in_rules_words) -> tuple[list[str], list[list[str]]]:
    """The review's table, headings and a row a decision: the mark of a costly one
    next to its number (seen at once where a wider table, with a seat's column,
    scrolls sideways at 80 columns; a one-player game's fits there whole); the
    seat that moved, where the decisions are of more than one (a hot-seat game of two
    people too); each move by its name, and in the rules' words where they differ, the
    words in line; the best move, its chance and what the move played gave up only
    where it is not the move played. Among decisions weighed on draws, an exact one
    (no interval: ``Decision.margin``) is marked so where it is not costly."""
    seats = [mover(decision.state) for decision in decisions]
    sampled = any(decision.margin for decision in decisions)
    by_seat = len(set(seats)) > 1
    width = max((len(named(decision.state, move)) for decision in decisions
                 for move in (decision.played, decision.best)), default=0)

    def shown(state: Any, move: Any) -> str:
        name, said = named(state, move), words(state, move)
        return name if name == said else f"{name:<{width}}  {said}"

    rows = []
    for decision, seat in zip(decisions, seats, strict=True):
        state, played, best = decision.state, decision.played, decision.best
        same = best == played
        mark = (COSTLY_MARK if decision.costly
                else EXACT_MARK if sampled and not decision.margin else "")
        rows.append([str(decision.number), mark,
                     *([seat or ""] if by_seat else []),
                     shown(state, played), percent(decision.chances[played]),
                     "" if same else shown(state, best),
                     "" if same else percent(decision.chances[best]), given_up(decision)])
    headings = ["move", "", *(["seat"] if by_seat else []), "played", "chance", "best",
                "chance", "given up"]
    return headings, rows


def summary(decisions: Sequence[Decision[Any, Any]], chance: str) -> str:
    """What the review found, in one line: the costly decisions and the costliest;
    ``chance``: what a chance is, in the game's words."""
    costly = [decision for decision in decisions if decision.costly]
    worst = max(decisions, key=lambda decision: decision.cost, default=None)
    said = (f"Review: {len(decisions)} decisions (moves with a choice), {len(costly)} costly"
            f" (a chance of a win {100 * COSTLY:g} percentage points or more below the best"
            " move's, beyond the 95% interval of the draws)")
    if worst is not None and worst.costly:
        said += (f"; the costliest, move {worst.number}, gave up {100 * worst.cost:.1f}"
                 " percentage points")
    return f"{said}. A chance is {chance}."
