"""A field for a number, which leaves the screen's letter keys to the screen.

A Textual ``Input`` takes every printable key, so while one had the focus the keys
its screen's footer showed (``r`` run, ``n`` new seed …) went into it instead: ``r``
typed in the statistics panel's Games field made it ``2e3r``. A number field takes
only the characters a number of its kind is written with; any other key is left to
the screen, whose binding then runs (``_on_key``), and the footer shows it there
(``check_consume_key``, which Textual asks when it lists the keys that apply).
"""

from __future__ import annotations

from typing import Any

from textual import events

from solitaire_tui.widgets.field import TextField

# How a count of games may be written: 1000000, 1_000_000, 1,000,000, 1e6.
COUNT_CHARACTERS = frozenset("0123456789_,.eE+")
DIGITS = frozenset("0123456789")


class NumberField(TextField):
    def __init__(self, value: str, characters: frozenset[str] = DIGITS, **kwargs: Any) -> None:
        super().__init__(value, **kwargs)
        self.characters = characters

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character in self.characters

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and event.character not in self.characters:
            # Not Input's to insert (its handler runs after this one unless prevented);
            # the key goes on to the screen's bindings.
            event.prevent_default()
