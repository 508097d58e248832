"""Choosing a game's options: when it opens without them, and later with ``o``.

One dialog serves every game with options. Each option is a set of named choices,
where the arrow keys choose as they move so that enter is left free to play, or a
whole number typed in. The game's ``build`` turns the answers into its rules'
Options, so a combination the rules refuse is explained here in the rules' own
words and the dialog stays open until the player mends it or leaves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, RadioSet

from rules.errors import RulesError
from rules.words import sentence_start
from solitaire_tui.widgets.field import TextField
from solitaire_tui.widgets.toggles import Choice

if TYPE_CHECKING:
    from solitaire_tui.ui.game_screen import GameScreen

T = TypeVar("T")


@dataclass(frozen=True)
class Pick:
    """One of a few named choices; ``across`` lays many short ones out in a row."""

    label: str
    choices: tuple[str, ...]
    chosen: str
    across: bool = False


@dataclass(frozen=True)
class Number:
    """A whole number, typed; ``most`` is the largest the game takes, so the field
    holds as many digits as it has (the game's ``build`` checks the value)."""

    label: str
    value: int | None
    most: int


Field = Pick | Number


class Choices(RadioSet, inherit_bindings=False):
    """A RadioSet whose arrow keys choose, not just point: enter belongs to the dialog.

    The choice an arrow makes counts at once (``chosen``). RadioSet records a choice
    (``pressed_index``) only when its button's message has come back to it, and
    enter typed right behind an arrow (in a terminal, keys sent together) played
    the choice before it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "choose(1)", "Next", show=False),
        Binding("up,left", "choose(-1)", "Previous", show=False),
    ]

    DEFAULT_CSS = """
    Choices { width: auto; }
    Choices > Choice { width: auto; }
    Choices.-across { layout: horizontal; }
    """

    def __init__(self, *choices: Choice, id: str | None = None) -> None:
        super().__init__(*choices, id=id)
        self._chosen = next((index for index, choice in enumerate(choices) if choice.value), -1)
        self._unheard = 0  # choices the arrows made whose RadioSet.Changed has not come

    @property
    def chosen(self) -> int:
        """The index of the choice made, the arrows' latest included."""
        return self._chosen

    def on_mount(self) -> None:
        # RadioSet's own mount handler, which runs after this one, points at the first
        # choice; the cursor belongs on the choice already made.
        self.call_after_refresh(self._point_at_choice)

    def _point_at_choice(self) -> None:
        self._selected = self.pressed_index

    def action_choose(self, step: int) -> None:
        # From the choice made, whatever the cursor shows: an arrow typed before the
        # mount's pointing (keys sent with the one that opened the dialog) moved on
        # from the first choice, and chose the one after the one meant.
        if self._chosen >= 0:
            self._selected = self._chosen
        if step > 0:
            self.action_next_button()
        else:
            self.action_previous_button()
        if self._selected is not None and self._selected != self._chosen:
            self._chosen = self._selected
            self._unheard += 1
            self.action_toggle_button()

    def on_radio_set_changed(self, _: RadioSet.Changed) -> None:
        """A choice RadioSet has recorded: the arrows' own, counted already, or a
        click's, which counts from now."""
        if self._unheard:
            self._unheard -= 1
        else:
            self._chosen = self.pressed_index


class OptionsDialog(ModalScreen[T | None], Generic[T]):
    BINDINGS = [
        Binding("enter", "play", "Play"),
        Binding("escape", "cancel", "Keep the game"),
    ]

    CSS_PATH = "options_dialog.tcss"

    def __init__(self, title: str, fields: Sequence[Field],
                 build: Callable[[list[str]], T], *, confirm: str = "Play",
                 keep: str = "keep the game") -> None:
        """``confirm`` names what enter does, ``keep`` what esc leaves as it is."""
        super().__init__()
        self.heading = title
        self.fields = tuple(fields)
        self.build = build
        self.confirm, self.keep = confirm, keep

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.heading, style="bold"), id="heading")
            with Horizontal(id="fields"):
                for position, field in enumerate(self.fields):
                    with Vertical(classes="field"):
                        yield Label(field.label)
                        yield self._widget(field, f"field-{position}")
            yield Label("", id="error")
            with Horizontal(id="buttons"):
                for label, action in ((f"{self.confirm} (enter)", "play"),
                                      ("Cancel (esc)", "cancel")):
                    button = Button(label, action=f"screen.{action}", compact=True)
                    button.can_focus = False  # enter and esc work wherever the focus is
                    yield button
            yield Label(f"arrows choose · tab: next option · enter: {self.confirm.lower()}"
                        f" · esc: {self.keep}", classes="keys")

    @staticmethod
    def _widget(field: Field, id: str) -> Choices | Input:
        if isinstance(field, Number):
            return TextField(str(field.value or ""), restrict=r"[0-9]*",
                         max_length=len(str(field.most)), id=id, compact=True)
        choices = Choices(*(Choice(choice, value=choice == field.chosen)
                            for choice in field.choices), id=id)
        choices.set_class(field.across, "-across")
        return choices

    def answers(self) -> list[str]:
        """Each field's answer as text: the name of the choice made, or the digits typed."""
        out = []
        for position, field in enumerate(self.fields):
            widget = self.query_one(f"#field-{position}")
            if isinstance(widget, Input):
                out.append(widget.value)
            else:
                assert isinstance(widget, Choices) and isinstance(field, Pick)
                out.append(field.choices[widget.chosen])
        return out

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_play()

    def action_play(self) -> None:
        try:
            options = self.build(self.answers())
        except RulesError as error:
            message = str(error)
            self.query_one("#error", Label).update(Text(sentence_start(message)))
            self.app.bell()
            return
        self.dismiss(options)

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_options(screen: GameScreen[Any, Any], title: str, fields: Sequence[Field],
                build: Callable[[list[str]], T]) -> None:
    """Open the dialog over a game; options chosen start a new game on the same deal.
    esc keeps the game in play, or, before a move (as the game opens and asks), the
    deal with the options the title shows: there is no game to keep yet."""

    def chosen(options: T | None) -> None:
        if options is not None:
            screen.change_options(options)

    keep = "keep the game" if screen.table.in_play else "keep it as dealt"
    screen.app.push_screen(OptionsDialog(title, fields, build, keep=keep), chosen)
