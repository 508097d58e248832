"""A game's options for an autoplay run, as one row of small fields.

Each game's home subclasses ``RunOptions`` with its own fields (``Game.run_fields``).
The fields hold exactly what the game's ``setup`` takes, so a run chosen here, one
typed on the command line and one reopened from the history are the same thing;
the rules check the combination when the run starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Select
from textual.worker import Worker

from solitaire_tui.own_players import folder as own_folder
from solitaire_tui.own_players.folder import Found
from solitaire_tui.textual_private import SteadySelect


def pick(choices: list[tuple[str, Any]], value: Any, id: str) -> Select[Any]:
    """A compact choice among ``choices``, on ``value`` when it is one of them."""
    known = [choice for _, choice in choices]
    return SteadySelect(choices, value=value if value in known else known[0], allow_blank=False,
                  compact=True, id=id)


def numbers(low: int, high: int) -> list[tuple[str, int]]:
    return [(str(number), number) for number in range(low, high + 1)]


class RunOptions(Horizontal):
    """The fields for one game; ``value`` is the options as the game's ``setup`` takes
    them. ``initial`` is what the fields start with.

    A game that takes players of one's own (``Game.OWN_RULES``) is offered those in
    the data directory's folder (``own``, set by the panel: the folder, the game's key
    and its module in ``rules.own_players``; None for a guest, who loads no code): read in a
    worker as the fields mount and again on ``read_own``, and shown by the game's
    ``show_own``."""

    HELP: ClassVar[str] = ""  # what the fields mean, for the panel's help page
    DEFAULT_CSS = """
    RunOptions { height: auto; width: 100%; }
    /* Descendants: a game may set its fields out in rows (Add/Residue, the family). */
    RunOptions Label { width: auto; margin: 0 1 0 0; color: $text-muted; }
    RunOptions Select { width: 16; margin-right: 2; }
    RunOptions #players, RunOptions #n { width: 8; }
    RunOptions #variant { width: 14; margin-right: 2; }
    RunOptions .seat-level { width: 11; margin-right: 1; }
    RunOptions Tick { width: auto; margin-right: 1; }
    """

    class OwnRead(Message):
        """The player's own players were read: said by the panel when a file is no
        player."""

        def __init__(self, found: Found, where: Path) -> None:
            super().__init__()
            self.found, self.where = found, where  # the players, and their folder

    COMPARED = "Set by Compare, which runs each of its versions on the same deals."

    def __init__(self, options: Mapping[str, Any], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.initial = dict(options)
        self.own: tuple[Path, str, str] | None = None  # where its own players are found
        self._tips: dict[Widget, object] = {}  # a field's own tooltip, while compared

    def on_mount(self) -> None:
        self.read_own()

    def read_own(self) -> bool:
        """Read the player's own players again; False where this game or app has none."""
        if self.own is None:
            return False
        self.run_worker(partial(own_folder.load, *self.own), thread=True, group="own-players",
                        exclusive=True, exit_on_error=False)
        return True

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        found = event.worker.result
        if event.worker.group == "own-players" and isinstance(found, Found) and self.own:
            self.show_own(found)
            self.post_message(self.OwnRead(found, own_folder.of_game(*self.own[:2])))

    def show_own(self, found: Found) -> None:
        """Show the player's own players as fields (a game with ``Game.OWN_RULES``)."""

    def fields_of(self, option: str) -> tuple[str, ...]:
        """The ids of the fields that hold ``option``: a field is named for its option,
        where a game's fields are not (seats) it says."""
        return (option,)

    def compared(self, option: str | None) -> None:
        """While a comparison sets ``option`` (None: none does), its fields stand aside,
        disabled and saying why: what they hold would not be played."""
        aside = set(self.fields_of(option)) if option is not None else set()
        for field in self.query(Input).results():
            self._stand_aside(field, field.id in aside)
        for choice in self.query(Select).results():
            self._stand_aside(choice, choice.id in aside)

    def _stand_aside(self, field: Widget, aside: bool) -> None:
        if aside and not field.disabled:
            self._tips[field] = field.tooltip
            field.tooltip = self.COMPARED
        elif not aside and field in self._tips:
            field.tooltip = self._tips.pop(field)  # type: ignore[assignment]
        field.disabled = aside
        field.set_class(aside, "-compared")  # struck through: not what is played

    def chosen(self, id: str) -> Any:
        """What the choice ``#id`` holds."""
        return self.query_one(f"#{id}", Select).value

    @property
    def value(self) -> dict[str, Any]:
        raise NotImplementedError


class NoRunOptions(RunOptions):
    """A game with nothing to choose: every move is forced."""

    def compose(self) -> ComposeResult:
        yield Label("No options: every move is forced.")

    @property
    def value(self) -> dict[str, Any]:
        return {}
