"""The first screen: the games, what each is, and the player's record on it;
and the games left unfinished (``store.unfinished``), offered to resume or discard.

The offer is a section of the menu; it becomes a question only when the player opens
a game of which one waits unfinished (go on with it, or deal anew), so that unfinished
games do not pile up unseen. ``solitaire-tui play`` opens its game over the menu
unasked."""

from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from rules.words import counted
from solitaire_tui.games.registry import (
    DESCRIBED,
    GAMES,
    GAMES_BY_KEY,
    HOMES,
    OWN_PROBLEMS,
    findings,
)
from solitaire_tui.messages import MenuShown, OpenGame, OpenStats
from solitaire_tui.play.services import Services
from solitaire_tui.play.table import STANDARD
from solitaire_tui.store.database import StoreError
from solitaire_tui.store.unfinished import UNREADABLE, Damaged, Kept, in_words
from solitaire_tui.ui.help import show_help
from solitaire_tui.ui.notices import store_errors
from solitaire_tui.ui.quit_dialog import Confirm, WaitingGame
from solitaire_tui.widgets.engine_status import EngineStatus
from solitaire_tui.widgets.pages import PagedOptionList


class MenuScreen(Screen[None]):
    BINDINGS = [
        # Every digit: one's own games join the list after this class is made.
        *(Binding(str(n), f"open_number({n - 1})", f"Game {n}", show=False)
          for n in range(1, 10)),
        Binding("t", "stats", "Statistics"),
        Binding("c", "resume", "Resume", tooltip="go on with the unfinished game highlighted"),
        Binding("x", "discard", "Discard", tooltip="throw the unfinished game highlighted away"),
        Binding("f", "findings", "Findings",
                tooltip="the open questions of the games' sources, answered by runs"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    CSS_PATH = "menu.tcss"
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-full-height")]  # as the game screens

    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        self.records = services.records
        self.unfinished = services.unfinished
        self._kept: dict[str, Kept] = {}  # the unfinished games listed, by slot

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(("solitaire-tui", "bold"),
                                   "  ·  card and number games"), id="heading")
        yield PagedOptionList(id="games")  # filled on mount, as on every return
        yield Static("Unfinished, latest first · c resumes · x discards · tab to choose",
                     id="unfinished-heading")  # one line at 80 columns
        yield PagedOptionList(id="unfinished")
        yield Static(id="record")
        yield Static(f"↑↓ or click to choose · enter or 1–{min(len(GAMES), 9)} to play"
                     " · t statistics · ? help", id="hint")
        yield EngineStatus()
        yield Footer(compact=True)

    def _options(self) -> list[Option]:
        options = []
        begun = {kept.game for kept in self._kept.values()}  # a game left is not unplayed
        for number, game in enumerate(GAMES, 1):
            record = self.records.total(game.key)
            helped = f" ({record.helped} with help)" if game.CHOICES and record.helped else ""
            figures = (f"played {record.played} · won {record.won}{helped}" if record.played
                       else "not finished yet" if game.key in begun else "not played yet")
            row = Table.grid(expand=True)
            row.add_column(ratio=1)
            row.add_column(justify="right")
            row.add_row(Text.assemble((f"{number}  ", "dim"), (game.title, "bold")),
                        Text(figures, style="italic"))
            # The blurb has the whole width, indented as it wraps: in the grid's first
            # column it wrapped beside a long record, its second line unindented.
            blurb = Padding(Text(game.blurb, style="dim"), (0, 0, 0, 3))
            options.append(Option(Group(row, blurb), id=game.key))
        return options

    def on_screen_resume(self) -> None:
        """Back from a game: its result may have changed the record shown, and it may
        have been left unfinished."""
        self.read_again()
        self.post_message(MenuShown())

    def read_again(self) -> None:
        """Show the records and the unfinished games as the store now reads them."""
        self._show_kept()  # first: a game's row says whether one of it waits unfinished
        games = self.query_one("#games", OptionList)
        highlighted = games.highlighted
        games.clear_options()
        games.add_options(self._options())
        games.highlighted = highlighted = highlighted if highlighted is not None else 0
        self.query_one("#record", Static).update(self.record_table(GAMES[highlighted].key))

    def on_mount(self) -> None:
        self.read_again()
        if OWN_PROBLEMS:  # files of one's own games that are none: one notice
            more = len(OWN_PROBLEMS) - 3
            self.notify("\n".join(OWN_PROBLEMS[:3]) + (f"\n… and {more} more: solitaire-tui"
                        " --help lists them all" if more > 0 else ""),
                        title="Not a game", severity="warning", timeout=20)

    def _show_kept(self) -> None:
        """The unfinished games, read again (another window may have left or taken
        one); the section is shown only when there are some."""
        before = bool(self._kept)
        self._kept = {kept.slot: kept for kept in self.unfinished.listed()}
        listed = self.query_one("#unfinished", OptionList)
        highlighted = listed.highlighted
        listed.clear_options()
        listed.add_options([Option(_row(self._label(kept), kept.when()), id=slot)
                            for slot, kept in self._kept.items()])
        if self._kept:
            listed.highlighted = min(highlighted or 0, len(self._kept) - 1)
        elif listed.has_focus:
            self.query_one("#games", OptionList).focus()
        for widget in (listed, self.query_one("#unfinished-heading")):
            widget.display = bool(self._kept)
        if bool(self._kept) != before:
            self.refresh_bindings()  # c and x come or go

    @staticmethod
    def _label(kept: Kept) -> Text:
        """A game left unfinished, in a line: the game, its variant and deal, how far
        (when it was last played beside it, ``Kept.when``)."""
        game = GAMES_BY_KEY.get(kept.game)
        parts = [kept.variant] if kept.variant != STANDARD else []
        if kept.deal is not None or kept.deck is not None:
            parts.append("a given deck" if kept.deal is None else f"deal {kept.deal}")
        moves = len(kept.moves)
        parts.append(counted(moves, "move"))
        return Text.assemble((game.title if game else kept.game, "bold"),
                             *(f" · {part}" for part in parts))

    def _chosen_kept(self) -> Kept | None:
        index = self.query_one("#unfinished", OptionList).highlighted
        listed = list(self._kept.values())
        return listed[index] if index is not None and index < len(listed) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("resume", "discard"):
            return bool(self._kept)
        return True

    def action_resume(self) -> None:
        kept = self._chosen_kept()
        if kept is not None:
            self.resume(kept)

    def resume(self, listed: Kept) -> None:
        """Go on with the game ``listed`` on its screen, once it is taken from the
        store (so no other window takes it too); one that cannot be rebuilt is
        dropped with a notice."""
        try:
            kept = self.unfinished.claim(listed)
        except StoreError as error:
            self.notify(str(error), severity="warning", timeout=10)
            return
        if kept is None:
            self.notify("That game is no longer kept: it was resumed or finished in another"
                        " window.", severity="warning")
            self._show_kept()
            return
        game = GAMES_BY_KEY.get(kept.game)
        try:
            if game is None:
                raise Damaged("there is no such game now")
            screen = game.screen().resumed(game, self.services, kept)
        except UNREADABLE as error:
            self.unfinished.dropped(kept.slot, game.title if game else kept.game,
                                    in_words(error))
            self._show_kept()
            return
        self.app.push_screen(screen)

    def action_discard(self) -> None:
        kept = self._chosen_kept()
        if kept is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                with store_errors(self):
                    self.unfinished.drop(kept.slot)
                self._show_kept()

        which = f"{self._label(kept).plain} · {kept.when()}"
        self.app.push_screen(Confirm("Discard this unfinished game?",
                                     [f"{which}: it cannot be resumed after"],
                                     "y or enter: discard · n or esc: keep it"), answered)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id != "games":
            return
        assert event.option.id is not None
        self.query_one("#record", Static).update(self.record_table(event.option.id))

    def record_table(self, game: str) -> Table | Text:
        """The highlighted game's record, a row per variant played."""
        variants = self.records.variants(game)
        if not variants:
            return Text("No games of this one recorded yet.", style="dim")
        apart = GAMES_BY_KEY[game].CHOICES  # wins with help said apart
        table = Table(box=None, padding=(0, 1), header_style="bold")
        headings = ("your record", "played", "won", *(("with help",) if apart else ()),
                    "win %", "streak", "best")
        for heading in headings:
            table.add_column(heading, justify="left" if heading == "your record" else "right")
        for variant, record in sorted(variants.items()):
            rate = "" if record.win_rate is None else f"{record.win_rate:.1%}"
            table.add_row("all games" if variant == STANDARD else variant,
                          str(record.played), str(record.won),
                          *((str(record.helped),) if apart else ()), rate, str(record.streak),
                          str(record.best))
        return table

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        if event.option_list.id == "unfinished":
            self.resume(self._kept[event.option.id])
        else:
            self.open_game(event.option.id)

    def action_open_number(self, index: int) -> None:
        if index < len(GAMES):
            # highlighted as opened, so that t afterwards is this game's statistics
            self.query_one("#games", OptionList).highlighted = index
            self.open_game(GAMES[index].key)

    def open_game(self, key: str) -> None:
        """A new deal of the game ``key``; but where one of it waits unfinished, the
        player is asked first whether to go on with that one (the latest), so that
        unfinished games do not pile up unseen."""
        self._show_kept()  # another window may have taken or left one meanwhile
        waiting = next((kept for kept in self._kept.values() if kept.game == key), None)
        if waiting is None:
            self.post_message(OpenGame(key))
            return

        def answered(resume: bool | None) -> None:
            if resume:
                self.resume(waiting)
            elif resume is not None:
                self.post_message(OpenGame(key))

        self.app.push_screen(WaitingGame(f"{self._label(waiting).plain} · {waiting.when()}"),
                             answered)

    def action_stats(self) -> None:
        games = self.query_one("#games", OptionList)
        index = games.highlighted if games.highlighted is not None else 0
        self.post_message(OpenStats(GAMES[index].key))

    def action_help(self) -> None:
        show_help(self.app, APP_HELP)

    def action_findings(self) -> None:
        from solitaire_tui.screens.findings import FindingsScreen

        self.app.push_screen(FindingsScreen(findings(), self.services.choices))


def _row(text: Text, when: str = "") -> Table:
    """A line of text as an option's prompt: a grid, as the games' rows are, which
    lays out at any width (plain text made the list fail at a width of a cell or two).
    ``when`` sits at the right, whole; the text is cut short before it wraps."""
    row = Table.grid(expand=True, padding=(0, 1, 0, 0))
    row.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    row.add_column(justify="right", no_wrap=True)
    row.add_row(text, Text(when, style="italic"))
    return row


APP_HELP = f"""\
# solitaire-tui

{len(GAMES)} games, each played on a numbered deal, so that any game can be replayed and
shared: {len(HOMES)} with rules of their own, and {len(DESCRIBED)} of the Calculation family
described in files.

| key | does |
|---|---|
| `↑` `↓` or the mouse | choose a game |
| `enter` or a click | play it |
| `1`–`{len(GAMES)}` | open a game at once |
| `t` | the statistics panel: autoplay the game's deals by the million |
| `c` | resume the unfinished game highlighted (`tab` to choose among them) |
| `x` | discard the unfinished game highlighted (asking first) |
| `f` | findings: the questions the games' sources leave open, answered by runs |
| `ctrl+p` | the command palette: the theme and the card backs |
| `?` | this help; in a game, that game's rules and keys |
| `q` | quit (asking first when a game in play or a run would be lost) |

The same keys do the same things in every game that has them (each game's `?` and
footer list its own): `h` hint, `a` auto play (`+` `-` its speed), `u` undo and `U`
redo (also `ctrl+z` and `ctrl+y`, without limit), `r` restart the deal, `n` a new
random deal, `g` choose a deal by number or paste a deck, `o` the variant or the
players, `t` the statistics panel for that game and variant, `?` the rules, `esc` back
here.

Your record for each game and variant (played, won, streaks) is kept in your data
directory and shown here and at the end of every game. A game left unfinished (by
`q`, `esc`, or a crash) is kept too, move by move, and listed here to resume; opening
a game of which one waits asks first whether to go on with it (`c`) or deal anew (`n`).

From the command line: `solitaire-tui play GAME --deal D` opens a game on deal D;
`solitaire-tui --help` lists the headless commands (statistics over millions of
deals, the contest judge, benchmarks).
"""
