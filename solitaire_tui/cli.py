"""The ``solitaire-tui`` command: its subcommands for headless work.

Every failure the user can cause (a bad option, deck or input file) ends in one
line on stderr that says what is wrong and what to do, with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import secrets
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from rules import add_residue, hit_or_miss, relay
from rules.cards import MAX_DEAL, deal_cards, format_cards, parse_deck, ranks_only
from rules.errors import RulesError
from rules.strategies import add_residue as add_residue_players
from rules.strategies import sequence as sequence_players
from rules.zero_strike import DEFAULT_NODES, DEFAULT_SEED, MOST_MATCHES, SAMPLES, WIDTH
from solitaire_tui import decks, headless, runs
from solitaire_tui.games import GAMES
from solitaire_tui.judge import JudgeInputError, judge
from solitaire_tui.start import Start

PROG = "solitaire-tui"


class Parser(argparse.ArgumentParser):
    """argparse, but an error is one line naming the fix, not usage plus a message."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def deal_number(text: str) -> int:
    try:
        return decks.parse_deal_number(text)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number in low..high, with a message that says so."""

    def convert(text: str) -> int:
        if text.isascii() and text.lstrip("-").isdigit():
            value = int(text)
            if value >= low and (high is None or value <= high):
                return value
        span = f"{low}..{high}" if high is not None else f"{low} or more"
        raise argparse.ArgumentTypeError(f"expected a whole number {span}, not {text!r}")

    return convert


def variant(text: str) -> int | None:
    try:
        return hit_or_miss.parse_variant(text)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def games_count(text: str) -> int:
    try:
        return runs.parse_games(text)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive(text: str) -> float:
    """An argparse type for a number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, not {text!r}")
    return value


SEED = whole(0, MAX_DEAL - 1)


def _game_options(parser: argparse.ArgumentParser, key: str, *, play: bool) -> None:
    """The options that shape a game, the same for ``play`` and ``stats``."""
    if key == "hit-or-miss":
        parser.add_argument("--variant", type=variant, default=None, metavar="V",
                            help="unlimited (default), roll-call (3 strikes), two-strike,"
                            " or strikes=N")
        parser.add_argument("--order", choices=[o.value for o in hit_or_miss.PassOrder],
                            default="same", help="how the misses form the next pass"
                            " (default: same)")
    elif key == "relay":
        parser.add_argument("--players", type=whole(relay.MIN_PLAYERS, relay.MAX_PLAYERS),
                            default=4, metavar="P", help="players in the relay, 1..10"
                            " (default: 4)")
    elif key == "sequence" and play:
        parser.add_argument("--strategy", choices=sequence_players.NAMES, default="greedy",
                            help="the computer player (default: greedy)")
    elif key == "sequence":
        parser.add_argument("--strategy", action="append", choices=sequence_players.NAMES,
                            metavar="S", help="a computer player: "
                            + ", ".join(sequence_players.NAMES) + "; give it again to"
                            " compare players on the same deals (default: greedy)")
    elif key == "add-residue":
        parser.add_argument("--players", type=whole(add_residue.MIN_PLAYERS,
                                                    add_residue.MAX_PLAYERS),
                            default=2, metavar="P", help="players, 2..6 (default: 2)")
        parser.add_argument(*(["-n", "--numbers"] if play else ["--numbers"]), dest="numbers",
                            type=whole(add_residue.MIN_N, add_residue.MAX_N), default=13,
                            metavar="N", help="each pile holds 1..N, N from 1 to 20"
                            " (default: 13)")
        parser.add_argument("--strategy", action="append", choices=add_residue_players.NAMES,
                            metavar="S", help="a seat's player: "
                            + ", ".join(add_residue_players.NAMES) + "; give it once for every"
                            " seat or once for all (default: greedy)")


def _play_options(parser: argparse.ArgumentParser, key: str) -> None:
    if key != "add-residue":
        source = parser.add_mutually_exclusive_group()
        source.add_argument("--deal", type=deal_number, metavar="D",
                            help="play deal number D (default: a random deal, shown in the"
                            " output)")
        source.add_argument("--deck", metavar="CARDS",
                            help="play these 52 cards, top first: 'KC 10H 9C …' (or 10♥,"
                            " lower case)")
    seeded = {
        "hit-or-miss": "the shuffle's seed with --order shuffled (default: the deal number)",
        "sequence": "the random player's seed (default: the deal number)",
        "add-residue": "the random players' seed; seat s uses S+s (default: random, shown"
        " with --json)",
    }
    if key in seeded:
        parser.add_argument("--seed", type=SEED, metavar="S", help=seeded[key])
    parser.add_argument("--headless", action="store_true",
                        help="play without a screen and print the result (--moves and --json"
                        " imply it)")
    parser.add_argument("--moves", action="store_true", help="print every move before the result")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")


def _stats_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-n", "--games", type=games_count, default=1_000_000, metavar="N",
                        help="games to play: 1000000, 1_000_000 or 1e6 (default: 1e6)")
    parser.add_argument("--seed", type=SEED, metavar="S",
                        help="play deals S, S+1, … (default: random, always shown)")
    parser.add_argument("--workers", type=whole(1), metavar="W",
                        help="threads to play on (default: every core)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")


