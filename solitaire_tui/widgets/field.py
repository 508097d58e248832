"""A text field whose keys act in the order they were typed.

Textual's ``Input`` inserts a typed character as soon as its key arrives, but runs its
own bindings (backspace, delete, the arrows, home, end …) only once the key has gone
up to the app, through the queue of every container on the way
(``App._check_bindings``). With the app busy drawing, a burst of keys came out of
order: twelve backspaces and then ``two-strike`` typed into the statistics panel's
Variant field left ``two-str``, three of the backspaces applied after the letters
(``docs/TEXTUAL.md``). A ``TextField`` runs its own binding for
a key as the key arrives, in turn with the characters, and the key goes no further.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from solitaire_tui.textual_private import own_bindings


class TextField(Input):
    async def _on_key(self, event: events.Key) -> None:
        # Textual then calls Input's own ``_on_key``, unless this one prevents it.
        for binding in own_bindings(self, event.key):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return
