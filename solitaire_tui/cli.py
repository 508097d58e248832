"""The ``solitaire-tui`` command: the menu, and the subcommands for headless work.

Every game's options, headless play, runs, solvers and searches come from its home
through the registry, so this module names no game. Every failure the user can
cause (a bad option, deck or input file) ends in one line on stderr that says what
is wrong and what to do, with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from rules import values
from rules.cards import check_deals, deal_cards, format_cards, ranks_only
from rules.errors import OptionsError, RulesError
from rules.words import listed
from solitaire_tui import __version__
from solitaire_tui.commands import arguments, errors
from solitaire_tui.commands.arguments import PROG, Parser
from solitaire_tui.commands.report import report_lines
from solitaire_tui.engine import drop_stale_kernels, is_warm, use_cache_dir
from solitaire_tui.games.game import Command, Game
from solitaire_tui.games.registry import (
    ENGINE,
    GAMES,
    GAMES_BY_KEY,
    OWN_PROBLEMS,
    take_owners_games,
)
from solitaire_tui.judge import JudgeInputError, answered, lines_of
from solitaire_tui.processes import ended_as_an_exit
from solitaire_tui.start import Start
from solitaire_tui.stats import cluster, compare

if TYPE_CHECKING:
    from solitaire_tui.stats.runs import Setup

CLOSED_PIPE = 141  # the shell's status for a command whose reader went away (128 + SIGPIPE)
# More threads than any machine has cores; a run checks the ones there are.
WORKERS = values.Whole("workers", 1, 4096)
# An hour a kernel is past any timing worth waiting for; below a hundredth of a
# second a kernel's timing is mostly the clock.
BENCH_SECONDS = values.Seconds("seconds", 0.01, 3600)
WARM_JOBS = values.Whole("jobs", 1, 64)  # more processes than parts gain nothing
PORT = values.Whole("port", 1, 65535)
VISITORS = values.Whole("visitors", 1, 1000)
IDLE_MINUTES = values.Seconds("idle minutes", 0.1, 7 * 24 * 60)  # a number of minutes
VISIT_HOURS = values.Seconds("visit hours", 0.01, 30 * 24)  # a number of hours
VISITOR_SEATS = values.Whole("a visitor's seats", 1, 1000)
# Megabytes: below 200 an app that has run statistics once is ended (it holds about 200).
VISITOR_MEMORY = values.Whole("a visitor's memory", 200, 1_000_000)
VISITOR_GAMES = values.Whole("a visitor's games", 1, values.MOST_GAMES, counts=True)
BENCH_CASE = values.Whole("the bench case", 0, 999)  # bench itself names the cases there are
# What ``bench --engine`` measures, in its order (``bench.engine.SECTIONS``).
ENGINE_SECTIONS = ("compile", "calls", "load", "keys", "searches", "start", "estimates",
                   "first-hint", "first-keys", "judge", "workers", "players", "calibration")

# The groups the games' own commands go in: (help, description). Each group's help
# ends with the games' commands in it, so a game adds a command without a word here.
GROUPS = {
    "solve": ("solve a position by search",
              "Decide a game by search and print its verdict or value with the line that"
              " achieves it."),
    "search": ("search for extreme games",
               "Search for the games at the edges of what a game can do: the longest,"
               " the rarest, and how often they come."),
}


def numbers() -> dict[str, int | None]:
    """Each game's number as the menu shows it (``screens.menu``: the registry's order
    from 1), by which the commands that take a game take it too; asked when the parser
    is built, one's own games being in the registry by then."""
    return {game.key: number for number, game in enumerate(GAMES, 1)}


def game_commands() -> dict[str, dict[str, Command]]:
    """Every game's own commands, by group and name."""
    groups: dict[str, dict[str, Command]] = {group: {} for group in GROUPS}
    for game in GAMES:
        for command in game.commands():
            groups[command.group][command.name] = command
    return groups


def _games_of(names: Sequence[str]) -> dict[str, int | None] | None:
    """The menu's numbers of ``names`` when each is a game's key (the command takes a
    game, as ``solve sequence`` does), else None (``search``'s targets are not games)."""
    menu = numbers()
    return ({name: menu[name] for name in names}
            if names and all(name in menu for name in names) else None)


