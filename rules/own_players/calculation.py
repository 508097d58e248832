"""What your own player of a described game (Calculation, Hopscotch, Betsy Ross, one
of your own) sees, and how it names its moves: the same view and the same names as
a Sequence Solitaire player's (``rules.own_players.family``), for any description.

Your player is a Python file with a function ``play(view)`` that returns a move.
``view`` is a ``CalculationView``: the table as a player sees it, read-only, and the
questions a player asks of it ("which final piles does the hand card fit?", "what
does final pile 6 take two cards from now?"). Piles are numbered from 1, as on the
screen: as many final piles and storage piles as the description gives. Cards are
ranks, 1 (ace) to 13 (king): suits play no part.

A move is named by the keys that make it on the screen:

- ``"1"``, ``"2"``, …: the hand card onto that storage pile;
- ``"f"``: the hand card onto the final pile it fits (``"f2"``: onto final pile 2,
  needed only when it fits several);
- ``"s3"``: storage pile 3's top card onto the final pile it fits (``"s32"``: onto
  final pile 2);
- ``"turn"``: turn the stock (a game with a waste pile; the screen's key is space).

With a waste pile, the hand card is the waste's top card. A player sees what is still
to come, never in what order: ``to_come``. A file that sets ``CLAIRVOYANT = True``
also sees the order (``deck``), as the solver does, and is listed apart from the fair
players. These players play in plain Python: a described game compiles none.

The description travels to a run's worker processes as data in the run's options
(``"description"``), and is checked again there as a file's is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rules.calculation import game
from rules.calculation.description import Description, data, described
from rules.calculation.game import TURN, Move, State
from rules.cards import Card, deal_cards
from rules.family import name_of as _name_of
from rules.own_players import family
from rules.own_players.family import FamilyView, chosen

DEAL, FIELDS, SCORES = family.DEAL, family.FIELDS, family.SCORES  # a game's row
COMPILED_BY = ""  # no compiled players: a described game compiles nothing of its own
DESCRIPTION = "description"  # the run's option that carries the game (``options``)


class CalculationView(FamilyView[State]):
    """The table as your player sees it before a move (``FamilyView``), and what a
    waste pile adds: the cards under its top, the stock and the passes left."""

    def __init__(self, state: State, deal: int, clairvoyant: bool = False) -> None:
        super().__init__(game, state, deal, clairvoyant)

    def _coming(self) -> tuple[Card, ...]:
        """The stock as it turns, then the waste under the hand card, bottom first: the
        order the next pass turns it in, if none of it is played meanwhile."""
        return self._state.stock + self._state.waste[:-1]

    @property
    def waste(self) -> tuple[int, ...]:
        """The waste pile's ranks under its top card (the hand card), bottom first:
        each comes to hand as the cards above it are played. Empty without a waste."""
        return tuple(card.rank for card in self._state.waste[:-1])

    @property
    def stock_left(self) -> int:
        """Cards still to be turned from the stock this pass."""
        return len(self._state.stock)

    @property
    def passes_left(self) -> int:
        """Times the waste may still be turned over as a new stock."""
        return self._state.options.passes - self._state.passes


def options(description: Description) -> dict[str, Any]:
    """A run's options for ``description``'s game: what its worker processes read the
    game from (``start``)."""
    return {DESCRIPTION: data(description)}


def of_options(options: Mapping[str, Any]) -> Description:
    """The game a run's ``options`` carry, checked as a description file is."""
    return _checked(json.dumps(options[DESCRIPTION], sort_keys=True))


@lru_cache(maxsize=8)
def _checked(text: str) -> Description:
    return described(json.loads(text))


def name_of(state: State, move: Move) -> str:
    """A move's name, as the screen's keys make it (``rules.family``)."""
    return _name_of(game, state, move)


def move_named(state: State, name: object, view: CalculationView | None = None) -> Move:
    """The move ``name`` stands for here (``apply`` then says if it is not legal);
    ``IllegalMove`` says why a name stands for none."""
    waste = state.options.waste
    return chosen(game, state, name, view, TURN if waste else None,
                  "waste's top card" if waste else "hand card")


def start(deal: int, options: Mapping[str, Any]) -> State:
    """Deal ``deal``'s first position in the game ``options`` carry."""
    return game.new_game(of_options(options), deal_cards(deal))


# The rest of the Rules interface, as every game of the family has it.
fields, others, row = family.fields, family.no_others, family.rows(game.is_won)


def view(state: State, deal: int, clairvoyant: bool) -> CalculationView:
    return CalculationView(state, deal, clairvoyant)


apply = game.apply
is_over = game.is_over
