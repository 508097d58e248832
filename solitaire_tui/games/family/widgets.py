"""The Calculation family's own piles: final piles that say what they take next, and
storage piles shown in full.

Storage piles grow without limit and every card in them matters to the player, so
each is drawn whole, its cards in rows that wrap at the width: as framed cards when
the board has the height for them, as one line of cards per row when it has not.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Label

from rules.cards import Card
from solitaire_tui.widgets.cards import PileView, card_text, cards_text
from solitaire_tui.widgets.text import relaid_if_taller_or_shorter, set_text

LABEL_WIDTH = 4  # "S1" and the space after it, before the cards
LINE_CARD = 6  # a card in a line of text and the space after it
BOX_CARD = 8  # a framed card, three lines high, and the space after it
BOX_LINES = 3
BOX_FACE = 5  # the width inside a frame: a card as ``card_text`` pads it
FRAME = "#8a8a8a on #f4f1e8"
TOP_FRAME = "bold #c08000 on #f4f1e8"
EMPTY_FRAME = "#5a5a5a"  # an empty place, drawn on the table, not on a card's face
ROUND = ("╭─────╮", "│", "╰─────╯")
HEAVY = ("┏━━━━━┓", "┃", "┗━━━━━┛")


class FinalPileView(PileView):
    """A final pile: its top card, how many of its 13 cards it holds, and the rank
    it takes next with its step, which is what the player looks for in every card."""

    DEFAULT_CSS = """
    FinalPileView { width: 13; margin-left: 1; }
    FinalPileView > CardView { margin-left: 3; }
    FinalPileView > .pile-needs { color: $accent; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Label("", classes="pile-needs")

    def show_final(self, cards: Sequence[Card], size: int, wanted: str | None,
                   step: int) -> None:
        """``wanted`` is the rank it takes next, as the deck's cards name it."""
        self.show(cards[-1] if cards else None, len(cards), note=f"{len(cards)} of {size}")
        needs = "full" if wanted is None else f"needs {wanted}"
        set_text(self.query_one(".pile-needs", Label), f"{needs} · +{step}")


def card_box(card: Card | None, *, top: bool) -> tuple[Text, Text, Text]:
    """A card framed in three lines, like a ``CardView``; the top card of a pile in a
    heavy frame."""
    upper, side, lower = HEAVY if top else ROUND
    frame = TOP_FRAME if top else FRAME if card is not None else EMPTY_FRAME
    face = card_text(card)
    face.align("center", BOX_FACE)  # an empty place is narrower than a card
    middle = Text(side, style=frame)
    middle.append_text(face)
    middle.append(side, style=frame)
    return Text(upper, style=frame), middle, Text(lower, style=frame)


class StoragePile(Widget):
    """One storage pile, every card, bottom first: only the last, highlighted, moves."""

    DEFAULT_CSS = """
    StoragePile { height: auto; }
    StoragePile.-chosen { background: $accent 25%; }
    """

    # A pile's cards change with nearly every move, but its height only when they
    # take a row more or less: the screen is laid out again only then.
    cards: reactive[tuple[Card, ...]] = reactive(())
    tall: reactive[bool] = reactive(False, layout=True)

    def __init__(self, number: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.number = number

    def rows(self, width: int, *, tall: bool) -> list[tuple[Card | None, ...]]:
        """The cards in rows that fit ``width``; an empty pile is one empty place."""
        per_row = max(1, (width - LABEL_WIDTH + 1) // (BOX_CARD if tall else LINE_CARD))
        cards: tuple[Card | None, ...] = self.cards or (None,)
        return [cards[start:start + per_row] for start in range(0, len(cards), per_row)]

    def lines_for(self, width: int, *, tall: bool) -> int:
        return len(self.rows(width, tall=tall)) * (BOX_LINES if tall else 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.lines_for(width, tall=self.tall)

    def watch_cards(self) -> None:
        relaid_if_taller_or_shorter(self)

    def render(self) -> Text:
        rows = self.rows(self.size.width, tall=self.tall)
        label = Text(f"S{self.number}".ljust(LABEL_WIDTH), style="bold")
        blank = Text(" " * LABEL_WIDTH)
        lines: list[Text] = []
        for number, row in enumerate(rows):
            last = number == len(rows) - 1 and bool(self.cards)
            if self.tall:
                boxes = [card_box(card, top=last and at == len(row) - 1)
                         for at, card in enumerate(row)]
                for line in range(BOX_LINES):
                    text = (label if line == 1 and not number else blank).copy()
                    text.append_text(Text(" ").join(box[line] for box in boxes))
                    lines.append(text)
            else:
                text = (blank if number else label).copy()
                text.append_text(cards_text(row, highlight=len(row) - 1 if last else None))
                lines.append(text)
        if not self.cards:
            lines[len(lines) // 2].append(" empty", style="dim")
        return Text("\n", no_wrap=True, overflow="crop").join(lines)


class StorageTable(Vertical):
    """The storage piles: framed cards when they all fit the height (with a line
    between piles when there is room for it), else lines of text."""

    DEFAULT_CSS = """
    StorageTable { height: 1fr; overflow-y: auto; }
    StorageTable.-tall.-spaced > StoragePile { margin-top: 1; }
    StorageTable > #storage-1 { margin-top: 0; }
    """

    def __init__(self, piles: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.piles = piles

    def compose(self) -> ComposeResult:
        for number in range(1, self.piles + 1):
            yield StoragePile(number, id=f"storage-{number}")

    def show(self, piles: Sequence[Sequence[Card]]) -> None:
        for view, cards in zip(self.query(StoragePile), piles, strict=True):
            view.cards = tuple(cards)
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        width, height = self.content_size
        views = list(self.query(StoragePile))
        needed = sum(view.lines_for(width, tall=True) for view in views)
        tall = needed <= height
        self.set_class(tall, "-tall")
        self.set_class(needed + len(views) - 1 <= height, "-spaced")
        for view in views:
            view.tall = tall

