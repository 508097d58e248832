"""The statistics panel: autoplay a game's numbered deals and watch the odds emerge.

The run plays in a Textual worker (``stats.runner``, started by ``ui.live``) and
reports its snapshots by message, so keys and the mouse stay live while the kernels
use every core. The game's own fields, its run and its replays come from the game
(``Game.run_fields``, ``setup``, ``replay``). What is shown is the run's own JSON
object, the one ``solitaire-tui stats … --json`` prints for the same options and
seed. Finished and cancelled runs go to the history; a winning deal opens on its game
screen as a replay.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from contextlib import suppress
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Input,
    Label,
    OptionList,
    ProgressBar,
    Select,
    Static,
)

from rules import values
from rules.cards import check_deals
from rules.errors import RulesError
from solitaire_tui.engine import Warmup
from solitaire_tui.games.game import Game
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.messages import OpenReplay
from solitaire_tui.own_players import files as own_files
from solitaire_tui.play.words import sentence
from solitaire_tui.screens.history import HistoryScreen
from solitaire_tui.screens.stats import help_page as panel_help
from solitaire_tui.screens.stats import run_words
from solitaire_tui.screens.stats.comparing import CompareField
from solitaire_tui.screens.stats.forecast import Forecast
from solitaire_tui.screens.stats.opening import (
    FROM_HISTORY,
    PLAYED_ON,
    SAVED_RUN,
    last_run_words,
    opening,
)
from solitaire_tui.screens.stats.showing import Showing
from solitaire_tui.screens.stats.timing import Timings
from solitaire_tui.screens.stats.where import RunOn
from solitaire_tui.stats import cluster, compare, runs
from solitaire_tui.stats.cluster import Scheduler
from solitaire_tui.stats.estimate import (
    ASK_SECONDS,
    Estimate,
)
from solitaire_tui.stats.limits import OWNER, Limits
from solitaire_tui.stats.runner import LiveRun, Phase, Snapshot, reopened
from solitaire_tui.store.choices import Choices
from solitaire_tui.store.history import Entry, History
from solitaire_tui.textual_private import SteadySelect
from solitaire_tui.ui.live import LiveScreen, live_keys
from solitaire_tui.ui.notices import store_errors
from solitaire_tui.ui.quit_dialog import Confirm
from solitaire_tui.ui.run_options import RunOptions
from solitaire_tui.widgets.engine_status import EngineStatus
from solitaire_tui.widgets.footer import KeyFooter
from solitaire_tui.widgets.number_field import COUNT_CHARACTERS, NumberField
from solitaire_tui.widgets.stats import RatePlot, ResultsTable, ScorePlot, WinsList

WIDE = 100  # columns from which the progress bar is drawn at its full length
NOT_RUN = "Not run: mend what is said beside the bar, then r runs."


class StatsScreen(LiveScreen[Snapshot]):
    BINDINGS = live_keys(
        Binding("n", "new_seed", "New seed"),
        Binding("s", "next_score", "Score"),
        Binding("t", "results", "Table",
                tooltip="the table of results: up and down choose the row the charts show,"
                " left and right scroll a wide one a column at a time"),
        Binding("H", "history", "History"),
        Binding("p", "read_players", "Players",
                tooltip="read your own players' folder again (a file changed or added)"),
    )
    WELCOME = "Choose the options, then r runs the games (enter, in a field you type in)."
    HELP = panel_help.page("", "")  # the page without a game's fields (``help_page``)
    TICK = 0.5  # the time left moves between the chunks of a slow run
    # A narrow terminal gets a shorter progress bar, so the speed and the time left
    # beside it still fit.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]

    CSS_PATH = "stats.tcss"

    def __init__(self, game: Game, options: Mapping[str, Any] | None = None, *,
                 history: History, choices: Choices, entry: Entry | None = None,
                 limits: Limits = OWNER, engine: Warmup | None = None,
                 players: Path | None = None, note: str = "") -> None:
        """``players``: the data directory whose players/ folder holds the player's own
        players (None: none are offered, as to a guest); ``note``: what is said first of
        ``options``, until a run is shown."""
        super().__init__(engine)
        self.game = game
        self.players = players if limits.own_players else None
        self.history = history
        self.choices = choices
        self.limits = limits
        self.entry = entry
        self.note = note
        # Whether this panel offers the player's own players (``p`` reads them).
        self.reads_players = self.players is not None and game.OWN_RULES is not None
        kept = self.history.entries
        self.cores = limits.workers_offered(os.cpu_count() or 1)
        opened = opening(game, options, entry, kept, limits, self.cores)
        self.options, self.seed, self.games = opened.options, opened.seed, opened.games
        self._last = opened.last  # shown once mounted, and said to be so while it is
        self.timings = Timings(self, engine, self._timed)
        self.forecast = Forecast([kept_entry.data for kept_entry in kept], self.cores, limits,
                                 self.timings, self.games, sized=opened.sized)
        self._confirmed = False  # a long run the player said yes to
        self.shown_setup: runs.Setup | None = None  # the set-up the figures shown came from
        self.showing = Showing(self)  # which row and score the figures and charts show

    def compose(self) -> ComposeResult:
        yield Static(f"Statistics · {self.game.title}", id="title")
        fields = self.game.run_fields(self.options)
        if self.players is not None and self.game.OWN_RULES is not None:  # reads_players
            fields.own = (self.players, self.game.key, self.game.OWN_RULES)
        yield fields
        with Horizontal(id="controls"):
            yield Label("Games")
            yield NumberField(f"{self.games:_}", COUNT_CHARACTERS, id="games", compact=True)
            yield Label("Seed")
            yield NumberField(str(self.seed), id="seed", restrict=r"[0-9]*", compact=True)
            yield Label("Workers")
            cores = self.cores
            yield SteadySelect(
                [(f"all ({cores})", 0), *((str(n), n) for n in range(1, cores + 1))],
                value=0, allow_blank=False, compact=True, id="workers")
            yield Button("Run (r)", action="screen.run", compact=True, id="run")
        with Horizontal(id="more"):
            if self.game.comparisons(self.options):
                yield Label("Compare")
                yield CompareField(self.game, self.options)
            if self.limits.cluster:
                yield Label("Run on", id="where")
                yield RunOn(self.choices)
        with Horizontal(id="meter"):
            yield ProgressBar(1, show_eta=False, id="progress")
            yield Static(id="speed")
        yield Static(id="summary")
        yield ResultsTable(id="results")
        with Horizontal(id="charts"):
            yield RatePlot(id="rate")
            yield ScorePlot(id="scores")
            yield WinsList(id="wins")
        yield EngineStatus()
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        # Textual calls LiveScreen.on_mount too, after this one.
        self.call_after_refresh(self._show_compared)
        if self.entry is not None:
            # After the first layout: plotext loses what is drawn before its plot has a size.
            self.call_after_refresh(self._reopen, self.entry)
        elif self._last is not None:
            self.call_after_refresh(self._reopen, self._last, last_run_words(self.note, these=True))
        else:
            self.call_after_refresh(self._show_estimate)
            if self.note:  # after LiveScreen's welcome
                self.call_after_refresh(self._say, f"{self.note} {self.WELCOME}")

    def on_unmount(self) -> None:
        # Textual calls LiveScreen.on_unmount too, which stops a run.
        self.timings.cancel()

    # --- how long a run will take ----------------------------------------------------

    def _estimate(self) -> tuple[Estimate, int] | str:
        """How long the run the form describes would take (``forecast``), and on how
        many workers; while a field is wrong, what is wrong with it."""
        try:
            asked = self._ask()
        except RulesError as error:
            return sentence(str(error))
        except NoMatches:  # the fields not yet mounted
            return ""
        return self.forecast.estimate(asked, self.running)

    @on(Input.Changed)
    def _typed(self) -> None:
        self._show_compared()
        self._show_estimate()

    def _show_estimate(self) -> None:
        """While no run plays, the meter's line says what the next run would take (a
        field typed in: the run it now describes)."""
        if self.running or not self.is_mounted:
            return
        found = self._estimate()
        text = found if isinstance(found, str) else f"This run: {found[0].words(found[1])}"
        self.query_one("#speed", Static).update(text)
        self.forecast.said = True
        if self._said == NOT_RUN and not isinstance(found, str):  # mended: nothing refused
            self._say(self.WELCOME)
        else:
            self._say_shown_run()

    def _say_shown_run(self) -> None:
        """The run shown keeps its words while the form asks for its options (Games and
        Seed aside); once it asks for others, the line says the figures are not theirs
        (the table names no option): of the options the panel opened on, for the last
        run it opened on; of other options, for a run played here."""
        snap = self.shown
        if snap is None or self.shown_setup is None or not (
                self._last is not None or (snap.over and snap.phase is not Phase.FAILED)):
            return
        try:
            these = self._ask()[0].options == self.shown_setup.options
        except (RulesError, NoMatches):
            return  # a wrong field is said beside the bar
        if self._last is not None:
            self._say(f"{last_run_words(self.note, these)} on {self._last.when}. "
                      + self._summary(snap))
        else:
            self._say(self._summary(snap) if these else f"{PLAYED_ON}. {self._summary(snap)}")

    def _timed(self) -> None:
        """A timing is in: the estimate says so, unless the line holds a run's last
        words (a run shown, its options not changed since)."""
        if self.shown is None or self.forecast.said:
            self._sized()
            self._show_estimate()

    def _sized(self) -> None:
        """A Games field still as the panel sized it is sized again for the options
        chosen, by the best guess there is of their speed."""
        field = self.query_one("#games", Input)
        with suppress(RulesError, NoMatches):
            games = self.forecast.sized(self._ask()[0], field.value)
            if games is not None:
                field.value = games

    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _options_changed(self, event: Select.Changed | Checkbox.Changed) -> None:
        """Another run chosen: the Games field sized for it, if left as sized, and its
        estimate (a comparison chosen: the fields it sets stand aside first)."""
        self._show_compared()
        self._sized()
        self._show_estimate()

    def _show_compared(self) -> None:
        with suppress(NoMatches):  # a game that offers no comparison has no such field
            self.query_one(CompareField).follow(self.query_one(RunOptions))

    def action_run(self) -> None:
        """A run expected to take minutes is confirmed first. A wrong field is said
        once, on the meter's line, where it showed as it was typed: the line under it
        only says that nothing ran."""
        found = "" if self.running or self._confirmed else self._estimate()
        if isinstance(found, str) and found:
            self._show_estimate()
            self._say(NOT_RUN, error=True)
            self.app.bell()
            return
        if isinstance(found, str) or found[0].seconds <= ASK_SECONDS:
            super().action_run()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._confirmed = True
                try:
                    self.action_run()
                finally:
                    self._confirmed = False

        self.app.push_screen(Confirm(*run_words.asked(
            found[0].words(found[1]), self.query_one("#games", Input).value)), answered)

    # --- running ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_score":
            tally = self.showing.tally()
            return tally is not None and len(tally.histograms) > 1
        if action == "read_players":
            return self.reads_players
        return super().check_action(action, parameters)

    def action_read_players(self) -> None:
        if self.query_one(RunOptions).read_own():
            self._say("Reading your players again…")

    def on_run_options_own_read(self, event: RunOptions.OwnRead) -> None:
        """Which of the player's own players were read, and why a file is not one; a
        timing one of them stopped is tried again."""
        self.timings.players_read()
        self._timed()  # the estimate's line, no longer the stopped timing's sentence
        if not event.found.problems and any(words in self._said for words in SAVED_RUN):
            return  # the last run's line stays: the players' row shows who was read
        if event.found.problems or not self.running:
            words = run_words.own_players(event.where, event.found)
            self._say(words if self.shown is not None else f"{self.note} {words}".lstrip(),
                      error=bool(event.found.problems))

    def _ask(self) -> tuple[runs.Setup, int, int, int | None, Scheduler | None]:
        """The run the form describes; a wrong field raises the reason as a sentence."""
        options = self.query_one(RunOptions).value  # a game's fields may compare (Sequence)
        with suppress(NoMatches):  # a game that offers no comparison has no such field
            comparison = self.query_one(CompareField).chosen(options)
            options = compare.with_spec(options, None if comparison is None else comparison.spec)
        setup = compare.run_setup(self.game, options)
        games = self.limits.games_field(self.query_one("#games", Input).value)
        seed = values.SEED(self.query_one("#seed", Input).value)
        check_deals(seed, games)
        chosen = self.query_one("#workers", Select).value
        # "all" is every core this panel offers: a guest's cap, or every core here.
        workers = chosen if isinstance(chosen, int) and chosen else self.limits.workers
        address = self._address()
        where = cluster.scheduler(address) if address else None
        return setup, games, seed, workers, where

    def _address(self) -> str:
        """The Run on field's address ("" for this machine, and where there is no
        such field)."""
        return self.query_one(RunOn).address if self.limits.cluster else ""

    def _launch(self) -> LiveRun:
        self.timings.cancel()
        own_files.clear_faults()  # a timing's, or an earlier run's, are not this run's
        setup, games, seed, workers, where = self._ask()
        self._keep_scheduler()
        live = LiveRun(setup, seed, games, workers, where)
        self.shown_setup = setup
        self._last = None  # its figures give way to this run's
        self.showing.started()
        return live

    def on_screen_suspend(self) -> None:
        """The address as the player left it, run or not (the panel left or covered)."""
        with suppress(NoMatches):
            self._keep_scheduler()

    def _keep_scheduler(self) -> None:
        if self.limits.cluster:
            self.query_one(RunOn).keep()

    def _ended(self) -> None:
        """Keep a finished or cancelled run in the history, too: its speed is what the
        next estimate of the same options is made from."""
        super()._ended()
        snap = self.shown
        if snap is not None and snap.data is not None:
            entry = Entry(snap.data, time.strftime("%Y-%m-%d %H:%M:%S"), list(snap.curve))
            with store_errors(self, "error"):
                self.history.add(entry)
            # The history is written in the background: the run joins the list here.
            self.forecast.ran(entry.data)

    def _focus_after(self) -> Widget:
        """After a run with wins, their list (enter replays one, as the summary says);
        with none, the table of results; before any, Run."""
        wins = self.query_one(WinsList)
        if wins.option_count:
            return wins
        if self.shown is not None and self.shown.tallies:
            return self.query_one(ResultsTable)
        return super()._focus_after()

    def _fields(self) -> list[Widget]:
        return [self.query_one(RunOptions), *super()._fields(), *self.query("#more > *")]

    # --- showing a run --------------------------------------------------------------

    def _keys(self, snap: Snapshot) -> object:
        return snap.phase, len(snap.tallies)

    def _meter(self, snap: Snapshot) -> tuple[int, int]:
        return snap.done, snap.games

    def _show_more(self, snap: Snapshot) -> None:
        self.forecast.said = False  # the meter's line is the run's now
        self.showing.update(snap)

    def _speed(self, snap: Snapshot) -> str:
        return run_words.speed(snap, time.monotonic())

    def _summary(self, snap: Snapshot) -> str:
        return run_words.summary(snap, "deals" if self.game.USES_DECK else "games",
                                 own_files.faults() if snap.over else [])

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.showing.row(event.cursor_row)

    def action_next_score(self) -> None:
        self.showing.next_score()

    # --- replays, the history, help ----------------------------------------------------

    def help_page(self) -> str:
        return panel_help.page(self.game.title, type(self.query_one(RunOptions)).HELP)

    def help_keys(self) -> list[BindingType]:
        return panel_help.keys(self.BINDINGS, self.reads_players)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not isinstance(event.option_list, WinsList) or self.shown_setup is None:
            return
        deal = event.option_list.chosen_deal
        if deal is not None:
            own, part = self.shown_setup.own_part(self.showing.part)  # a comparison's version
            self.post_message(OpenReplay(self.game.replay(own, part, deal)))

    def action_results(self) -> None:
        """The table of results from anywhere on the panel, in one key rather than a
        tab through every field and tick."""
        self.query_one(ResultsTable).focus()

    def action_history(self) -> None:
        def chosen(entry: Entry | None) -> None:
            if entry is None:
                return
            game = GAMES_BY_KEY.get(entry.game)
            if game is None:
                self._say(f"This saved run is of a game this version does not have"
                          f" ({entry.game!r}).", error=True)
                return
            if self.live is not None:
                self.action_cancel()
            self.app.switch_screen(StatsScreen(game, history=self.history, choices=self.choices,
                                               entry=entry, limits=self.limits,
                                               engine=self.engine, players=self.players))

        self.app.push_screen(HistoryScreen(self.history.entries), chosen)

    def _reopen(self, entry: Entry, heading: str = FROM_HISTORY) -> None:
        """Show a past run's figures as they were when it ended (``r`` plays the
        seed in the form: the run's own when it was chosen in the history, new deals
        when the panel opened on its options' last run)."""
        try:
            setup, snap = reopened(self.game, entry)
        except (RulesError, KeyError, TypeError, ValueError) as error:
            self._say(f"This saved run could not be read ({error}); run it again with r.",
                      error=True)
            return
        self.shown_setup = setup
        self._show(snap)
        self._say(f"{heading} on {entry.when}. " + self._summary(snap))
        if entry is not self._last:
            self._last = None  # another run shown: ``_say_shown_run`` says this run's
        self._focus_after().focus()  # enter does what the summary says: replays a win
