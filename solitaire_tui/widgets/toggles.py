"""Check boxes and radio buttons whose state reads from their characters, not only from
their colours: Textual draws ``▐X▌`` ticked or not (and ``▐●▌`` for every radio
button), and marks focus by a change of background, which a colour-blind player, a
dim screen or ``NO_COLOR`` loses. Here ticked is ``✓``, chosen ``●``, neither a blank,
and the focused one's label is underlined."""

from __future__ import annotations

from typing import ClassVar

from textual.content import ContentText
from textual.widgets import Checkbox, RadioButton

from solitaire_tui.textual_private import ToggleButton


class Readable(ToggleButton):
    """A toggle whose mark follows its value: ``ON`` when on, a blank when off. It
    comes after the Textual widget among a toggle's bases, so that the toggle is still
    that widget to CSS and queries (Textual follows the first base only)."""

    ON: ClassVar[str] = "✓"

    def __init__(self, label: ContentText = "", value: bool = False, **kwargs: object) -> None:
        super().__init__(label, value, **kwargs)  # type: ignore[arg-type]
        self._mark()

    def watch_value(self) -> None:
        self._mark()
        super().watch_value()

    def _mark(self) -> None:
        self.BUTTON_INNER = self.ON if self.value else " "


class Tick(Checkbox, Readable):
    """A check box: ``▐✓▌`` ticked, ``▐ ▌`` not."""

    DEFAULT_CSS = """
    Tick:focus > .toggle--label { text-style: bold underline; }
    """


class Choice(RadioButton, Readable):
    """A radio button: ``▐●▌`` chosen, ``▐ ▌`` not. In a radio set the set has the
    focus, and its cursor is the underlined choice."""

    ON = "●"
    DEFAULT_CSS = """
    RadioSet:focus > Choice.-selected > .toggle--label { text-style: bold underline; }
    """
