"""Numbered chips for Add/Residue: a pile as a row of its numbers, and a seat as its
number, name, score and two piles.

Every number 1..n keeps its place in the row whether spent or not, so a player
reads at a glance which numbers are gone (greyed and struck through, which shows
without colours too) and which are left. The chips are as wide as the room allows:
two cells each at 80 columns with twenty numbers, four when there is space.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.renderables.digits import DIGITS, DIGITS3X3
from textual.widget import Widget
from textual.widgets import Static

from rules.add_residue import Pile

LABEL = 4  # "add " before the chips
NARROW, WIDE = 2, 4  # cells per chip, and one space between chips
CHIP = {Pile.ADD: "bold black on #e0c070", Pile.MOD: "bold black on #80b4d8"}
IDLE = "#d8d8d8 on #4a5058"  # a number left to a player who is not moving
SPENT = "#7c7c7c strike"  # struck through: gone, in colour or without
CURSOR = "bold #ffffff on #c0182a"
UNDERLINED_CURSOR = f"{CURSOR} underline"  # without colours (NO_COLOR), the cursor's mark


class BigNumber(Static):
    """m in digits three lines high. Textual's ``Digits`` draws 0 as an empty frame,
    which players read as a blank box: here it is slashed."""

    DEFAULT_CSS = "BigNumber { width: auto; height: 3; margin-right: 1; }"

    def show(self, number: int) -> None:
        rows = ["", "", ""]
        for digit in str(number):
            at = DIGITS.index(digit) * 3
            glyph = ["╭─╮", "│╱│", "╰─╯"] if digit == "0" else DIGITS3X3[at:at + 3]
            for row, piece in enumerate(glyph):
                rows[row] += piece.ljust(3)
        self.update(Text("\n".join(rows)))


class Chips(Widget):
    """One player's pile, the numbers 1..n in a row; a click on one picks it."""

    DEFAULT_CSS = """
    Chips { height: 1; width: 1fr; }
    """

    class Picked(Message):
        def __init__(self, player: int, pile: Pile, number: int) -> None:
            super().__init__()
            self.player = player
            self.pile = pile
            self.number = number

    def __init__(self, player: int, pile: Pile) -> None:
        super().__init__(classes=pile.value)
        self.player = player
        self.pile = pile
        self.n = 0
        self.left: frozenset[int] = frozenset()
        self.live = False
        self.cursor: int | None = None

    def show(self, n: int, left: frozenset[int], *, live: bool, cursor: int | None) -> None:
        """``live``: this player is to move; ``cursor``: the number chosen, if any."""
        self.n, self.left, self.live, self.cursor = n, left, live, cursor
        self.refresh()

    @property
    def chip_width(self) -> int:
        return WIDE if self.size.width >= LABEL + self.n * (WIDE + 1) else NARROW

    def render(self) -> Text:
        width = self.chip_width
        text = Text(f"{self.pile.value} ", style="dim")
        for number in range(1, self.n + 1):
            if number > 1:
                text.append(" ")
            style = SPENT
            if number == self.cursor:
                style = UNDERLINED_CURSOR if self.app.no_color else CURSOR
            elif number in self.left:
                style = CHIP[self.pile] if self.live else IDLE
            text.append(f"{number:>2}".center(width), style)
        return text

    def number_at(self, x: int) -> int | None:
        """The number whose chip covers column ``x``, if any."""
        step = self.chip_width + 1
        index, within = divmod(x - LABEL, step)
        if x < LABEL or within == step - 1 or index >= self.n:
            return None
        return index + 1

    def on_click(self, event: events.Click) -> None:
        number = self.number_at(event.x)
        if number is not None:
            self.post_message(self.Picked(self.player, self.pile, number))


LEVEL = 8  # a computer's name under its seat's, at most: the column is 15 wide


class SeatView(Horizontal):
    """A player's name and score beside its add and mod piles."""

    DEFAULT_CSS = """
    SeatView { height: 2; }
    SeatView > .who { width: 15; height: 2; padding: 0 1 0 0; }
    SeatView > Vertical { height: 2; width: 1fr; }
    SeatView.-to-move > .who { color: $text-accent; text-style: bold; }
    """

    def __init__(self, player: int) -> None:
        super().__init__(id=f"seat-{player}")
        self.player = player

    def compose(self) -> ComposeResult:
        yield Static(classes="who")
        with Vertical():
            for pile in Pile:
                yield Chips(self.player, pile)

    def show(self, name: str, level: str | None, score: int, *, to_move: bool) -> None:
        """The seat's number, name and score; ``level`` names the computer playing it.
        The number is the rules' name for the player, as their messages give it."""
        self.set_class(to_move, "-to-move")
        level = level or "pts"
        if len(level) > LEVEL:  # a player of one's own, by its file's name
            level = level[:LEVEL - 1] + "…"
        self.query_one(".who", Static).update(Text.assemble(
            ("▶ " if to_move else "  ") + f"{self.player + 1} {name}", "\n",
            (f"{score:>5} ", "bold"), (level, "dim"),
        ))

    def chips(self, pile: Pile) -> Chips:
        return self.query_one(f"Chips.{pile.value}", Chips)
