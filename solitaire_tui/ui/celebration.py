"""A won game's celebration: cards cascading off the table, as the old card games did.

Shown over the game screen for a few seconds, it is only a look: any key or click
ends it at once (and does nothing else), and it ends by itself. It is not shown when
reduced motion is asked for (Textual's ``TEXTUAL_ANIMATIONS`` below ``full``) nor where
the app says not to (``SolitaireApp.CELEBRATE``, off in the tests, whose keys must go
to the game).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.app import App, ComposeResult
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from solitaire_tui.decks import Deck

FRAMES_PER_SECOND = 30
CARDS = 12  # cards thrown, one after another
LAST_SECONDS = 6.0  # it ends by itself after this, however many cards have gone
GRAVITY = 0.09  # cells a frame, a frame: a card's fall quickens
BOUNCE = 0.8  # the share of its speed a card keeps when it bounces on the floor
RANKS = "KQJ"
SUITS = (("♠", False), ("♥", True), ("♣", False), ("♦", True))
CARD = ("╭───╮", "│{}│", "╰───╯")  # five cells wide, three high
CARD_WIDTH, CARD_HEIGHT = 5, 3


@dataclass
class Flight:
    """One card on its way: where it is and how fast it goes, in cells a frame."""

    x: float
    y: float
    dx: float
    dy: float
    face: str
    red: bool


class Cascade(Widget):
    """The table the cards fall on; each card leaves its trail, as on the old screens."""

    DEFAULT_CSS = "Cascade { width: 1fr; height: 1fr; }"

    def __init__(self, seed: int = 0) -> None:
        super().__init__()
        self._random = random.Random(seed)
        self._cells: dict[tuple[int, int], tuple[str, bool]] = {}
        self._flight: Flight | None = None
        self.thrown = 0

    def on_mount(self) -> None:
        self.set_interval(1 / FRAMES_PER_SECOND, self._step)

    def _throw(self) -> Flight:
        rank = RANKS[self.thrown % len(RANKS)]
        suit, red = SUITS[(self.thrown // len(RANKS)) % len(SUITS)]
        width = max(self.size.width, CARD_WIDTH * 2)
        start = width * (0.45 + 0.1 * (self.thrown % 4)) - CARD_WIDTH / 2
        speed = self._random.uniform(0.5, 1.4) * self._random.choice((-1, 1))
        self.thrown += 1
        return Flight(start, 0.0, speed, self._random.uniform(-0.4, 0.1),
                      f"{rank}{suit} ", red)

    def _step(self) -> None:
        """Move the card in flight one frame, and stamp it where it now is."""
        if self._flight is None:
            if self.thrown >= CARDS:
                return
            self._flight = self._throw()
        card = self._flight
        card.x += card.dx
        card.dy += GRAVITY
        card.y += card.dy
        floor = self.size.height - CARD_HEIGHT
        if card.y > floor:
            card.y, card.dy = floor, -card.dy * BOUNCE
        if card.x + CARD_WIDTH < 0 or card.x > self.size.width:
            self._flight = None
            return
        left, top = round(card.x), round(card.y)
        for row, pattern in enumerate(CARD):
            for column, char in enumerate(pattern.format(card.face)):
                self._cells[(left + column, top + row)] = (char, card.red)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        red = Style(color="red", bgcolor="white")
        black = Style(color="black", bgcolor="white")
        blank = Segment(" ", self.rich_style)  # styled: NO_COLOR's filter reads each style
        segments = [Segment(self._cells[(x, y)][0], red if self._cells[(x, y)][1] else black)
                    if (x, y) in self._cells else blank
                    for x in range(self.size.width)]
        return Strip(segments, self.size.width)


class Celebration(ModalScreen[None]):
    """The cascade over the won game, with a line saying how to end it."""

    DEFAULT_CSS = """
    Celebration { background: $background 60%; }
    Celebration > #caption { dock: bottom; width: 100%; text-align: center;
                             text-style: bold; }
    """

    def __init__(self, caption: str, seed: int = 0) -> None:
        super().__init__()
        self.caption = caption
        self.seed = seed

    def compose(self) -> ComposeResult:
        yield Cascade(self.seed)
        yield Static(f"{self.caption} · any key goes on", id="caption")

    def on_mount(self) -> None:
        self.set_timer(LAST_SECONDS, self._end)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self._end()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self._end()

    def _end(self) -> None:
        if self.is_current:
            self.dismiss()


def celebrate(app: App[Any], deck: Deck | None, moves: int) -> None:
    """Cards cascading over a won game, unless reduced motion is asked for
    (``TEXTUAL_ANIMATIONS``)."""
    if app.animation_level != "full":
        return
    deal = deck.deal if deck is not None else None
    app.push_screen(Celebration(
        "Won" + (f" deal {deal}" if deal is not None else "") + f" in {moves:,} moves",
        seed=deal or 0))
