"""Hit or Miss relay: the players count in lockstep, and the player steps the rounds.

The relay has no choices in it, so the screen is a window on the line of players:
what each holds, what it will say, and what passed along the line in the last
round. At the end it answers as the contest would.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from rules import relay
from rules.relay import Options, State, Step
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import game_keys
from solitaire_tui.ui.options_dialog import Pick, ask_options
from solitaire_tui.widgets.cards import back_text, card_text
from solitaire_tui.widgets.moves import MoveButtons
from solitaire_tui.widgets.text import set_text
from solitaire_tui.widgets.trail import CardTrail


class DeckBar:
    """A deck drawn as a row of card backs, as long as its share of the cards: the
    wider the terminal, the finer the picture of where the cards are."""

    def __init__(self, cards: int, total: int) -> None:
        self.cards = cards
        self.total = total

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        length = round(self.cards / self.total * options.max_width) if self.total else 0
        yield back_text(max(length, 1 if self.cards else 0))


class RelayScreen(GameScreen[State, Step]):
    BINDINGS = [
        Binding("space", "step", "Round", key_display="space"),
        *game_keys(options="Players"),
    ]

    CSS_PATH = "screen.tcss"

    def compose_board(self) -> ComposeResult:
        yield Static(id="round")
        yield Static(id="players")
        yield MoveButtons(("Step a round (space)", "step"))
        yield CardTrail("Discarded by the last player", id="discard-trail")

    def show(self, state: State) -> None:
        total = len(state.discards) + sum(len(deck) for deck in state.decks)
        set_text(self.query_one("#round", Static), self._round_text(state, total))
        set_text(self.query_one("#players", Static), self._players_table(state, total))
        self.query_one("#discard-trail", CardTrail).show(state.discards)

    @staticmethod
    def _round_text(state: State, total: int) -> Text:
        text = Text(f"Round {state.rounds}", style="bold")
        text.append(f"  ·  discarded {len(state.discards)} of {total}")
        if state.quiet_rounds and not relay.is_won(state):
            # Only once a round has passed with no hit: "0 of 663" read as a bug. The
            # bound said as what it is ("lost at 663" was read as a card or a score,
            # ": 663 lose the deal" as 663 of something), on one row at 80 columns.
            text.append(f"  ·  no hit for {state.quiet_rounds} of the"
                        f" {relay.hopeless_after(state)} rounds that lose")
        return text

    @staticmethod
    def _players_table(state: State, total: int) -> Table:
        """A row per player; a card passed in the last round shows in the row of the
        player that hit it (passed) and of the player that took it (got)."""
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold",
                      expand=True)
        for heading in ("Player", "Cards", "Says", "Top", "Last hit", "Got", "Passed"):
            table.add_column(heading, justify="right" if heading in ("Cards", "Says")
                             else "left")
        table.add_column("Deck", ratio=1)
        for player, deck in enumerate(state.decks):
            waiting = "dim" if not deck else ""
            passed = state.passed[player]
            table.add_row(
                Text(f"P{player + 1}", style="bold green" if passed else "bold"),
                Text(str(len(deck)) if deck else "none", style=waiting),
                Text(str(state.counts[player]), style=waiting or "bold"),
                card_text(deck[0] if deck else None),
                card_text(state.last_hits[player]),
                card_text(state.passed[player - 1]) if player else Text(""),
                card_text(passed),
                DeckBar(len(deck), total),
            )
        return table

    def can(self, action: str) -> bool | None:
        return not self.session.is_over

    def action_step(self) -> None:
        self.play(relay.ROUND)

    def action_options(self) -> None:
        players = tuple(str(n) for n in range(relay.MIN_PLAYERS, relay.MAX_PLAYERS + 1))
        ask_options(self, "Hit or Miss relay: how many players",
                    [Pick("Players", players, str(self.table.options.players), across=True)],
                    lambda answers: Options(int(answers[0])))
