"""Hit or Miss as the app knows it: options, headless play, runs, replays, the
zero-strike search command."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules import hit_or_miss, values, zero_strike
from rules.errors import OptionsError, RulesError
from rules.hit_or_miss import Options, PassOrder
from rules.zero_strike import DEFAULT_NODES, DEFAULT_SEED, MOST_MATCHES, SAMPLES, WIDTH
from solitaire_tui.commands import arguments
from solitaire_tui.commands.report import Report, play_out, report
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.games.game import Command, Game
from solitaire_tui.games.hit_or_miss.engine import RUNS, SEARCH
from solitaire_tui.games.hit_or_miss.words import verdict
from solitaire_tui.play.options import OptionsCodec
from solitaire_tui.play.words import outcome
from solitaire_tui.replay import Replay
from solitaire_tui.stats.compare import Comparison
from solitaire_tui.stats.findings import Finding
from solitaire_tui.stats.runs import Setup

if TYPE_CHECKING:
    from rules.fast.batch import Kernel
    from solitaire_tui.games.hit_or_miss.play import HitOrMissTable
    from solitaire_tui.ui.game_screen import GameScreen
    from solitaire_tui.ui.run_options import RunOptions


def heading(options: Options) -> str:
    """The game and its options as headings name them, for one game and for many."""
    return f"{HitOrMiss.title} ({options.variant}, {options.order.value} order)"


def kernel(options: Options) -> Kernel:
    from solitaire_tui.games.hit_or_miss.kernel import kernel as make

    return make(options)


def zero_strike_options(parser: argparse.ArgumentParser) -> None:
    """``search zero-strike``'s options: its budget, seed and beam."""
    number = arguments.checked
    parser.add_argument("--nodes", type=number(zero_strike.BUDGET), default=DEFAULT_NODES,
                        metavar="N",
                        help="earlier passes to draw: the search's budget, so a seed and a"
                        " budget name one result (default: 1e8, about a minute or two)")
    parser.add_argument("--seed", type=number(values.SEED), default=DEFAULT_SEED, metavar="S",
                        help="the search's seed, and the first deal counted"
                        f" (default: {DEFAULT_SEED})")
    parser.add_argument("--games", type=number(values.GAMES), default=10_000_000, metavar="G",
                        help="random deals to count zero-strike wins among (default: 1e7)")
    parser.add_argument("--seconds", type=number(values.WAIT), default=None, metavar="T",
                        help="stop the search after T seconds, keeping the longest so far")
    parser.add_argument("--width", type=number(zero_strike.BEAM_WIDTH), default=WIDTH,
                        metavar="W",
                        help=f"stocks kept of each size after a pass (default: {WIDTH})")
    parser.add_argument("--samples", type=number(zero_strike.BEAM_SAMPLES), default=SAMPLES,
                        metavar="K",
                        help="earlier passes drawn from a stock for each number of matches"
                        f" (default: {SAMPLES})")
    parser.add_argument("--most-matches", type=number(zero_strike.BEAM_MATCHES),
                        default=MOST_MATCHES, metavar="M",
                        help=f"the most matches one pass may have (default: {MOST_MATCHES})")
    arguments.add_json(parser)


def zero_strike_search(args: argparse.Namespace) -> int:
    """``search zero-strike``: the search and its printing load when it runs."""
    from solitaire_tui.games.hit_or_miss import zero_strike_command

    return zero_strike_command.run(args)


def rules_of(options: Mapping[str, Any]) -> Options:
    """The variant and pass order as a run's options give them, checked."""
    try:
        order = PassOrder(options.get("order", "same"))
    except ValueError:
        orders = ", ".join(o.value for o in PassOrder)
        raise OptionsError(f"the pass order is one of {orders},"
                           f" not {options.get('order')!r}") from None
    return Options(hit_or_miss.parse_variant(str(options.get("variant", "unlimited"))), order)


# The panel's comparisons: an option's heading and versions.
COMPARED = {"order": ("orders: ", tuple(order.value for order in PassOrder)),
            "variant": ("", ("unlimited", "roll-call", "two-strike"))}


def _playable(options: Mapping[str, Any]) -> bool:
    try:
        rules_of(options)
    except RulesError:
        return False
    return True