def _game_subcommands(command: argparse.ArgumentParser, numbers: dict[str, int | None],
                      dest: str) -> arguments.Chosen:
    """``command``'s GAME: taken by name, by the menu's number or by the start of a
    name (``arguments.Chosen``), and its help says so, with the numbers."""
    shown = ", ".join(f"{number} {name}" for name, number in numbers.items())
    command.description = (f"{command.description} GAME is a game's number as the menu"
                           " shows it, its name, or the start of its name (upper or lower"
                           f" case alike): {shown}.")
    return arguments.add_games(
        command, numbers, dest=dest, help="the game: its number in the menu, its name or the"
        f" start of its name (e.g. {arguments.example(numbers)})")


def _deal_number(text: str) -> int:
    """``deal``'s number, as ``values.DEAL`` reads it; but a game named where it stands
    (``deal sequence --deal 42``, as ``play`` is given a game) is told why ``deal``
    takes none, rather than that a game is no number."""
    try:
        return values.DEAL(text)
    except RulesError as error:
        try:
            game = arguments.chosen(text, dict.fromkeys(numbers()))
        except argparse.ArgumentError:
            raise argparse.ArgumentTypeError(str(error)) from None
        raise argparse.ArgumentTypeError(
            f"deal takes no game, such as {game}: a deal number means the same 52 cards in"
            f" every game dealt from cards, so give the number alone, as `{PROG} deal 42` or"
            f" `{PROG} deal --deal 42`") from None


def _play_description(game: Game, parser: argparse.ArgumentParser) -> str:
    """What ``play GAME`` does, as ``_play`` does it: the game's screen, where the
    person plays; or, with --headless (or an option that implies it), the game played
    out without one, its choices (if it has any) made by a computer player or one's
    own, and the result printed. Said from the options the game's parser has, so
    each game's help names only what it takes."""
    given = {option for action in parser._actions for option in action.option_strings}
    implying = [option for option in ("--moves", "--json", "--review") if option in given]
    implied = "" if not implying else f" (which {listed(implying)} imply)" if len(
        implying) > 1 else f" (which {implying[0]} implies)"
    if not game.CHOICES:
        return (f"{game.blurb} Opens the game's screen, where you play it yourself; with"
                f" --headless{implied} it is played to its end without a screen and the"
                " result printed.")
    chooser = " (--strategy" + (", or a player of your own with --player)" if "--player"
                                in given else ")") if "--strategy" in given else ""
    return (f"{game.blurb} Opens the game's screen, where you make your own choices;"
            f" with --headless{implied} the computer{chooser} makes them all, to the"
            " game's end without a screen, and the result is printed.")


def _play_options(parser: argparse.ArgumentParser, game: Game) -> None:
    if game.USES_DECK:
        arguments.add_deck(parser)
    if game.SEED_HELP is not None:
        parser.add_argument("--seed", type=arguments.checked(values.SEED), metavar="S",
                            help=game.SEED_HELP)
    parser.add_argument("--headless", action="store_true",
                        help="play without a screen and print the result (--moves and --json"
                        " imply it)")
    parser.add_argument("--moves", action="store_true", help="print every move before the result")
    arguments.add_json(parser)
    _theme_option(parser, argparse.SUPPRESS)


def _theme_option(parser: argparse.ArgumentParser, default: Any = None) -> None:
    """``--theme``, before the command or after ``play GAME`` (where its default must
    not hide the one given before)."""
    parser.add_argument("--theme", metavar="NAME", default=default,
                        help="the app's colours: a Textual theme or one of ours, e.g."
                        " card-table (default: the one last chosen, with ctrl+p)")


def _stats_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-n", "--games", type=arguments.checked(values.GAMES),
                        metavar="N", help="games to play: 1000000, 1_000_000 or 1e6 (default:"
                        " as many as take about 20 s, at most 1e6: the players differ a"
                        " millionfold in speed)")
    parser.add_argument("--seed", type=arguments.checked(values.SEED), metavar="S",
                        help="play deals S, S+1, … (default: random, always shown)")
    parser.add_argument("--workers", type=arguments.checked(WORKERS), metavar="W",
                        help="threads to play on (default: every core)")
    parser.add_argument("--compare", type=arguments.checked(compare.parse),
                        metavar="OPTION=V1,V2,…",
                        help="play the same deals in several versions, side by side, each"
                        " against the first with the paired difference: e.g."
                        " order=same,reversed,shuffled, players=2,4,10 or"
                        " strategies=greedy+random,strong+random (one value a seat)")
    parser.add_argument("--scheduler", type=arguments.checked(cluster.scheduler),
                        metavar="ADDRESS",
                        help="play on a Dask cluster: a scheduler's address (tcp://HOST:8786),"
                        " or local[:N] for a cluster of N processes on this machine (needs"
                        f" {cluster.INSTALL}); the figures are the same as here")
    arguments.add_json(parser)