def _solve_sequence_options(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--deal", type=deal_number, metavar="D", help="solve deal number D")
    source.add_argument("--deck", metavar="CARDS",
                        help="solve these cards, top first: 'KC 10H 9C …' or bare ranks")
    parser.add_argument("--seconds", type=positive, default=2.0, metavar="T",
                        help="give up (verdict unknown) after T seconds (default: 2)")
    parser.add_argument("--nodes", type=games_count, default=None, metavar="N",
                        help="give up after N positions, which names one result whatever"
                        " the machine (default: the solver's own budget)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")


def _solve_add_residue_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=whole(add_residue.MIN_PLAYERS, add_residue.MAX_PLAYERS),
                        default=2, metavar="P", help="players, 2 or 3 (default: 2)")
    parser.add_argument("-n", "--numbers", dest="numbers",
                        type=whole(add_residue.MIN_N, add_residue.MAX_N), default=5,
                        metavar="N", help="each pile holds 1..N (default: 5)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")


def _zero_strike_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--nodes", type=games_count, default=DEFAULT_NODES, metavar="N",
                        help="earlier passes to draw: the search's budget, so a seed and a"
                        " budget name one result (default: 1e8, about a minute or two)")
    parser.add_argument("--seed", type=SEED, default=DEFAULT_SEED, metavar="S",
                        help="the search's seed, and the first deal counted"
                        f" (default: {DEFAULT_SEED})")
    parser.add_argument("--games", type=games_count, default=10_000_000, metavar="G",
                        help="random deals to count zero-strike wins among (default: 1e7)")
    parser.add_argument("--seconds", type=positive, default=None, metavar="T",
                        help="stop the search after T seconds, keeping the longest so far")
    parser.add_argument("--width", type=whole(1), default=WIDTH, metavar="W",
                        help=f"stocks kept of each size after a pass (default: {WIDTH})")
    parser.add_argument("--samples", type=whole(1), default=SAMPLES, metavar="K",
                        help="earlier passes drawn from a stock for each number of matches"
                        f" (default: {SAMPLES})")
    parser.add_argument("--most-matches", type=whole(1, 52), default=MOST_MATCHES, metavar="M",
                        help=f"the most matches one pass may have (default: {MOST_MATCHES})")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Five solitaire and number games in the terminal.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    deal = commands.add_parser("deal", help="print a numbered deal's cards",
                               description="Print deal D's 52 cards, top card first.")
    deal.add_argument("number", type=deal_number, metavar="D")
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
        " with its 95%% interval, score histograms and the first winning deals."
        " Ctrl+C stops early and prints what was played.",
    )
    for command, extra in ((play, _play_options), (stats, None)):
        games = command.add_subparsers(dest="game", metavar="GAME", required=True,
                                       parser_class=Parser)
        for info in GAMES:
            computer = " The choices are made by computer players." if info.key in (
                "sequence", "add-residue") else ""
            sub = games.add_parser(info.key, help=info.blurb, description=info.blurb + computer)
            _game_options(sub, info.key, play=extra is not None)
            if extra is not None:
                extra(sub, info.key)
            else:
                _stats_options(sub)

    solve = commands.add_parser(
        "solve", help="solve a position: a Sequence deal with its cards known, or"
        " Add/Residue under perfect play",
        description="Decide a game by search and print its verdict or value with the"
        " line that achieves it.")
    solvers = solve.add_subparsers(dest="game", metavar="GAME", required=True,
                                   parser_class=Parser)
    _solve_sequence_options(solvers.add_parser(
        "sequence", help="whether a deal can be won, and a winning line",
        description="Search a Sequence Solitaire deal with every card known (a peek no"
        " player gets) and print won, lost or unknown (undecided within the budget),"
        " with a winning line."))
    _solve_add_residue_options(solvers.add_parser(
        "add-residue", help="the game's value under perfect play, and the best first moves",
        description="Search the whole Add/Residue game with a transposition table: two"
        " players each maximise their score minus the other's; three players each their"
        " own score (max-n)."))

    search = commands.add_parser(
        "search", help="search for extreme games: the longest zero-strike Hit or Miss game",
        description="Constructive searches the sources asked for.")
    searches = search.add_subparsers(dest="target", metavar="TARGET", required=True,
                                     parser_class=Parser)
    _zero_strike_options(searches.add_parser(
        "zero-strike", help="the longest zero-strike Hit or Miss game, and how rare they are",
        description="Build zero-strike games of Hit or Miss (won without a pass that"
        " matches nothing) backwards from the win, keep the longest, then count them among"
        " random deals. Ctrl+C stops the search and keeps the longest so far."))

    bench = commands.add_parser(
        "bench", help="measure the compiled engine against the plain rules",
        description="For each kernel: games per second on one worker and on all, the"
        " compile time, and the speedup over the plain rules on the same deals.",
    )
    bench.add_argument("--seconds", type=float, default=1.0, metavar="T",
                       help="about how long to time each kernel on each worker count"
                       " (default: 1)")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def _deck(args: argparse.Namespace, *, ranks: bool) -> decks.Deck:
    if args.deck is not None:
        return decks.Deck(parse_deck(args.deck, ranks_only=ranks), None)
    return decks.numbered(args.deal) if args.deal is not None else decks.random_deck()


