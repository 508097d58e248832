"""Hit or Miss: the player says each call, hit or miss, as the count goes round."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Digits, Label, Static

from rules import hit_or_miss, zero_strike
from rules.hit_or_miss import Call, Options, PassOrder, State
from rules.words import sentence_start
from solitaire_tui.games.hit_or_miss.words import PLAY_KEYS, pass_words
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import GAME_KEYS
from solitaire_tui.ui.options_dialog import Number, Pick, ask_options
from solitaire_tui.widgets.cards import PileView
from solitaire_tui.widgets.moves import MoveButtons
from solitaire_tui.widgets.text import set_text
from solitaire_tui.widgets.trail import CardTrail

LIMITS = (*hit_or_miss.NAMED_LIMITS, "strikes=N")
FIRST_UNNAMED_LIMIT = 4  # offered for strikes=N: the named variants cover 1..3 and none


class HitOrMissScreen(GameScreen[State, Call]):
    BINDINGS = [
        Binding("x", "call('HIT')", "Hit"),
        Binding("m", "call('MISS')", "Miss"),
        *GAME_KEYS,
        Binding("z", "zero_strike", "0-strike"),
    ]

    CSS_PATH = "screen.tcss"

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="table"):
            yield PileView("Stock", id="stock")
            yield PileView("Turned", id="turned")
            with Vertical(id="say"):
                yield Label("Say", classes="pile-name")
                yield Digits(id="count")
            yield PileView("Misses", id="misses")
            yield PileView("Discards", id="discards")
        yield Static(id="passes")
        yield MoveButtons(*((f"{call.value.capitalize()} ({key})", f"call('{call.name}')")
                            for call, key in PLAY_KEYS.items()))
        yield CardTrail("Misses this pass", id="miss-trail")
        yield CardTrail("Discards", id="discard-trail")

    def show(self, state: State) -> None:
        # In play the top card is turned, waiting for the call; once the game is over
        # every card left lies face down in the stock.
        turned = None if hit_or_miss.is_over(state) else state.top
        under = state.stock[1:] if turned else state.stock
        self.query_one("#stock", PileView).show(under[0] if under else None, len(under),
                                                face_up=False)
        self.query_one("#turned", PileView).show(turned, 1 if turned else 0,
                                                 note="call it" if turned else "")
        self.query_one("#count", Digits).update(str(state.count))
        self.query_one("#misses", PileView).show(state.misses[-1] if state.misses else None,
                                                 len(state.misses))
        self.query_one("#discards", PileView).show(
            state.discards[-1] if state.discards else None, len(state.discards))
        set_text(self.query_one("#passes", Static), self._passes_text(state))
        self.query_one("#miss-trail", CardTrail).show(state.misses)
        self.query_one("#discard-trail", CardTrail).show(state.discards)

    @staticmethod
    def _passes_text(state: State) -> Text:
        limit = hit_or_miss.strike_limit(state.options, state.cards_left)
        text = Text(sentence_start(pass_words(state)), style="bold")
        if not hit_or_miss.is_over(state):
            text.append(" (a hit made)" if state.hit_in_pass else " (no hit yet)",
                        style="green" if state.hit_in_pass else "yellow")
        # One line at 80 columns (the strikes in all are the status line's).
        if state.options.strikes is None:  # unlimited, yet a loss can be certain
            if limit is not None and state.cards_left:
                passes = "a pass" if limit == 1 else "two passes"
                text.append(f"  ·  {passes} with no hit loses: {state.cards_left} is a"
                            " multiple of 13", style="bold red" if state.strike_run else "")
        else:
            text.append("  ·  strikes in a row ")
            text.append(f"{state.strike_run} of {limit}" if limit else str(state.strike_run),
                        style="bold red" if state.strike_run and limit else "bold")
        return text

    def can(self, action: str) -> bool | None:
        """The calls wait for a card to call; the zero-strike search is always there."""
        return action != "call" or not self.session.is_over

    def action_call(self, name: str) -> None:
        self.play(Call[name])

    def action_zero_strike(self) -> None:
        from solitaire_tui.games.hit_or_miss.zero_strike_screen import ZeroStrikeScreen

        self.helping.stop()
        self.app.push_screen(ZeroStrikeScreen(
            self.game.key, self.game.OPTIONS.panel(zero_strike.ZERO_STRIKE),
            self.services.choices, self.services.engine, self.services.limits))

    def action_options(self) -> None:
        options: Options = self.table.options
        limit = options.variant if options.variant in LIMITS else "strikes=N"

        def build(answers: list[str]) -> Options:
            name, n, order = answers
            strikes = hit_or_miss.parse_variant(f"strikes={n}" if name == "strikes=N" else name)
            return Options(strikes, PassOrder(order), seed=options.seed)

        fields = (
            Pick("Strikes in a row that lose", LIMITS, limit),
            Number("N for strikes=N",
                   options.strikes if limit == "strikes=N" else FIRST_UNNAMED_LIMIT,
                   hit_or_miss.MOST_STRIKES),
            Pick("Pass order", tuple(order.value for order in PassOrder),
                 options.order.value),
        )
        ask_options(self, "Hit or Miss: the variant to play", fields, build)
