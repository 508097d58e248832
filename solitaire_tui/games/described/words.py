"""A described game in words, made from its description alone: its menu line, its
rules page, its figures and its verdict. Plain functions, tested without Textual."""

from __future__ import annotations

from rules.calculation import game as calc
from rules.calculation.description import Description, Foundation
from rules.cards import Card
from rules.words import counted


def _rank(rank: int) -> str:
    return Card(rank).rank_text


def _steps(foundations: tuple[Foundation, ...]) -> str:
    """"1, 2, 3 and 4": the steps of the foundations that are built."""
    steps = sorted({foundation.step for foundation in foundations if foundation.length > 1})
    words = [str(step) for step in steps]
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else "".join(words)


def blurb(description: Description) -> str:
    """One line for the menu and ``--help``."""
    built = [foundation for foundation in description.foundations if foundation.length > 1]
    king = all(foundation.rank(foundation.length - 1) == 13 for foundation in built)
    storage = (counted(description.storage, "storage pile") if description.storage
               else "a waste pile")
    suit = ", bases of one suit" if description.bases == "one suit" else ""
    return (f"Build {len(built)} piles by {_steps(description.foundations)}"
            f"{' to the king' if king else ''}; {storage},"
            f" {counted(description.passes, 'pass', 'passes')}{suit}.")


def layout(description: Description) -> str:
    """The description's layout as a table, for the rules page."""
    rows = ["| Final | Base | Step | Ranks | Dealt |", "|---|---|---|---|---|"]
    for pile, foundation in enumerate(description.foundations):
        ranks = " ".join(_rank(foundation.rank(index)) for index in range(foundation.length))
        rows.append(f"| {pile + 1} | {_rank(foundation.base)} | +{foundation.step} |"
                    f" {ranks} | {'yes' if foundation.dealt else 'no'} |")
    turned = "one card" if description.turn == 1 else f"{description.turn} cards"
    stock = (f"The stock is turned {turned} at a time onto a waste pile (`space`), whose top"
             f" card plays; {counted(description.passes, 'pass', 'passes')}"
             " through it in all." if description.waste else
             "Each card turned (the hand card) is placed before the next is turned.")
    storage = (f"{counted(description.storage, 'storage pile')} take the hand card; only"
               " a storage pile's top card moves, and only to a final pile."
               if description.storage else "There are no storage piles.")
    return "\n".join(rows) + f"\n\n{stock} {storage}"


def rules_page(description: Description) -> str:
    """The ``?`` page: the rules in words as the description gives them, its layout,
    and where the game comes from (a file of the family)."""
    suits = ("Suits play no part but in the bases, which are of one suit." if
             description.bases == "one suit" else "Suits play no part.")
    return (f"## {description.name}\n\n{description.rules.strip()}\n\n### The layout\n\n"
            f"{layout(description)}\n\n{suits} This game is described in a file, and"
            " played by its description.")


def hand(state: calc.State) -> str:
    """Where the card a move from the hand plays lies: on the waste pile, where the
    game has one."""
    return "waste" if state.options.waste else "hand"


def figures(state: calc.State) -> str:
    passes = state.options.passes
    return (f"final {state.final_cards}/{state.options.cards} · stock {len(state.stock)}"
            + (f" · waste {len(state.waste)} · pass {state.passes} of {passes}"
               if state.options.waste else "")
            + (f" · storage {sum(len(pile) for pile in state.storage)}"
               if state.options.storage else ""))


def verdict(state: calc.State) -> tuple[bool, str]:
    cards = state.options.cards
    if calc.is_won(state):
        return True, f"all {cards} cards are on the final piles"
    return False, f"no move left, with {state.final_cards} of {cards} cards on the final piles"


def class_name(key: str, kind: str = "") -> str:
    """The name of a class made for the game ``key`` (``betsy-ross`` → ``BetsyRoss``,
    ``BetsyRossScreen``): what Textual's CSS and a traceback call it."""
    return "".join(part.capitalize() for part in key.split("-")) + kind
