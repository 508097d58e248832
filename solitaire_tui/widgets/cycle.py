"""A choice among a few values, changed in place.

The arrow keys or space step through the values and a click takes the next one,
so a form built of these leaves enter free to submit it, and tab to move on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

T = TypeVar("T")


class Cycle(Widget, Generic[T], can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space", "step(1)", "Next", show=False),
        Binding("left", "step(-1)", "Previous", show=False),
    ]

    DEFAULT_CSS = """
    Cycle { height: 1; padding: 0 1; background: $boost; }
    Cycle:hover { background: $panel-lighten-1; }
    Cycle:focus { background: $accent; color: $text; text-style: bold; }
    """

    index: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, cycle: Cycle[Any]) -> None:
            super().__init__()
            self.cycle = cycle

        @property
        def control(self) -> Cycle[Any]:
            return self.cycle

    def __init__(self, choices: Sequence[tuple[str, T]], value: T, *,
                 id: str | None = None, classes: str | None = None) -> None:
        """``choices``: (label, value) pairs; ``value`` is the one chosen first."""
        super().__init__(id=id, classes=classes)
        self._take(choices, value)
        # Values the keys and clicks step past (that cannot be chosen here and now);
        # the one chosen stays, even if it is one of them.
        self.passed_over: frozenset[T] = frozenset()

    def _take(self, choices: Sequence[tuple[str, T]], value: T) -> None:
        self.choices = tuple(choices)
        self.set_reactive(Cycle.index, [v for _, v in self.choices].index(value))
        self.styles.width = max(len(label) for label, _ in self.choices) + 6

    def offer(self, choices: Sequence[tuple[str, T]]) -> None:
        """Other values to choose from; the one chosen stays, among them or not."""
        chosen = self.choices[self.index]
        self._take([*choices, *([] if chosen in choices else [chosen])], chosen[1])
        self.refresh(layout=True)

    @property
    def value(self) -> T:
        return self.choices[self.index][1]

    def render(self) -> str:
        """The arrows only on the focused one: which field the keys change reads from
        the characters, not from a colour alone."""
        label = self.choices[self.index][0]
        return f"◂ {label} ▸" if self.has_focus else f"  {label}  "

    def action_step(self, step: int) -> None:
        """To the next value that way that is not ``passed_over``."""
        index = self.index
        for _ in self.choices:
            index = (index + step) % len(self.choices)
            if self.choices[index][1] not in self.passed_over:
                break
        self.index = index
        self.post_message(self.Changed(self))

    def on_click(self, event: events.Click) -> None:
        self.action_step(-1 if event.x < 2 else 1)
