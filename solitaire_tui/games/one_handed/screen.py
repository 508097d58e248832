"""One-Handed Solitaire: the player names each step the hand calls for."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from rules.one_handed import Move, State
from solitaire_tui.games.one_handed.words import PLAY_KEYS
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import GAME_KEYS
from solitaire_tui.widgets.cards import CardView, PileView
from solitaire_tui.widgets.moves import MoveButtons
from solitaire_tui.widgets.trail import CardTrail


class OneHandedScreen(GameScreen[State, Move]):
    BINDINGS = [
        Binding("m", "move('DISCARD_MIDDLE')", "Middle two"),
        Binding("f", "move('DISCARD_FOUR')", "Four"),
        Binding("d", "move('DRAW')", "Draw"),
        *GAME_KEYS,
    ]

    CSS_PATH = "screen.tcss"

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="table"):
            yield PileView("Deck", id="deck")
            yield PileView("Behind", id="behind")
            with Vertical(id="fan"):
                yield Label("In view (oldest → newest)", classes="fan-name")
                with Horizontal():
                    for position in range(1, 5):
                        with Vertical(classes="slot"):
                            yield CardView(id=f"view-{position}")
                            yield Label(str(position))
            yield PileView("Discards", id="discards")
        yield MoveButtons(
            *((f"{move.value.capitalize()} ({key})", f"move('{move.name}')")
              for move, key in PLAY_KEYS.items())
        )
        yield CardTrail("The whole hand", id="hand-trail")
        yield CardTrail("Discards", id="discard-trail")

    def show(self, state: State) -> None:
        self.query_one("#deck", PileView).show(state.deck[0] if state.deck else None,
                                               len(state.deck), face_up=False)
        behind = state.hand[:-4]
        self.query_one("#behind", PileView).show(behind[-1] if behind else None, len(behind))
        window = state.window
        for position in range(4):
            card = window[position] if position < len(window) else None
            self.query_one(f"#view-{position + 1}", CardView).show(card)
        self.query_one("#discards", PileView).show(
            state.discards[-1] if state.discards else None, len(state.discards))
        self.query_one("#hand-trail", CardTrail).show(
            state.hand, "none left: every card discarded" if state.discards and not state.hand
            and not state.deck else "none yet")
        self.query_one("#discard-trail", CardTrail).show(state.discards)

    def can(self, action: str) -> bool | None:
        return not self.session.is_over

    def action_move(self, name: str) -> None:
        self.play(Move[name])
