"""Cards as a card player sees them: faces in red and black, backs, empty places.

``card_text`` is the one place that decides how a card looks in a line of text;
``CardView`` draws a single card as a small framed box and ``PileView`` adds the
pile's name and how many cards lie under its top card.

The back is the player's choice (``BACKS``, from the command palette): the app sets
it with ``use_back`` and redraws its game screens, and every back drawn after that,
here or in a game's own widgets (``back_text``), has its pattern.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, Static

from rules.cards import Card
from rules.words import counted
from solitaire_tui.widgets.text import set_text

FACE = "bold black on #f4f1e8"
RED_FACE = "bold #c0182a on #f4f1e8"
BACK = "#9db7e0 on #1d3f78"


@dataclass(frozen=True)
class Back:
    """A card back: one character repeated over it, in its colours. Every back has a
    visible character, so that a face-down card never reads as an empty place when
    colours are off (``NO_COLOR``)."""

    name: str  # as the palette shows it and the database keeps it
    pattern: str  # one character
    style: str = BACK

    def row(self, width: int = 3) -> str:
        return self.pattern * width


# The first is the back the app has always had. "plain" is drawn in blocks the colour
# of the back itself: one colour where there are colours, blocks where there are none.
BACKS = (
    Back("checks", "▚"),
    Back("shade", "▒"),
    Back("lattice", "\u2573"),  # a diagonal cross (a box-drawing character)
    Back("diamonds", "◆"),
    Back("plain", "█", "#1d3f78 on #1d3f78"),
)
BACKS_BY_NAME = {back.name: back for back in BACKS}
_chosen = BACKS[0]  # the back drawn now: one app a process, set by it (``use_back``)


def use_back(name: str) -> Back:
    """Draw every back from now on as ``name`` (the first back if there is none)."""
    global _chosen
    _chosen = BACKS_BY_NAME.get(name, BACKS[0])
    return _chosen


def chosen_back() -> Back:
    return _chosen


def back_text(width: int) -> Text:
    """``width`` characters of the chosen back, for a row of backs in a line of text."""
    back = chosen_back()
    return Text.assemble((back.row(width), back.style))


def face_style(card: Card) -> str:
    return RED_FACE if card.is_red else FACE


def card_text(card: Card | None, *, face_up: bool = True, pad: bool = True) -> Text:
    """One card for a line of text: `` 10♥ `` on a light face, or a patterned back.

    The colour is a span, not the text's base style, so a table cell or a line that
    pads the card with spaces does not paint the padding as card."""
    if card is None:
        return Text.assemble(("  ·· " if pad else "··", "dim"))
    if not face_up:
        back = chosen_back()
        return Text.assemble((f" {back.row()} " if pad else back.row(), back.style))
    label = card.glyph
    if pad:
        label = f"{label:>4} " if len(label) < 3 else f" {label} "
    return Text.assemble((label, face_style(card)))


def cards_text(cards: Iterable[Card | None], *, highlight: int | None = None,
               face_up: bool = True) -> Text:
    """Cards side by side, one space apart; ``highlight`` marks one by its position."""
    text = Text()
    for position, card in enumerate(cards):
        if position:
            text.append(" ")
        piece = card_text(card, face_up=face_up)
        if position == highlight:
            piece.stylize("reverse")
        text.append_text(piece)
    return text


class CardView(Static):
    """One card as a 5×3 framed box: face, back, or an empty place."""

    DEFAULT_CSS = """
    CardView {
        width: 7;
        height: 4;
        border: round #8a8a8a;
        background: #f4f1e8;
        color: black;
        text-style: bold;
        padding: 0 1;
        content-align: left top;
    }
    CardView.-red { color: #c0182a; }
    CardView.-back { background: #1d3f78; color: #9db7e0; border: round #9db7e0; }
    CardView.-empty { background: transparent; color: $text-muted; border: round $panel-lighten-2; }
    CardView.-chosen { border: heavy $accent; }
    """

    _shown: tuple[Card | None, bool, object] | None = None  # card, face up, back drawn

    def __init__(self, card: Card | None = None, *, face_up: bool = True,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.show(card, face_up=face_up)

    def show(self, card: Card | None, *, face_up: bool = True) -> None:
        # A board shows every card after each move, most as they were: each class set
        # again is checked by Textual (some 0.1 ms each, a dozen a card), so a card
        # shown as it is changes nothing, not even that.
        shown = (card, face_up, None if face_up or card is None else chosen_back())
        if shown == self._shown:
            return
        self._shown = shown
        self.set_class(card is None, "-empty")
        self.set_class(card is not None and not face_up, "-back")
        self.set_class(card is not None and face_up and card.is_red, "-red")
        if card is None:
            set_text(self, "")
        elif not face_up:
            back = chosen_back()
            set_text(self, Text(f"{back.row()}\n{back.row()}", style=back.style))
        else:
            glyph = card.glyph
            set_text(self, f"{glyph}\n{glyph:>3}" if card.suit is not None else f"{glyph}\n")


class PileView(Vertical):
    """A pile's name, its top card, and how many cards it holds."""

    DEFAULT_CSS = """
    PileView { width: 11; height: auto; }
    PileView > CardView { margin: 0 2; }
    PileView > Label { width: 100%; content-align: center middle; color: $text-muted; }
    PileView > .pile-name { color: $text; text-style: bold; }
    """

    def __init__(self, name: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._title = name

    def compose(self) -> ComposeResult:
        yield Label(self._title, classes="pile-name")
        yield CardView()
        yield Label("", classes="pile-count")

    def show(self, top: Card | None, count: int, *, face_up: bool = True,
             note: str | None = None) -> None:
        self.query_one(CardView).show(top, face_up=face_up)
        words = note if note is not None else (
            "empty" if not count else counted(count, "card"))
        set_text(self.query_one(".pile-count", Label), words)
