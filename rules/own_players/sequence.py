"""What your own Sequence Solitaire player sees, and how it names its moves.

Your player is a Python file with a function ``play(view)`` that returns a move.
``view`` is a ``SequenceView``: the table as a player sees it, read-only, and the
questions a player asks of it, answered ("does the hand card fit a final pile?",
"what does pile 3 take two cards from now?", "what is under the top of storage
pile 2?"). Piles are numbered 1 to 4, as on the screen; cards are ranks, 1 (ace) to
13 (king): suits play no part in the game.

A move is named by the keys that make it on the screen:

- ``"1"`` … ``"4"``: the hand card onto that storage pile;
- ``"f"``: the hand card onto the final pile it fits (``"f2"``: onto final pile 2,
  needed only when it fits several);
- ``"s3"``: storage pile 3's top card onto the final pile it fits (``"s32"``: onto
  final pile 2).

A player sees what is still to come, never in what order: ``to_come``. A file that
sets ``CLAIRVOYANT = True`` also sees the deck in order (``deck``), as the solver
does, and is listed apart from the fair players. A file that sets ``COMPILED = True``
keeps to the typed subset and is compiled with numba, given the same view as a
numba class (``rules.fast.sequence_own.CompiledView``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import sequence
from rules.calculation.game import Turn
from rules.cards import Card, deal_cards
from rules.family import name_of as _name_of
from rules.own_players import family
from rules.own_players.family import FamilyView, chosen
from rules.sequence import Move, State

DEAL, FIELDS, SCORES = family.DEAL, family.FIELDS, family.SCORES  # a game's row
COMPILED_BY = "rules.fast.sequence_own"  # a player that sets COMPILED = True: its Table


class SequenceView(FamilyView[State]):
    """The table as your player sees it before a move (``FamilyView``): the cards to
    come are the deck's."""

    def __init__(self, state: State, deal: int, clairvoyant: bool = False) -> None:
        super().__init__(sequence, state, deal, clairvoyant)

    def _coming(self) -> tuple[Card, ...]:
        return self._state.deck


def name_of(state: State, move: Move) -> str:
    """A move's name, as the screen's keys make it: the final pile only when the card
    fits several."""
    return _name_of(sequence, state, move)


def move_named(state: State, name: object, view: SequenceView | None = None) -> Move:
    """The move ``name`` stands for here (``apply`` then says if it is not legal);
    ``IllegalMove`` says why a name stands for none. A view of ``state``
    knows its moves by name at once (a name typed otherwise, "S 3", is read)."""
    move = chosen(sequence, state, name, view)
    assert not isinstance(move, Turn), "Sequence Solitaire has no turn"
    return move


def start(deal: int, options: Mapping[str, Any] | None = None) -> State:
    """Deal ``deal``'s first position."""
    return sequence.new_game(sequence.Options(), deal_cards(deal))


# The rest of the Rules interface, as every game of the family has it.
fields, others, row = family.fields, family.no_others, family.rows(sequence.is_won)


def view(state: State, deal: int, clairvoyant: bool) -> SequenceView:
    return SequenceView(state, deal, clairvoyant)


apply = sequence.apply
is_over = sequence.is_over
