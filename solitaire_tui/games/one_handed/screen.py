"""One-Handed Solitaire: the player names each step the hand calls for."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from rules import one_handed
from rules.one_handed import Move, State
from rules.words import counted
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import GAME_KEYS
from solitaire_tui.widgets.cards import CardView, PileView
from solitaire_tui.widgets.moves import MoveButtons
from solitaire_tui.widgets.trail import CardTrail

PLAY_KEYS = {Move.DISCARD_MIDDLE: "m", Move.DISCARD_FOUR: "f", Move.DRAW: "d"}


class OneHandedScreen(GameScreen[State, Move]):
    RULES = one_handed

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

    def new_state(self) -> State:
        assert self.deck is not None
        return one_handed.new_game(one_handed.Options(), self.deck.cards)

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

    def figures(self, state: State) -> str:
        return (f"in hand {len(state.hand)} · deck {len(state.deck)}"
                f" · discarded {len(state.discards)}")

    def describe(self, move: Move) -> str:
        return f"{move.value} ({PLAY_KEYS[move]})"

    def score(self, state: State) -> int:
        return one_handed.result(state).cards_left

    def verdict(self, state: State) -> tuple[bool, str]:
        result = one_handed.result(state)
        left = counted(result.cards_left, "card")
        return result.won, ("every card discarded" if result.won
                            else f"the deck is used up with {left} in hand")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "move":
            return not self.session.is_over
        return super().check_action(action, parameters)

    def action_move(self, name: str) -> None:
        self.play(Move[name])