def _default_seed(args: argparse.Namespace, deck: decks.Deck) -> int:
    if args.seed is not None:
        return int(args.seed)
    return deck.deal if deck.deal is not None else 0


def _hit_or_miss_options(args: argparse.Namespace, seed: int = 0) -> hit_or_miss.Options:
    return hit_or_miss.Options(args.variant, hit_or_miss.PassOrder(args.order), seed=seed)


def _add_residue_setup(args: argparse.Namespace) -> tuple[add_residue.Options, list[str]]:
    options = add_residue.Options(args.players, args.numbers)
    return options, runs.seat_players(args.strategy or ["greedy"], options.players)


def _hit_or_miss(args: argparse.Namespace) -> headless.Report:
    deck = _deck(args, ranks=True)
    options = _hit_or_miss_options(args, _default_seed(args, deck))
    return headless.play_hit_or_miss(options, deck, args.moves)


def _relay(args: argparse.Namespace) -> headless.Report:
    return headless.play_relay(relay.Options(args.players), _deck(args, ranks=True), args.moves)


def _one_handed(args: argparse.Namespace) -> headless.Report:
    return headless.play_one_handed(_deck(args, ranks=False), args.moves)


def _sequence(args: argparse.Namespace) -> headless.Report:
    deck = _deck(args, ranks=True)
    return headless.play_sequence(deck, args.strategy, _default_seed(args, deck), args.moves)


def _add_residue(args: argparse.Namespace) -> headless.Report:
    options, strategies = _add_residue_setup(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(MAX_DEAL)
    return headless.play_add_residue(options, strategies, seed, args.moves)


PLAYERS = {
    "hit-or-miss": _hit_or_miss,
    "relay": _relay,
    "one-handed": _one_handed,
    "sequence": _sequence,
    "add-residue": _add_residue,
}


def _open_app(start: Start | None) -> None:
    from solitaire_tui.app import SolitaireApp  # Textual only when a screen is wanted

    SolitaireApp(start=start).run()


def _screen_start(args: argparse.Namespace) -> Start:
    """The game, deal and options ``play`` opens on screen."""
    game = args.game
    if game == "add-residue":
        return Start(game, None, add_residue.Options(args.players, args.numbers))
    deck = _deck(args, ranks=game != "one-handed")
    options: object = None
    if game == "hit-or-miss":
        options = _hit_or_miss_options(args, _default_seed(args, deck))
    elif game == "relay":
        options = relay.Options(args.players)
    return Start(game, deck, options)


def _play(args: argparse.Namespace) -> None:
    if not (args.headless or args.moves or args.json):
        _open_app(_screen_start(args))
        return
    report = PLAYERS[args.game](args)
    if args.json:
        if args.moves:
            report.data["moves"] = report.moves
        print(json.dumps(report.data, ensure_ascii=False))
    else:
        print("\n".join(headless.report_lines(report)))


def _stats_options_of(args: argparse.Namespace) -> dict[str, object]:
    """The run's options as ``runs.setup`` takes them, from the command line's."""
    game = args.game
    if game == "hit-or-miss":
        return {"variant": hit_or_miss.Options(args.variant).variant, "order": args.order}
    if game == "relay":
        return {"players": args.players}
    if game == "sequence":
        return {"strategies": args.strategy or ["greedy"]}
    if game == "add-residue":
        return {"players": args.players, "n": args.numbers,
                "strategies": args.strategy or ["greedy"]}
    return {}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "deal":
            cards = deal_cards(args.number)
            print(format_cards(ranks_only(cards) if args.ranks else cards, glyphs=args.glyphs))
        elif args.command == "judge":
            sys.stdout.write(judge(sys.stdin.read()))
        elif args.command == "play":
            _play(args)
        elif args.command == "stats":
            seed = args.seed if args.seed is not None else runs.random_seed()
            from solitaire_tui import autoplay

            setup = runs.setup(args.game, _stats_options_of(args))
            return autoplay.stats(setup, args.games, seed, args.workers, args.json)
        elif args.command == "solve":
            from solitaire_tui import solve

            if args.game == "sequence":
                return solve.sequence_(_deck(args, ranks=True), args.nodes, args.seconds,
                                       args.json)
            return solve.add_residue_(add_residue.Options(args.players, args.numbers), args.json)
        elif args.command == "search":
            from rules.zero_strike import Beam
            from solitaire_tui import search

            return search.zero_strike_search(
                args.nodes, args.seed, args.games, args.seconds, args.json,
                Beam(args.width, args.samples, args.most_matches))
        elif args.command == "bench":
            from solitaire_tui import autoplay

            return autoplay.bench(args.seconds, args.json)
        else:
            _open_app(None)
        return 0
    except (RulesError, JudgeInputError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
