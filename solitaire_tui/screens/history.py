"""The history of autoplay runs, newest first; choosing one reopens it in the panel."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label

from rules.errors import RulesError
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.stats import runs
from solitaire_tui.stats.compare import run_setup
from solitaire_tui.store.history import Entry

WHEN, COUNTS = 10, 20  # the widths of the first and last columns: a seed has 20 digits
MIN_RUN = 30  # the least width of the middle one, which wraps


def heading(entry: Entry) -> str:
    """The run's game and options in words, as the panel heads it."""
    try:
        return run_setup(GAMES_BY_KEY[entry.game], entry.data["options"]).heading
    except (RulesError, KeyError, TypeError):
        return f"{entry.game} (options not understood)"


def result(entry: Entry) -> str:
    """What the run found, every part of it: "60.57% won"; a Sequence run's players
    "greedy 0.31% · quick 5.27%"; an Add/Residue run's seats, each with its ties."""
    data = entry.data
    try:
        setup = run_setup(GAMES_BY_KEY[entry.game], data["options"])
        tallies, labels = runs.tallies_of(data, setup), runs.labels_of(data, setup)
    except (RulesError, KeyError, TypeError, ValueError):
        return "—"
    games = tallies[0].games
    if len(tallies) == 1:
        return f"{runs.percent(tallies[0].wins / games if games else None)} won"
    # A seat's ties are its own: seat 1's said for all read 0% where seats 2 and 3
    # tied every game.
    parts = [f"{label} {runs.percent(tally.wins / games if games else None)}"
             + (f" (tied {runs.percent(tally.ties / games)})" if games and tally.ties else "")
             for label, tally in zip(labels, tallies, strict=True)]
    return " · ".join(parts)


class HistoryScreen(ModalScreen[Entry | None]):
    BINDINGS = [Binding("escape", "dismiss(None)", "Close", key_display="esc")]
    AUTO_FOCUS = "DataTable"

    CSS_PATH = "history.tcss"

    def __init__(self, entries: Sequence[Entry]) -> None:
        super().__init__()
        self.entries = list(entries)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Past runs, newest first", classes="title")
            yield self._table()
            yield Label("enter or a click reopens a run · esc closes" if self.entries
                        else "No runs yet: a finished or cancelled run is kept here.",
                        classes="keys")

    def _table(self) -> DataTable[Text]:
        """The runs, filled in before the table is mounted: a screen closed or an app
        quit while it mounts leaves ``on_mount`` no table to find. A run is a few
        lines: when (date, time), what (the game and options, then what it found,
        wrapped to the width left) and how many (games, seed, seconds), so that a
        row is whole at 80 columns."""
        table: DataTable[Text] = DataTable(cursor_type="row", zebra_stripes=True)
        width = max(MIN_RUN, self.app.size.width * 95 // 100 - 4 - WHEN - COUNTS - 6)
        table.add_column("when", width=WHEN)
        table.add_column("run: game, options and result", width=width)
        table.add_column("games", width=COUNTS)
        for index, entry in enumerate(self.entries):
            data = entry.data
            games = int(data.get("games", 0))
            counts = [f"{games:,}", *(["cancelled"] if data.get("cancelled") else []),
                      "seed", str(data.get("seed", "")), f"{float(data.get('seconds', 0)):.2f} s"]
            run = Text(heading(entry) + "\n")
            run.append(result(entry), style="bold")
            cells = [Text("\n".join(entry.when.split(" ", 1))), run, Text("\n".join(counts))]
            lines = max(len(cell.wrap(self.app.console, column))
                        for cell, column in zip(cells, (WHEN, width, COUNTS), strict=True))
            table.add_row(*cells, height=lines, key=str(index))
        return table

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(self.entries[event.cursor_row])
