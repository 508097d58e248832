"""The newest cards of a growing pile laid out in a line, for the counting games.

A discard pile shows only its top card, yet the order of the hits is the story of
a counting game. The trail shows as many of the newest cards as its room allows,
oldest first, so a small terminal shows the last few and a large one shows most
of the pile. Given a single line (80×24 with the engine's note under the board), it
shows them after its heading, on that line.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from rules.cards import Card
from solitaire_tui.widgets.cards import cards_text
from solitaire_tui.widgets.text import relaid_if_taller_or_shorter

CARD_CELLS = 6  # a card in a line of text is five cells wide, and one space apart


class CardTrail(Widget):
    """A heading naming the pile, then its newest cards on the lines below."""

    DEFAULT_CSS = """
    CardTrail { height: auto; }
    """

    def __init__(self, heading: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._heading = heading
        self._cards: tuple[Card, ...] = ()
        self._empty = "none yet"

    def show(self, cards: Sequence[Card], empty: str = "none yet") -> None:
        """Lay out ``cards``; ``empty`` says why there are none (none yet, or none
        left once a pile has been emptied)."""
        self._cards = tuple(cards)
        self._empty = empty
        relaid_if_taller_or_shorter(self)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + max(1, -(-len(self._cards) // _per_line(width)))

    def render(self) -> Text:
        heading = Text(self._heading, style="bold")
        if not self._cards:
            heading.append(f"  {self._empty}", style="dim")
            return heading
        if self.size.height <= 1:
            return self._on_one_line(heading)
        per_line = _per_line(self.size.width)
        shown = self._cards[-per_line * (self.size.height - 1):]
        if len(shown) < len(self._cards):
            heading.append(f"  the newest {len(shown)} of {len(self._cards)}, oldest first",
                           style="dim")
        else:
            heading.append(f"  {len(shown)}, oldest first", style="dim")
        rows = [cards_text(shown[start:start + per_line])
                for start in range(0, len(shown), per_line)]
        return Text("\n").join([heading, *rows])

    def _on_one_line(self, heading: Text) -> Text:
        """The heading with the newest cards after it, when the trail was given one
        line (a short terminal, and the engine's note under the board): a heading
        that counts cards with no card under it read as if they were missing."""
        total = len(self._cards)
        for count in range(total, 0, -1):
            said = (f"  {total}, oldest first: " if count == total
                    else f"  the newest {count} of {total}: ")
            if heading.cell_len + len(said) + count * CARD_CELLS - 1 <= self.size.width:
                heading.append(said, style="dim")
                return heading.append_text(cards_text(self._cards[-count:]))
        return heading.append(f"  {total}", style="dim")


def _per_line(width: int) -> int:
    return max(1, (width + 1) // CARD_CELLS)
