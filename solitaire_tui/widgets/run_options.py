"""A game's options for an autoplay run, as one row of small fields.

The fields hold exactly what ``runs.setup`` takes, so a run chosen here, one typed
on the command line and one reopened from the history are the same thing; the
rules check the combination when the run starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Label, Select

from rules import add_residue, hit_or_miss, relay
from rules.strategies import add_residue as add_residue_players
from rules.strategies import sequence as sequence_players

VARIANTS = ("unlimited", "roll-call", "two-strike", "strikes=1", "strikes=4", "strikes=5")


def _pick(choices: list[tuple[str, Any]], value: Any, id: str) -> Select[Any]:
    known = [choice for _, choice in choices]
    return Select(choices, value=value if value in known else known[0], allow_blank=False,
                  compact=True, id=id)


def _numbers(low: int, high: int) -> list[tuple[str, int]]:
    return [(str(number), number) for number in range(low, high + 1)]


class RunOptions(Horizontal):
    """The fields for one game; ``value`` is the options as ``runs.setup`` takes them."""

    DEFAULT_CSS = """
    RunOptions { height: auto; width: 100%; }
    RunOptions > Label { width: auto; margin: 0 1 0 0; color: $text-muted; }
    RunOptions > Select { width: 16; margin-right: 2; }
    RunOptions > #players, RunOptions > #n { width: 8; }
    RunOptions > .seat-level { width: 11; margin-right: 1; }
    RunOptions > Checkbox { width: auto; margin-right: 1; }
    """

    def __init__(self, game: str, options: Mapping[str, Any], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self.initial = dict(options)

    def compose(self) -> ComposeResult:
        given = self.initial
        if self.game == "hit-or-miss":
            variant = str(given.get("variant", VARIANTS[0]))
            names = VARIANTS if variant in VARIANTS else (*VARIANTS, variant)
            yield Label("Variant")
            yield _pick([(name, name) for name in names], variant, "variant")
            yield Label("Pass order")
            yield _pick([(order.value, order.value) for order in hit_or_miss.PassOrder],
                        given.get("order"), "order")
        elif self.game == "relay":
            yield Label("Players")
            yield _pick(_numbers(relay.MIN_PLAYERS, relay.MAX_PLAYERS),
                        given.get("players", relay.Options.players), "players")
        elif self.game == "one-handed":
            yield Label("No options: every move is forced.")
        elif self.game == "sequence":
            yield Label("Players, compared on the same deals:")
            chosen = given.get("strategies", sequence_players.COMPARED)
            for name in sequence_players.NAMES:
                yield Checkbox(name, name in chosen, compact=True, id=f"strategy-{name}")
        else:
            players = given.get("players", add_residue.Options.players)
            yield Label("Players")
            yield _pick(_numbers(add_residue.MIN_PLAYERS, add_residue.MAX_PLAYERS), players,
                        "players")
            yield Label("n")
            yield _pick(_numbers(add_residue.MIN_N, add_residue.MAX_N),
                        given.get("n", add_residue.Options.n), "n")
            # By default greedy against random players: greedy against greedy always ties.
            seats = list(given.get("strategies", ["greedy", "random"]))
            for seat in range(add_residue.MAX_PLAYERS):
                yield Label(f"P{seat + 1}", classes="seat")
                level = _pick([(name, name) for name in add_residue_players.NAMES],
                              seats[min(seat, len(seats) - 1)], f"seat-{seat + 1}")
                level.add_class("seat-level")
                yield level

    def on_mount(self) -> None:
        self._show_seats()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            self._show_seats()

    def _show_seats(self) -> None:
        """As many strategy fields as there are Add/Residue players."""
        if self.game != "add-residue":
            return
        players = self._value("players")
        for seat in range(add_residue.MAX_PLAYERS):
            shown = seat < players
            self.query_one(f"#seat-{seat + 1}").display = shown
            self.query(Label).filter(".seat")[seat].display = shown

    def _value(self, id: str) -> Any:
        return self.query_one(f"#{id}", Select).value

    @property
    def value(self) -> dict[str, Any]:
        if self.game == "hit-or-miss":
            return {"variant": self._value("variant"), "order": self._value("order")}
        if self.game == "relay":
            return {"players": self._value("players")}
        if self.game == "sequence":
            return {"strategies": [name for name in sequence_players.NAMES
                                   if self.query_one(f"#strategy-{name}", Checkbox).value]}
        if self.game == "add-residue":
            players = self._value("players")
            return {"players": players, "n": self._value("n"),
                    "strategies": [self._value(f"seat-{seat + 1}") for seat in range(players)]}
        return {}
