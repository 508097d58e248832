"""The app's error boundary for background work: a worker that fails unexpectedly is
one sentence in a notification, its traceback goes to ``errors.log`` in the data
directory (as on the command line, ``commands.errors``), and the screen carries on.

Every worker is started with ``exit_on_error=False``, so Textual would otherwise drop
the error without a word and leave the screen waiting for an answer that never comes
(a run shown as playing, a hint as thinking). Each screen that starts workers hands
their state changes to ``failure`` and then sets itself back to a usable state.

An error in a message handler, a timer or a render, on the screen's own thread, is
another matter: Textual stops the message loop it came up through (the screen's, or
the app's), so nothing could go on safely. Textual would end the app with a screenful
of traceback; the player's app (``ending``) logs it and ends with one line saying
where, and that the game in play is kept (it is saved as it goes, ``play.keeper``, and
what waits to be saved is written as the app ends, ``store.writer``).
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widget import Widget
from textual.worker import Worker, WorkerState

from rules.errors import RulesError
from solitaire_tui.commands import errors

NOTICE_SECONDS = 15  # long enough to read a path


def failure(node: Widget | App[Any], event: Worker.StateChanged) -> BaseException | None:
    """The error ``event``'s worker failed with, logged and told, or None if it did not
    fail; a cancelled worker's error is logged only, as nobody waits for its answer.
    A ``RulesError`` is not a bug: it is handed back untold and unlogged, for the
    screen to show in the rules' words."""
    error = event.worker.error
    if event.state is not WorkerState.ERROR or error is None:
        return None
    if isinstance(error, RulesError):
        return error  # the rules' own sentence, for the screen to show: no bug to log
    if event.worker.is_cancelled:
        errors.logged(error)
        return None
    told(node, error)
    return error


def told(node: Widget | App[Any], error: BaseException) -> None:
    """An unforeseen error, logged and said in one line."""
    where = errors.logged(error)
    node.notify(f"Something went wrong that should not have ({str(error) or type(error).__name__});"
                f" {where}.", title="Error", severity="error", timeout=NOTICE_SECONDS)


def ending(error: BaseException) -> str:
    """The one line an app ended by ``error`` leaves in the terminal, once logged (printed
    by the command line once the terminal is back, for the terminal to wrap: Rich would
    break the log's path at its dots, or crop it)."""
    return (f"solitaire-tui stopped on an error it should not have"
                f" ({str(error) or type(error).__name__}); {errors.logged(error)}. The game"
            " in play is kept: the menu offers it to resume.")
