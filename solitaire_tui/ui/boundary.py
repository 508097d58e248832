"""The app's error boundary for background work: a worker that fails unexpectedly is
one sentence in a notification, its traceback goes to ``errors.log`` in the data
directory (as on the command line, ``commands.errors``), and the screen carries on.

Every worker is started with ``exit_on_error=False``, so Textual would otherwise drop
the error without a word and leave the screen waiting for an answer that never comes
(a run shown as playing, a hint as thinking). Each screen that starts workers hands
their state changes to ``failure`` and then sets itself back to a usable state.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.worker import Worker, WorkerState

from rules.errors import RulesError
from solitaire_tui.commands import errors

NOTICE_SECONDS = 15  # long enough to read a path


def failure(node: Widget, event: Worker.StateChanged) -> BaseException | None:
    """The error ``event``'s worker failed with, logged and told, or None if it did not
    fail; a cancelled worker's error is logged only, as nobody waits for its answer.
    A ``RulesError`` is not a bug: it is handed back untold and unlogged, for the
    screen to show in the rules' words."""
    error = event.worker.error
    if event.state is not WorkerState.ERROR or error is None:
        return None
    if isinstance(error, RulesError):
        return error  # the rules' own sentence, for the screen to show: no bug to log
    where = errors.logged(error)
    if event.worker.is_cancelled:
        return None
    node.notify(f"Something went wrong that should not have ({str(error) or type(error).__name__});"
                f" {where}.", title="Error", severity="error", timeout=NOTICE_SECONDS)
    return error