def _serve_options(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1, this machine"
                       " only; 0.0.0.0 for every network it is on)")
    serve.add_argument("--port", type=arguments.checked(PORT), default=8000, metavar="P",
                       help="the port to listen on (default: 8000)")
    serve.add_argument("--token", metavar="TOKEN",
                       help="the secret visitors need (default: the SOLITAIRE_TUI_TOKEN"
                       " environment variable, else a new random one each start)")
    serve.add_argument("--no-token", action="store_true",
                       help="serve without a token (only on a loopback address)")
    serve.add_argument("--public-url", metavar="URL",
                       help="the address visitors use, when a proxy is in front (e.g."
                       " https://cards.example): it is printed, and its host is answered to")
    serve.add_argument("--max-visitors", type=arguments.checked(VISITORS), default=8,
                       metavar="N", help="apps at once, one a visitor (default: 8)")
    serve.add_argument("--visitor-seats", type=arguments.checked(VISITOR_SEATS), default=2,
                       metavar="N", help="apps at once for one visitor, and for one address"
                       " (default: 2)")
    serve.add_argument("--idle-minutes", type=arguments.checked(IDLE_MINUTES), default=30,
                       metavar="M", help="close a visitor's app after M minutes without a"
                       " key or a click (default: 30)")
    serve.add_argument("--visit-hours", type=arguments.checked(VISIT_HOURS), default=8,
                       metavar="H", help="close a visitor's app after H hours, however busy"
                       " (default: 8)")
    serve.add_argument("--visitor-memory", type=arguments.checked(VISITOR_MEMORY),
                       default=1000, metavar="MB", help="end a visitor's app that holds more"
                       " than MB megabytes (default: 1000)")
    serve.add_argument("--visitor-workers", type=arguments.checked(WORKERS), default=1,
                       metavar="W", help="the threads a visitor's run plays on (default: 1)")
    serve.add_argument("--visitor-games", type=arguments.checked(VISITOR_GAMES),
                       default=1_000_000, metavar="N",
                       help="the games a visitor's run plays at most (default: 1e6)")


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Solitaire and number games in the terminal.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    _theme_option(parser)
    # The app as ``serve`` starts it for a web visitor: its runs capped to WORKERS
    # threads and GAMES games, no cluster, and ended with the server.
    parser.add_argument("--guest", nargs=2, type=arguments.checked(VISITOR_GAMES),
                        metavar=("WORKERS", "GAMES"), help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    deal = commands.add_parser("deal", help="print a numbered deal's cards",
                               description="Print deal D's 52 cards, top card first.")
    # The number bare, or as --deal as every other command takes a deal: checked alike,
    # and the two must agree (``arguments.deal_number``).
    deal.add_argument("number", type=_deal_number, metavar="D", nargs="?",
                      help="the deal number (or give it as --deal D)")
    deal.add_argument("--deal", dest="deal_option", type=arguments.checked(values.DEAL),
                      metavar="D", help="the deal number D, as the other commands take it")
    deal.add_argument("--ranks", action="store_true", help="print bare ranks 1..13, no suits")
    deal.add_argument("--glyphs", action="store_true", help="print suits as ♣ ♦ ♥ ♠")

    commands.add_parser(
        "judge", help="answer contest problem POJ 2035 (Hit or Miss) from stdin",
        description="Read POJ 2035 input on stdin (a line with T, then T lines of"
        " 'players c1 … c52') and write 'Case k: …' lines.",
    )

    play = commands.add_parser(
        "play", help="open a game on a deal, or play it headless and print the result",
        description="Open a game's screen on a deal (or the Add/Residue set-up), or with"
        " --headless play it to its end without a screen and print the result.")
    stats = commands.add_parser(
        "stats", help="autoplay many numbered deals and print the odds",
        description="Play deals S..S+N-1 with the compiled engine and print the win rate"
        " with its 95% interval, score histograms and the first winning deals."
        " Ctrl+C stops early and prints what was played.",
    )
    for command, batch in ((play, False), (stats, True)):
        games = _game_subcommands(command, numbers(), "game")
        for game in GAMES:
            computer = " The choices are made by computer players." if game.CHOICES else ""
            sub = games.add_parser(game.key, help=game.blurb, description=game.blurb + computer)
            game.add_options(sub, batch=batch)
            if batch:
                _stats_options(sub)
            else:
                _play_options(sub, game)
                sub.description = _play_description(game, sub)

    for group, named in game_commands().items():
        help_, description = GROUPS[group]
        parent = commands.add_parser(group, help=f"{help_}: {', '.join(named)}",
                                     description=description)
        targets = _games_of(list(named))
        subs = (_game_subcommands(parent, targets, "target") if targets is not None
                else parent.add_subparsers(dest="target", metavar="TARGET", required=True,
                                           parser_class=Parser))
        for name, own in named.items():
            own.arguments(subs.add_parser(name, help=own.help, description=own.description))

    warm = commands.add_parser(
        "warm", help="compile the engine now rather than on first use",
        description="Compile every part of the compiled engine, once: numba keeps it in"
        " its cache (how long depends on the machine; `bench --engine compile` times"
        " it). The app does this in the background when it starts on a fresh install;"
        " this does it from the shell.")
    warm.add_argument("--jobs", type=arguments.checked(WARM_JOBS), default=None, metavar="J",
                      help="processes to compile on (default: 2, or 1 on one core)")
    # The app's own warm-up: lowest priority, its report as JSON lines.
    warm.add_argument("--background", action="store_true", help=argparse.SUPPRESS)

    commands.add_parser(
        "findings", help="answer the open questions of the games' sources by runs",
        description="Answer the questions the games' sources leave open (does reversing"
        " Hit or Miss's pass order help? how long can a zero-strike game be? …) with runs"
        " on fixed deals, each printed with the commands that give the same figures"
        " (a minute or so). The menu's f shows the same page.")

    _serve_options(commands.add_parser(
        "serve", help="serve the app to web browsers",
        description="Serve the app over HTTP with textual-serve. Open the address it prints"
        " (with its secret token); every visitor plays in an app of their own, as a guest:"
        " their own games and records, no cluster, runs capped."))

    bench = commands.add_parser(
        "bench", help="measure the compiled engine against the plain rules",
        description="For each kernel: games per second on one worker and on all, the"
        " compile time, and the speedup over the plain rules on the same deals. With"
        " --engine, the engine as a player meets it instead, beside the aims it has.",
    )
    bench.add_argument("--seconds", type=arguments.checked(BENCH_SECONDS), default=1.0,
                       metavar="T",
                       help="about how long to time each kernel on each worker count"
                       " (default: 1)")
    bench.add_argument(
        "--engine", nargs="*", choices=ENGINE_SECTIONS, metavar="WHAT",
        help="time the engine as a player meets it, WHAT of it (default: all, the longest"
        " of the commands): compile (a fresh install's warm-up, part by part), calls (the"
        " first hint, solve and computer move after it, each in a fresh process), load"
        " (the solver's verdicts with every core busy), keys (key-to-screen latency,"
        " idle and during a two-worker run), searches (a solve and a thinking player's"
        " game, deal after deal: seconds a deal), start (--help and the app to its menu,"
        " in fresh processes), estimates (each game's first guess of a run's time against"
        " the time the run takes), first-hint (a fresh install: 5 s, 20 s and 60 s at the"
        " menu, then a Sequence deal and h), first-keys (a fresh install: Sequence's keys"
        " while the engine compiles, every core kept busy by another program, then the"
        " engine warm), judge"
        " (the contest judge's cases a second,"
        " from a file and from a pipe), workers (each run's games a second on one worker"
        " and on two), players (the example players of one's own on one worker and two,"
        " and a whole game's review)")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    # The cold compile of one case, timed in a fresh process by bench itself.
    bench.add_argument("--first-call", type=arguments.checked(BENCH_CASE), metavar="CASE",
                       help=argparse.SUPPRESS)
    return parser


def _at_a_terminal() -> bool:
    """Whether the app can run here: Textual reads keys from standard input and draws
    on standard error, unless another driver is named (a web browser's, as
    textual-serve names it). Without one (a script, cron, stdin from /dev/null) the
    app would draw escape codes nowhere and wait for keys forever."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    return all(stream is not None and stream.isatty()
               for stream in (sys.__stdin__, sys.__stderr__))


def _open_app(start: Start | None, theme: str | None, guest: list[int] | None = None) -> int:
    """Run the app; its exit status (1 if it stopped on an error, which Textual prints
    as it leaves the screen). A guest's (``serve``'s) ends with its server."""
    from solitaire_tui.ui.themes import checked_theme

    chosen = None if theme is None else checked_theme(theme)  # what was typed comes first
    if guest is None and not _at_a_terminal():
        print(f"{PROG}: the app needs a terminal, and this command's input or screen is"
              f" not one; `{PROG} play GAME --headless` plays a game without one.",
              file=sys.stderr)
        return 2
    from solitaire_tui.app import SolitaireApp  # Textual only when a screen is wanted
    from solitaire_tui.stats import limits

    if guest is not None:
        from solitaire_tui import lifeline

        lifeline.tie_to_parent()
        if not sys.stderr.isatty():  # served: the terminal's screen is drawn on stderr
            errors.keep_stderr()  # what a visitor's app prints is not the server's log
    app = SolitaireApp(start=start, warm_up=True,
                       theme=chosen,
                       limits=limits.OWNER if guest is None else limits.guest(*guest),
                       signals=guest is None,  # a guest's web driver has its own
                       log_errors=True)
    app.run()
    if app.ended_by is not None:  # once the terminal is back, for it to wrap
        print(app.ended_by, file=sys.stderr)
    return app.return_code or 0


def _play(args: argparse.Namespace) -> int:
    game = GAMES_BY_KEY[args.game]
    deck = arguments.deck_of(args, ranks=game.RANKS_ONLY) if game.USES_DECK else None
    if not (args.headless or args.moves or args.json or getattr(args, "review", False)):
        if getattr(args, "player", None) is not None:
            raise OptionsError("your own player plays without the screen for now: add"
                               " --headless (or --moves to see its moves)")
        return _open_app(Start(game.key, deck, game.screen_options(args, deck)),
                         args.theme) or 0
    report = game.play(args, deck, args.moves)
    if args.json:
        if args.moves:
            report.data["moves"] = report.moves
        print(json.dumps(report.data, ensure_ascii=False))
    else:
        print("\n".join(report_lines(report)))
    return 0


def _timed(setup: Setup, seed: int, workers: int,
           measured: list[dict[str, Any]]) -> dict[str, float]:
    """The run's speed timed on its first deals (``stats.calibrate``), unless a run of
    the same options here measured it; a kernel not yet compiled is said first."""
    from solitaire_tui.commands.stats import getting_ready
    from solitaire_tui.stats.calibrate import calibrate, key
    from solitaire_tui.stats.estimate import MEASURED, seconds_a_game

    if seconds_a_game(setup, measured)[1] == MEASURED:
        return {}
    if sys.stderr.isatty() and getting_ready() != "loading":
        print(f"Compiling the engine for {setup.heading} (once; then cached) …", file=sys.stderr)
    seconds = calibrate(setup, seed, workers)
    return {} if seconds is None else {key(setup): seconds}


def _stats(args: argparse.Namespace) -> int:
    """A run, kept in the player's history of runs as the panel's are (``H`` there)."""
    from solitaire_tui.commands.stats import stats
    from solitaire_tui.stats.estimate import default_games, estimate
    from solitaire_tui.stats.runs import random_seed
    from solitaire_tui.store.database import Database, data_dir
    from solitaire_tui.store.direct import Direct
    from solitaire_tui.store.history import Entry, History

    game = GAMES_BY_KEY[args.game]
    options = game.run_options(args)
    # A game's own options may ask for a comparison (players of one's own, compared).
    spec = args.compare if args.compare is not None else options.get(compare.COMPARE)
    setup = compare.run_setup(game, compare.with_spec(options, spec))
    seed = args.seed if args.seed is not None else random_seed()
    database = Database(data_dir())
    saver = Direct(database, lambda text: print(f"{PROG}: {text}", file=sys.stderr))
    try:
        history = History(database, saver)
        measured = [entry.data for entry in history.entries]
        workers = args.workers or os.cpu_count() or 1
        games = args.games
        if games is not None:
            check_deals(seed, games)  # before the kernel loads: said at once
        timed = _timed(setup, seed, workers, measured) if args.scheduler is None and (
            games is None or sys.stderr.isatty()) else {}
        if games is None:
            games = default_games(setup, workers, measured, timed)
            check_deals(seed, games)
        if sys.stderr.isatty():
            print(f"{games:,} games: "
                  f"{estimate(setup, games, workers, measured, timed).words(workers)}",
                  file=sys.stderr)

        def keep(data: dict[str, Any]) -> None:
            history.add(Entry(data, time.strftime("%Y-%m-%d %H:%M:%S")))

        if args.scheduler is not None and args.workers is not None:
            raise OptionsError("--workers is for this machine; a cluster's workers are its own")
        return stats(setup, games, seed, args.workers, args.json, keep, args.scheduler,
                     "deals" if game.USES_DECK else "games")
    finally:
        saver.close()
        database.close()


def _bench(args: argparse.Namespace) -> int:
    from solitaire_tui.bench.command import bench

    sections = None if args.engine is None else (args.engine or ENGINE_SECTIONS)
    return bench(sections, args.first_call, args.seconds, args.json)


def _at_hand(stream: TextIO) -> Callable[[], bool]:
    """Whether more input is waiting to be read (a file's always is; a pipe's or a
    terminal's when bytes wait): the judge answers what it has before it would wait."""
    import select
    import stat

    try:
        if stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            return lambda: True
    except (OSError, ValueError):  # a stream with no file behind it
        return lambda: True

    def waiting() -> bool:
        try:
            return bool(select.select([stream], [], [], 0)[0])
        except (OSError, ValueError):  # a stream select cannot watch
            return True

    return waiting


def main(argv: Sequence[str] | None = None) -> int:
    """The command's exit status: 0 done, 2 bad input (one line on stderr), 1 an
    unexpected error (one line naming the log that holds its traceback), 130 Ctrl+C,
    141 a reader that closed the pipe (quietly, as ``head`` expects)."""
    from solitaire_tui.store.database import data_dir

    argv = list(sys.argv[1:] if argv is None else argv)
    if "--guest" not in argv:  # one's own games are for the person at the shell
        take_owners_games(data_dir())
    if argv:  # a command (the app alone: its menu says them), before any refusal
        for problem in OWN_PROBLEMS:
            print(f"{PROG}: {problem}", file=sys.stderr)
    parser = build_parser()
    args = parser.parse_args(argv)
    use_cache_dir()  # before numba is imported, by any command
    drop_stale_kernels()  # numba would keep a changed callee's old code in its callers
    try:
        with ended_as_an_exit():
            return _run(args)
    except (RulesError, JudgeInputError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Whatever is still buffered would fail again at exit: send it nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return CLOSED_PIPE
    except Exception:
        print(f"{PROG}: something went wrong that should not have: {errors.logged()}",
              file=sys.stderr)
        return 1


def _engine_note(args: argparse.Namespace) -> None:
    """Tell a person at a terminal, before a command that runs the compiled engine on a
    cold cache, why its first answer may take a while and how to avoid that."""
    if (args.command in ("stats", "findings", *GROUPS) and sys.stderr.isatty()
            and not is_warm(ENGINE)):
        print(f"{PROG}: the compiled engine is not all in numba's cache yet, so this may"
              f" first compile what it needs (up to a minute); `{PROG} warm` compiles"
              " everything ahead.", file=sys.stderr)


def _run(args: argparse.Namespace) -> int:
    _engine_note(args)
    if args.command == "deal":
        cards = deal_cards(arguments.deal_number(args.number, args.deal_option))
        print(format_cards(ranks_only(cards) if args.ranks else cards, glyphs=args.glyphs))
    elif args.command == "judge":
        for answers in answered(lines_of(sys.stdin), _at_hand(sys.stdin)):
            sys.stdout.write("\n".join(answers) + "\n")
            sys.stdout.flush()
    elif args.command == "play":
        return _play(args)
    elif args.command == "stats":
        return _stats(args)
    elif args.command in GROUPS:
        return game_commands()[args.command][args.target].run(args)
    elif args.command == "bench":
        return _bench(args)
    elif args.command == "warm":
        from solitaire_tui.commands.warm import warm
        from solitaire_tui.engine import default_jobs

        return warm(ENGINE, args.jobs or default_jobs(), args.background)
    elif args.command == "findings":
        from solitaire_tui.commands.findings import findings
        from solitaire_tui.games.registry import findings as every

        return findings(every())
    elif args.command == "serve":
        from solitaire_tui.web.serve import Serving, serve

        return serve(Serving(args.host, args.port, args.token, args.no_token, args.public_url,
                             args.max_visitors, args.idle_minutes, args.visitor_workers,
                             args.visitor_games, args.visitor_seats, args.visit_hours,
                             args.visitor_memory))
    else:
        return _open_app(None, args.theme, args.guest) or 0
    return 0
