"""The first screen: the five games, what each is, and the player's record on it."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from solitaire_tui.games.registry import GAMES
from solitaire_tui.messages import MenuShown, OpenGame, OpenStats
from solitaire_tui.store.records import Records
from solitaire_tui.ui.help import show_help
from solitaire_tui.widgets.engine_status import EngineStatus


class MenuScreen(Screen[None]):
    BINDINGS = [
        *(Binding(str(n), f"open_number({n - 1})", f"Game {n}", show=False)
          for n in range(1, len(GAMES) + 1)),
        Binding("t", "stats", "Statistics"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    CSS_PATH = "menu.tcss"

    def __init__(self, records: Records) -> None:
        super().__init__()
        self.records = records

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(("solitaire-tui", "bold"),
                                   "  ·  five card and number games"), id="heading")
        yield OptionList(*self._options(), id="games")
        yield Static(id="record")
        yield Static("↑↓ or click to choose · enter or 1–5 to play · t statistics · ? help",
                     id="hint")
        yield EngineStatus()
        yield Footer(compact=True)

    def _options(self) -> list[Option]:
        options = []
        for number, game in enumerate(GAMES, 1):
            record = self.records.total(game.key)
            figures = (f"played {record.played} · won {record.won}" if record.played
                       else "not played yet")
            row = Table.grid(expand=True)
            row.add_column(ratio=1)
            row.add_column(justify="right")
            row.add_row(Text.assemble((f"{number}  ", "dim"), (game.title, "bold")),
                        Text(figures, style="italic"))
            row.add_row(Text("   " + game.blurb, style="dim"), "")
            options.append(Option(row, id=game.key))
        return options

    def on_screen_resume(self) -> None:
        """Back from a game: its result may have changed the record shown."""
        games = self.query_one(OptionList)
        highlighted = games.highlighted
        games.clear_options()
        games.add_options(self._options())
        games.highlighted = highlighted if highlighted is not None else 0
        self.post_message(MenuShown())

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        assert event.option.id is not None
        self.query_one("#record", Static).update(self.record_table(event.option.id))

    def record_table(self, game: str) -> Table | Text:
        """The highlighted game's record, a row per variant played."""
        variants = self.records.variants(game)
        if not variants:
            return Text("No games of this one recorded yet.", style="dim")
        table = Table(box=None, padding=(0, 1), header_style="bold")
        for heading in ("your record", "played", "won", "win %", "streak", "best"):
            table.add_column(heading, justify="left" if heading == "your record" else "right")
        for variant, record in sorted(variants.items()):
            rate = "" if record.win_rate is None else f"{record.win_rate:.1%}"
            table.add_row(variant, str(record.played), str(record.won), rate,
                          str(record.streak), str(record.best))
        return table

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.post_message(OpenGame(event.option.id))

    def action_open_number(self, index: int) -> None:
        self.post_message(OpenGame(GAMES[index].key))

    def action_stats(self) -> None:
        games = self.query_one(OptionList)
        index = games.highlighted if games.highlighted is not None else 0
        self.post_message(OpenStats(GAMES[index].key))

    def action_help(self) -> None:
        show_help(self.app, APP_HELP)


APP_HELP = """\
# solitaire-tui

Five games, each played on a numbered deal, so that any game can be replayed and shared.

| key | does |
|---|---|
| `↑` `↓` or the mouse | choose a game |
| `enter` or a click | play it |
| `1`–`5` | open a game at once |
| `t` | the statistics panel: autoplay the game's deals by the million |
| `?` | this help; in a game, that game's rules and keys |
| `q` | quit (asking first when a game in play or a run would be lost) |

In every game the same keys do the same things: `h` hint, `a` auto play (`+` `-` its
speed), `u` undo and `U` redo (also `ctrl+z` and `ctrl+y`, without limit), `r` restart
the deal, `n` a new random deal, `g` choose a deal by number or paste a deck, `o` the
variant, `t` the statistics panel for that game and variant, `?` the rules, `esc` back
here.

Your record for each game and variant (played, won, streaks) is kept in your data
directory and shown here and at the end of every game.

From the command line: `solitaire-tui play GAME --deal D` opens a game on deal D;
`solitaire-tui --help` lists the headless commands (statistics over millions of
deals, the contest judge, benchmarks).
"""