class HitOrMissOptions(OptionsCodec[Options]):
    """The variant and order, with the shuffle's seed: ``play --seed`` may have set it
    apart from the deal's. Chosen again for another deal, the deal's own seed
    shuffles it (``now``'s)."""

    def panel(self, options: Options) -> dict[str, Any]:
        return {"variant": options.variant, "order": options.order.value}

    def encode(self, options: Options) -> Any:
        return self.panel(options) | {"seed": options.seed}

    def decode(self, data: Any, now: Options | None) -> Options:
        seed = data["seed"] if now is None else now.seed
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed that is not a number: {seed!r}")
        return replace(rules_of(data), seed=values.SEED.check(seed))


class HitOrMiss(Game):
    key = "hit-or-miss"
    title = "Hit or Miss"
    ENGINE = (SEARCH, RUNS)
    blurb = "Count 1 to 13 as you turn cards; a match is discarded."
    OPTIONS = HitOrMissOptions()
    SEED_HELP = "the shuffle's seed with --order shuffled (default: the deal number)"

    def screen(self) -> type[GameScreen[Any, Any]]:
        from solitaire_tui.games.hit_or_miss.screen import HitOrMissScreen

        return HitOrMissScreen

    def table(self) -> type[HitOrMissTable]:
        from solitaire_tui.games.hit_or_miss.play import HitOrMissTable

        return HitOrMissTable

    def add_options(self, parser: argparse.ArgumentParser, *, batch: bool) -> None:
        parser.add_argument("--variant", type=arguments.checked(hit_or_miss.parse_variant),
                            default=None, metavar="V",
                            help="unlimited (default), roll-call (3 strikes), two-strike,"
                            " or strikes=N")
        parser.add_argument("--order", choices=[o.value for o in PassOrder],
                            default="same", help="how the misses form the next pass"
                            " (default: same)")

    def _options(self, args: argparse.Namespace, deck: Deck) -> Options:
        return Options(args.variant, PassOrder(args.order), seed=arguments.seed_of(args, deck))

    def screen_options(self, args: argparse.Namespace, deck: Deck | None) -> Any:
        assert deck is not None
        return self._options(args, deck)

    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        assert deck is not None
        options = self._options(args, deck)

        def describe(before: hit_or_miss.State, call: hit_or_miss.Call, _: object) -> str:
            assert before.top is not None
            card = before.top.glyph
            return f"pass {before.passes + 1:>3}  count {before.count:>2}  {card:>3}  {call.value}"

        state = hit_or_miss.new_game(options, deck.cards)
        end, lines = play_out(hit_or_miss, state, None, describe, log)
        seed = options.seed if options.order is PassOrder.SHUFFLED else None
        return report(self.key, f"{heading(options)}, {deck.label}", outcome(*verdict(end)),
                      options, deck, hit_or_miss.result(end), seed, lines)

    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"variant": Options(args.variant).variant, "order": args.order}

    def commands(self) -> Sequence[Command]:
        return (Command(
            "search", "zero-strike", "the longest zero-strike Hit or Miss game, and how rare"
            " they are", "Build zero-strike games of Hit or Miss (won without a pass that"
            " matches nothing) backwards from the win, keep the longest, then count them"
            " among random deals. Ctrl+C stops the search and keeps the longest so far.",
            zero_strike_options, zero_strike_search),)

    def setup(self, options: Mapping[str, Any]) -> Setup:
        rules = rules_of(options)
        return Setup(self.key, {"variant": rules.variant, "order": rules.order.value},
                     heading(rules),
                     lambda: kernel(rules), rules, engine=(self.ENGINE[-1].name,),
                     cost=1.2e-6)  # one core's rough seconds a game

    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        from solitaire_tui.games.hit_or_miss.run_options import HitOrMissRunOptions

        return HitOrMissRunOptions(options)

    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        deck = numbered(deal)
        # The kernels shuffle deal d's misses with the deal's own seed, as a game does.
        return Replay(self.key, deck, replace(setup.rules, seed=deck.seed), None,
                      f"deal {deal}")

    def comparisons(self, options: Mapping[str, Any]) -> Sequence[Comparison]:
        """Each option's versions that the other option can be played with: no
        ``shuffled`` unlimited (``Options``). While the other is mistyped, all of them:
        its own field says what is wrong."""
        found = []
        for option, (heading, versions) in COMPARED.items():
            playable = tuple(version for version in versions
                             if _playable({**options, option: version}))
            shown = playable or versions
            found.append(Comparison(heading + ", ".join(shown), option, shown))
        return tuple(found)

    def findings(self) -> Sequence[Finding]:
        from solitaire_tui.games.hit_or_miss.findings import findings

        return findings(self)


GAME = HitOrMiss()
