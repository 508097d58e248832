"""Hit or Miss played by keys, as the screen's and the celebration's tests play it."""

from __future__ import annotations

from textual.pilot import Pilot

from rules import hit_or_miss
from rules.cards import Card
from solitaire_tui.decks import Deck
from solitaire_tui.games.hit_or_miss.screen import PLAY_KEYS, HitOrMissScreen

IN_ORDER = Deck(tuple(Card(rank) for rank in range(1, 14)), None)  # won in one pass


async def play_out(pilot: Pilot[None], screen: HitOrMissScreen, most: int = 10_000) -> int:
    """Make the calls the rules call for, by their keys, to the end or ``most`` of them;
    the number of keys pressed."""
    presses = 0
    while not screen.session.is_over and presses < most:
        (call,) = hit_or_miss.legal_moves(screen.session.state)
        await pilot.press(PLAY_KEYS[call])
        presses += 1
    await pilot.pause()
    return presses
