"""The review of a finished Sequence game (``v``): each decision with the chance of a
win after the move played and after the best move, the costly ones marked, and
``enter`` on one to go back to that position (by undo) and try the better move.

The review takes about a second (``rules.players.sequence_review``), so it is worked
out in a thread worker with its progress shown; ``esc`` stops it and closes the page.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label
from textual.worker import get_current_worker

from rules.own.sequence import name_of
from rules.players.sequence_review import Decision, Stopped, review
from rules.sequence import Move, State
from solitaire_tui.games.sequence.review import percent, summary


class ReviewScreen(ModalScreen[int | None]):
    """Dismissed with the number of the move to go back to, or None."""

    BINDINGS = [
        Binding("escape,v", "close", "Close", key_display="esc"),
        Binding("enter", "back_to", "Go there", show=False),
    ]
    CSS_PATH = "review_screen.tcss"

    def __init__(self, start: State, moves: list[Move], deal: int) -> None:
        super().__init__()
        self.start, self.moves, self.deal = start, moves, deal
        self.decisions: list[Decision] = []

    def compose(self) -> ComposeResult:
        with Vertical() as frame:
            frame.border_title = "Review"
            yield Label("Weighing each decision…", id="summary")
            yield DataTable(cursor_type="row", zebra_stripes=True, id="decisions")
            yield Label(Text("↑↓ choose · enter: back to that move, to try the best · esc:"
                             " close", style="dim"), id="keys")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for heading in ("move", "played", "chance", "best", "chance", ""):
            table.add_column(heading)
        self._weigh()

    @work(thread=True, exclusive=True, group="review")
    def _weigh(self) -> None:
        worker = get_current_worker()

        def heard(done: int, of: int) -> None:
            self.app.call_from_thread(self._progress, done, of)

        try:
            decisions = review(self.start, self.moves, self.deal,
                               stop=lambda: worker.is_cancelled, progress=heard)
        except Stopped:
            return
        self.app.call_from_thread(self._show, decisions)

    def _progress(self, done: int, of: int) -> None:
        self.query_one("#summary", Label).update(
            f"Weighing each decision… move {done} of {of} (esc stops)")

    def _show(self, decisions: list[Decision]) -> None:
        self.decisions = decisions
        self.query_one("#summary", Label).update(summary(decisions))
        table = self.query_one(DataTable)
        for decision in decisions:
            state, played, best = decision.state, decision.played, decision.best
            same = best == played
            table.add_row(
                str(decision.number), f"{name_of(state, played)}  {played}",
                percent(decision.chances[played]),
                "" if same else f"{name_of(state, best)}  {best}",
                "" if same else percent(decision.chances[best]),
                Text("◆ costly", style="bold") if decision.costly else "",
                key=str(decision.number))
        costly = [index for index, decision in enumerate(decisions) if decision.costly]
        if costly:
            table.move_cursor(row=max(costly, key=lambda index: decisions[index].cost))
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(int(str(event.row_key.value)))

    def action_back_to(self) -> None:
        table = self.query_one(DataTable)
        if self.decisions and table.row_count:
            self.dismiss(self.decisions[table.cursor_row].number)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "review")
