"""The review of a finished game (``v``): each decision with the chance of a win after
the move played and after the best move, the costly ones marked, and ``enter`` on one
to go back to that position (by undo) and try the better move.

A review takes a second or more (``rules.review``), so it is worked out in a thread
worker with its progress shown; ``esc`` stops it and closes the page. Each game gives
the work, its moves' names and what a chance is.
"""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label
from textual.worker import get_current_worker

from rules.review import Decision, Stopped
from solitaire_tui.play.review_words import (
    Mover,
    Named,
    columns,
    in_rules_words,
    summary,
)
from solitaire_tui.play.reviews import Work
from solitaire_tui.stats.limits import taking_turns

if TYPE_CHECKING:
    from solitaire_tui.engine import Warmup
    from solitaire_tui.session import Session
    from solitaire_tui.ui.game_screen import GameScreen


class ReviewScreen(ModalScreen[Decision[Any, Any] | None]):
    """Dismissed with the decision to go back to, or None."""

    BINDINGS = [
        Binding("escape,v", "close", "Close", key_display="esc"),
        Binding("enter", "back_to", "Go there", show=False),
        Binding("home", "row(0)", "First", show=False, priority=True),
        Binding("end", "row(-1)", "Last", show=False, priority=True),
    ]
    CSS_PATH = "review_screen.tcss"

    def __init__(self, weigh: Work, named: Named, chance: str, *,
                 mover: Mover = lambda state: None, serial: bool = False,
                 words: Named = in_rules_words, engine: Warmup | None = None,
                 needs: str | None = None) -> None:
        """``chance``: what a chance is, in the game's words; ``mover``: who moves in a
        position, at a game of several seats; ``serial``: the weighing takes its turn
        on the engine with runs (``Limits.serial``, a guest's); ``words``: a move in
        the game's words, beside its name; ``needs``: the engine part the weighing
        calls, which ``engine``, the app's warm-up, may still be compiling (the
        review then waits for it, saying how long, rather than compile it again)."""
        super().__init__()
        self.weigh, self.named, self.chance, self.mover = weigh, named, chance, mover
        self.words = words
        self.serial = serial
        self.engine, self.needs = engine, needs
        self.decisions: list[Decision[Any, Any]] = []

    def compose(self) -> ComposeResult:
        with Vertical() as frame:
            frame.border_title = "Review"
            yield Label("Weighing each decision…", id="summary")
            yield DataTable(cursor_type="row", zebra_stripes=True, id="decisions")
            yield Label(Text("↑↓ choose · enter: back to that move, to try the best · esc:"
                             " close", style="dim"), id="keys")

    def on_mount(self) -> None:
        self._weigh()

    @work(thread=True, exclusive=True, group="review")
    def _weigh(self) -> None:
        worker = get_current_worker()

        def heard(done: int, of: int) -> None:
            self.app.call_from_thread(self._progress, done, of)

        if self.engine is not None and not self.engine.told_wait(
                self.needs, lambda: worker.is_cancelled,
                lambda words: self.app.call_from_thread(self._said, words)):
            return
        try:
            with taking_turns(self.serial, lambda: worker.is_cancelled) as taken:
                if not taken:
                    return
                decisions = self.weigh(lambda: worker.is_cancelled, heard)
        except Stopped:
            return
        self.app.call_from_thread(self._show, list(decisions))

    def _progress(self, done: int, of: int) -> None:
        self._said(f"Weighing each decision… move {done} of {of} (esc stops)")

    def _said(self, words: str) -> None:
        with suppress(NoMatches):  # closed while the worker's word was on its way
            self.query_one("#summary", Label).update(words)

    def _show(self, decisions: list[Decision[Any, Any]]) -> None:
        try:
            said, table = self.query_one("#summary", Label), self.query_one(DataTable)
        except NoMatches:  # closed while the worker's decisions were on their way
            return
        self.decisions = decisions
        said.update(summary(decisions, self.chance))
        headings, rows = columns(decisions, self.named, self.mover, self.words)
        table.add_columns(*headings)
        for decision, (number, mark, *cells) in zip(decisions, rows, strict=True):
            table.add_row(number, Text(mark, style="bold"), *cells, key=str(decision.number))
        costly = [index for index, decision in enumerate(decisions) if decision.costly]
        if costly:
            table.move_cursor(row=max(costly, key=lambda index: decisions[index].cost))
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_back_to()

    def action_back_to(self) -> None:
        table = self.query_one(DataTable)
        if self.decisions and table.row_count:
            self.dismiss(self.decisions[table.cursor_row])

    def action_row(self, row: int) -> None:
        """To the first decision, or (-1) the last."""
        table = self.query_one(DataTable)
        if table.row_count:
            table.move_cursor(row=row % table.row_count)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "review")


def go_back(screen: GameScreen[Any, Any], session: Session[Any, Any],
            decision: Decision[Any, Any] | None) -> None:
    """Back before the decision chosen in a review (None: none was), by undo, the rest
    kept to redo, saying the review's best move there; unless a new game began."""
    table = screen.table
    if decision is None or session is not table.session:
        return
    while len(table.session.moves) >= decision.number and table.undo():
        pass
    screen.helping.stop()
    screen.interrupted()
    screen.redraw()
    best = table.describe(decision.state, decision.best)
    screen.say(f"Back before move {decision.number}: the review's best here is to {best};"
               " U steps forward again.")
